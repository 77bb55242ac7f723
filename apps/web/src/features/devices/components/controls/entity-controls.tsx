import { type ControlKind, presentationOf } from '../../view/domain-presentation.ts';
import { AutomationControls } from './automation-controls.tsx';
import { ClimateControls, HumidifierControls, WaterHeaterControls } from './climate-controls.tsx';
import { type ControlProps, PowerSwitch } from './common.tsx';
import { CoverControls } from './cover-controls.tsx';
import { FanControls } from './fan-controls.tsx';
import { LightControls } from './light-controls.tsx';
import { LockControls } from './lock-controls.tsx';
import { MediaControls } from './media-controls.tsx';
import { RunControls } from './run-controls.tsx';
import { UpdateControls } from './update-controls.tsx';
import { VacuumControls } from './vacuum-controls.tsx';
import { SelectControls, ValueControls } from './value-controls.tsx';
import { WeatherView } from './weather-view.tsx';

/** The controls of each kind (view/domain-presentation.ts says which kind a domain has). */
const CONTROLS: Record<ControlKind, (props: ControlProps) => React.ReactNode> = {
  power: (props) => (
    <div className="row">
      <PowerSwitch props={props} on={props.entity.state === 'on'} />
    </div>
  ),
  automation: (props) => <AutomationControls {...props} />,
  light: (props) => <LightControls {...props} />,
  climate: (props) => <ClimateControls {...props} />,
  humidifier: (props) => <HumidifierControls {...props} />,
  'water-heater': (props) => <WaterHeaterControls {...props} />,
  cover: (props) => <CoverControls {...props} />,
  lock: (props) => <LockControls {...props} />,
  fan: (props) => <FanControls {...props} />,
  media: (props) => <MediaControls {...props} />,
  run: (props) => <RunControls {...props} />,
  vacuum: (props) => <VacuumControls {...props} />,
  select: (props) => <SelectControls {...props} />,
  value: (props) => <ValueControls {...props} />,
  update: (props) => <UpdateControls {...props} />,
  weather: (props) => <WeatherView entity={props.entity} />,
};

/**
 * The controls of one entity by its domain. Domains without controls (sensors, trackers, events,
 * anything unknown) show their state only.
 */
export function EntityControls(props: ControlProps) {
  const kind = presentationOf(props.entity.domain).controls;
  return kind ? CONTROLS[kind](props) : null;
}
