import {
  type Range,
  stepValue,
  supports,
  textAttribute,
  textOptions,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import { climateRange } from '@robonomics-dapp/robonomics/home-assistant/domains/climate';
import {
  HUMIDIFIER_FEATURES,
  humidityRange,
} from '@robonomics-dapp/robonomics/home-assistant/domains/humidifier';
import {
  WATER_HEATER_FEATURES,
  waterHeaterRange,
} from '@robonomics-dapp/robonomics/home-assistant/domains/water-heater';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { ChoiceSelect, type ControlProps, Fact, offers, PowerSwitch } from './common.tsx';

const fmt = (n: number) => String(Number(n.toFixed(2)));

/** A target value with large − and + buttons moving by the entity's step, kept in range. */
function TargetStepper({
  props,
  label,
  value,
  range,
  unit,
  service,
  param,
}: {
  props: ControlProps;
  label: string;
  value: number | undefined;
  range: Range;
  unit: string;
  service: string;
  param: string;
}) {
  if (!offers(props, service)) return null;
  const { entity, send, disabled } = props;
  const set = (delta: number) => {
    const base = value ?? (range.min + range.max) / 2;
    send(service, { [param]: stepValue(base, delta, range) });
  };
  return (
    <div className="row stepper">
      <button
        type="button"
        className="button main-control"
        aria-label={`${entity.name}: lower`}
        disabled={disabled || value === undefined || value - range.step < range.min - 1e-9}
        onClick={() => set(-1)}
      >
        −
      </button>
      <span className="target" data-testid={`target-${entity.id}`}>
        <span className="small muted">{label}</span> {value === undefined ? '—' : fmt(value)} {unit}
      </span>
      <button
        type="button"
        className="button main-control"
        aria-label={`${entity.name}: raise`}
        disabled={disabled || value === undefined || value + range.step > range.max + 1e-9}
        onClick={() => set(1)}
      >
        +
      </button>
    </div>
  );
}

function Current({ a, unit }: { a: Record<string, unknown>; unit: string }) {
  const temperature = attributeNumber(a.current_temperature);
  const humidity = attributeNumber(a.current_humidity);
  if (temperature === undefined && humidity === undefined) return null;
  return (
    <dl className="facts small">
      {temperature !== undefined && <Fact label="Current">{`${fmt(temperature)} ${unit}`}</Fact>}
      {humidity !== undefined && <Fact label="Humidity">{`${fmt(humidity)} %`}</Fact>}
    </dl>
  );
}

/** The climate modes besides HVAC: each read from its attribute, offered from its list. */
const CLIMATE_MODES = [
  { label: 'Fan mode', service: 'set_fan_mode', param: 'fan_mode', list: 'fan_modes' },
  { label: 'Preset', service: 'set_preset_mode', param: 'preset_mode', list: 'preset_modes' },
  { label: 'Swing mode', service: 'set_swing_mode', param: 'swing_mode', list: 'swing_modes' },
] as const;

/** Climate: power, current values, the target by HA's step, HVAC/fan/preset/swing modes. */
export function ClimateControls(props: ControlProps) {
  const { entity, send } = props;
  const a = entity.attributes;
  const unit = textAttribute(a.temperature_unit) ?? '°C';
  const choose = (service: string, key: string) => (value: string) =>
    send(service, { [key]: value });
  return (
    <div className="stack-s">
      <div className="row">
        <PowerSwitch props={props} on={entity.state !== 'off'} />
      </div>
      <Current a={a} unit={unit} />
      <TargetStepper
        props={props}
        label="Target"
        value={attributeNumber(a.temperature)}
        range={climateRange(a)}
        unit={unit}
        service="set_temperature"
        param="temperature"
      />
      {offers(props, 'set_hvac_mode') && (
        <ChoiceSelect
          props={props}
          label="Mode"
          value={entity.state}
          options={textOptions(a.hvac_modes)}
          onChoose={choose('set_hvac_mode', 'hvac_mode')}
        />
      )}
      {CLIMATE_MODES.filter((mode) => offers(props, mode.service)).map((mode) => (
        <ChoiceSelect
          key={mode.service}
          props={props}
          label={mode.label}
          value={textAttribute(a[mode.param])}
          options={textOptions(a[mode.list])}
          onChoose={choose(mode.service, mode.param)}
        />
      ))}
    </div>
  );
}

/** Humidifier: power, current humidity, the target humidity and the mode. */
export function HumidifierControls(props: ControlProps) {
  const { entity, send } = props;
  const a = entity.attributes;
  return (
    <div className="stack-s">
      <div className="row">
        <PowerSwitch props={props} on={entity.state === 'on'} />
        {textAttribute(a.action) && <span className="small muted">{textAttribute(a.action)}</span>}
      </div>
      <Current a={a} unit="" />
      <TargetStepper
        props={props}
        label="Target"
        value={attributeNumber(a.humidity)}
        range={humidityRange(a)}
        unit="%"
        service="set_humidity"
        param="humidity"
      />
      {supports(a, HUMIDIFIER_FEATURES.MODES) && offers(props, 'set_mode') && (
        <ChoiceSelect
          props={props}
          label="Mode"
          value={textAttribute(a.mode)}
          options={textOptions(a.available_modes)}
          onChoose={(mode) => send('set_mode', { mode })}
        />
      )}
    </div>
  );
}

/** Water heater: power, current and target temperature, the operation mode. */
export function WaterHeaterControls(props: ControlProps) {
  const { entity, send } = props;
  const a = entity.attributes;
  const unit = textAttribute(a.temperature_unit) ?? '°C';
  return (
    <div className="stack-s">
      {supports(a, WATER_HEATER_FEATURES.ON_OFF) && (
        <div className="row">
          <PowerSwitch props={props} on={entity.state !== 'off'} />
        </div>
      )}
      <Current a={a} unit={unit} />
      {supports(a, WATER_HEATER_FEATURES.TARGET_TEMPERATURE) && (
        <TargetStepper
          props={props}
          label="Target"
          value={attributeNumber(a.temperature)}
          range={waterHeaterRange(a)}
          unit={unit}
          service="set_temperature"
          param="temperature"
        />
      )}
      {supports(a, WATER_HEATER_FEATURES.OPERATION_MODE) && offers(props, 'set_operation_mode') && (
        <ChoiceSelect
          props={props}
          label="Operation"
          value={entity.state}
          options={textOptions(a.operation_list)}
          onChoose={(mode) => send('set_operation_mode', { operation_mode: mode })}
        />
      )}
    </div>
  );
}
