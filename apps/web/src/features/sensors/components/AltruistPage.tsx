import { useParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading.tsx';

export default function AltruistPage() {
  const { address } = useParams();
  return (
    <>
      <PageHeading title="Altruist">Air quality measured by an Altruist sensor.</PageHeading>
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
