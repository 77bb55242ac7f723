import { PageHeading } from '../../../components/PageHeading.tsx';

/** The hardware pages are titles only (docs/product-rules.md). */
export function HardwarePage({ title }: { title: string }) {
  return <PageHeading title={title} />;
}
