import { PageHeading } from '../../../components/PageHeading.tsx';

export function TelemetryPage() {
  return (
    <PageHeading title="Devices control panel">
      Sign in as a user of your subscription to see your home and control its devices.
    </PageHeading>
  );
}
