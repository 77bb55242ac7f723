import { PageHeading } from '../../../components/PageHeading.tsx';
import { useSavedSetups } from '../../../lib/saved-setups.ts';

export function SetupsPage() {
  const count = useSavedSetups((s) => s.setups.length);
  return (
    <PageHeading title={count > 1 ? 'Your setups' : 'Your setup'}>
      Manage your subscription's users, the Home Assistant controller and backups.
    </PageHeading>
  );
}
