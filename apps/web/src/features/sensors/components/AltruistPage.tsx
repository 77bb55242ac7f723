import { parseAltruistRecord } from '@robonomics-dapp/robonomics/sensors/altruist';
import { ALTRUIST_TOPIC } from '@robonomics-dapp/robonomics/twin/topic';
import { SensorView } from './SensorView.tsx';

export default function AltruistPage() {
  return (
    <SensorView
      title="Altruist"
      lead="Air quality and noise measured by an Altruist sensor."
      topic={ALTRUIST_TOPIC}
      parse={parseAltruistRecord}
    />
  );
}
