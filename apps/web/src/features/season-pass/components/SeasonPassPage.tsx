import { PageHeading } from '../../../components/PageHeading.tsx';

export function SeasonPassPage() {
  return (
    <PageHeading title="Your season pass 2024-2025">
      See and activate your Season Pass NFTs on Sepolia.
    </PageHeading>
  );
}
