import { PageHeading } from '../../../components/PageHeading.tsx';

export function SaveSetupPage() {
  return (
    <PageHeading title="Save setup">
      Encrypt a file, store it on IPFS and Crust, and point a digital twin at it.
    </PageHeading>
  );
}
