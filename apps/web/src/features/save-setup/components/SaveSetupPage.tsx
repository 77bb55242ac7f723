import { lazy, Suspense } from 'react';
import { PageHeading } from '../../../components/PageHeading.tsx';

// The workshop pulls in crypto, IPFS and a second chain client: loaded with the page only.
const SaveSetupWorkshop = lazy(() => import('./SaveSetupWorkshop.tsx'));

export function SaveSetupPage() {
  return (
    <>
      <PageHeading title="Save setup">
        Encrypt a file, store it on IPFS and Crust, and point a digital twin at it.
      </PageHeading>
      <Suspense fallback={<p className="loading">Loading</p>}>
        <SaveSetupWorkshop />
      </Suspense>
    </>
  );
}
