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

/**
 * The controls of one entity by its domain. Domains without controls (sensors, trackers, events,
 * anything unknown) show their state only.
 */
export function EntityControls(props: ControlProps) {
  switch (props.entity.domain) {
    case 'switch':
    case 'input_boolean':
      return (
        <div className="row">
          <PowerSwitch props={props} on={props.entity.state === 'on'} />
        </div>
      );
    case 'automation':
      return <AutomationControls {...props} />;
    case 'light':
      return <LightControls {...props} />;
    case 'climate':
      return <ClimateControls {...props} />;
    case 'humidifier':
      return <HumidifierControls {...props} />;
    case 'water_heater':
      return <WaterHeaterControls {...props} />;
    case 'cover':
    case 'valve':
      return <CoverControls {...props} />;
    case 'lock':
      return <LockControls {...props} />;
    case 'fan':
      return <FanControls {...props} />;
    case 'media_player':
      return <MediaControls {...props} />;
    case 'script':
    case 'scene':
    case 'button':
    case 'input_button':
      return <RunControls {...props} />;
    case 'vacuum':
      return <VacuumControls {...props} />;
    case 'select':
    case 'input_select':
      return <SelectControls {...props} />;
    case 'number':
    case 'input_number':
    case 'text':
    case 'input_text':
      return <ValueControls {...props} />;
    case 'update':
      return <UpdateControls {...props} />;
    case 'weather':
      return <WeatherView entity={props.entity} />;
    default:
      return null;
  }
}
