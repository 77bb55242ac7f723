import { PageHeading } from '../../../components/PageHeading.tsx';

/** The hardware pages are titles only (SPEC §2). */
export function HardwarePage({ title }: { title: string }) {
  return <PageHeading title={title} />;
}
