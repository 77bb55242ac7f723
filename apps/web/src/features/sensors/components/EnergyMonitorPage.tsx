import { parseEnergyRecord } from '@robonomics-dapp/robonomics/sensors/energy';
import { ENERGY_TOPIC } from '@robonomics-dapp/robonomics/twin/topic';
import { SensorView } from './SensorView.tsx';

export default function EnergyMonitorPage() {
  return (
    <SensorView
      title="Energy"
      lead="Power and energy measured by an energy monitor."
      topic={ENERGY_TOPIC}
      parse={parseEnergyRecord}
      showLastData
    />
  );
}
