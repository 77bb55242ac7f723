import { PageHeading } from '../../../components/PageHeading.tsx';

export default function DigitalTwinPage() {
  return (
    <PageHeading title="Digital Twin">
      Browse your digital twins, their topics and the accounts they point to.
    </PageHeading>
  );
}
