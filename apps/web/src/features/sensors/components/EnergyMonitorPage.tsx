import { useParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';

export default function EnergyMonitorPage() {
  const { address } = useParams();
  return (
    <>
      <PageHeading title="Energy">Power and energy measured by an energy monitor.</PageHeading>
      {address && (
        <p>
          Sensor id: <span className="mono break">{address}</span>
        </p>
      )}
      <p className="small muted">
        This information holds no legal validity and is intended solely for personal use.
      </p>
    </>
  );
}
