import { PageHeading } from '../../../components/PageHeading.tsx';

export function NewSetupPage() {
  return (
    <PageHeading title="New Subscription setup">
      Add a subscription to this app by its owner's address, or restore a backup file.
    </PageHeading>
  );
}
