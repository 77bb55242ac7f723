import { PageHeading } from '../../../components/PageHeading.tsx';

export function BuyPage() {
  return (
    <PageHeading title="Buy a Subscription">
      Buy or renew an RWS subscription in XRT through the on-chain auction.
    </PageHeading>
  );
}
