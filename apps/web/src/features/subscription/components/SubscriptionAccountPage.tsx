import { PageHeading } from '../../../components/PageHeading.tsx';

export function SubscriptionAccountPage() {
  return (
    <PageHeading title="New Subscription renewal setup">
      Create a fresh account, fund it from your wallet and buy a subscription for it.
    </PageHeading>
  );
}
