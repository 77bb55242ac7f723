import { PageHeading } from '../../../components/PageHeading.tsx';

export function HumanoidPage() {
  return (
    <PageHeading title="Pay the robot with cryptocurrency">
      Pay 0.5 XRT to a humanoid robot for a basic action.
    </PageHeading>
  );
}
