import {
  supports,
  textAttribute,
  textOptions,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { VACUUM_FEATURES } from '@robonomics-dapp/robonomics/home-assistant/domains/vacuum';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { ChoiceSelect, type ControlProps, offers, ServiceButton } from './common.tsx';

const F = VACUUM_FEATURES;

/** Robot vacuums: Start, Pause and Return to dock, the fan speed and the battery. */
export function VacuumControls(props: ControlProps) {
  const { entity, send } = props;
  const a = entity.attributes;
  const cleaning = entity.state === 'cleaning';
  const battery = attributeNumber(a.battery_level);
  return (
    <div className="stack-s">
      <div className="row">
        {supports(a, F.START) && (
          <ServiceButton props={props} service="start" label="Start" main disabled={cleaning} />
        )}
        {supports(a, F.PAUSE) && (
          <ServiceButton props={props} service="pause" label="Pause" disabled={!cleaning} />
        )}
        {supports(a, F.RETURN_HOME) && (
          <ServiceButton
            props={props}
            service="return_to_base"
            label="Return to dock"
            disabled={entity.state === 'docked'}
          />
        )}
      </div>
      {supports(a, F.FAN_SPEED) && offers(props, 'set_fan_speed') && (
        <ChoiceSelect
          props={props}
          label="Fan speed"
          value={textAttribute(a.fan_speed)}
          options={textOptions(a.fan_speed_list)}
          onChoose={(speed) => send('set_fan_speed', { fan_speed: speed })}
        />
      )}
      {battery !== undefined && <p className="small muted">Battery {battery}%</p>}
    </div>
  );
}
