import { PageHeading } from '../../../components/PageHeading.tsx';
import { LazyPage } from '../../../lib/shell/lazy-page.tsx';

// The workshop pulls in crypto, IPFS and a second chain client: loaded with the page only, with
// the retry state of the other on-demand pages when its chunk fails.
const loadWorkshop = () => import('./SaveSetupWorkshop.tsx');

export function SaveSetupPage() {
  return (
    <>
      <PageHeading title="Save setup">
        Encrypt a file with a device key, store it on IPFS and Crust, and point a digital twin of
        the subscription at it.
      </PageHeading>
      <LazyPage load={loadWorkshop} />
    </>
  );
}
