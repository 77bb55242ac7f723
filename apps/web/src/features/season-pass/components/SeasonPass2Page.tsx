import { PageHeading } from '../../../components/PageHeading.tsx';

export function SeasonPass2Page() {
  return (
    <PageHeading title="Season pass">
      Claim the free subscription that comes with an activated Season Pass NFT.
    </PageHeading>
  );
}
