import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  HUMIDIFIER,
  humidityRange,
} from '@robonomics-dapp/robonomics/home-assistant/domains/humidifier';
import {
  WATER_HEATER,
  waterHeaterRange,
} from '@robonomics-dapp/robonomics/home-assistant/domains/water-heater';
import { pyFloat } from '../ha-api/ha-format.ts';
import { type Attributes, type Call, domainHome, ON_OFF_HANDLERS, refuse, same } from './schema.ts';

/**
 * Humidifiers and dehumidifiers: on/off, a target humidity within the entity's range (whole
 * percent), and a mode among available_modes when the entity has modes.
 */
export const humidifier = domainHome(HUMIDIFIER, {
  ...ON_OFF_HANDLERS,
  set_humidity: (call, { humidity }) => {
    const { min, max } = humidityRange(call.entity.attributes);
    if (humidity < min || humidity > max) {
      refuse(`Provided humidity ${humidity} is not valid. Accepted range is ${min} to ${max}`);
    }
    return same(call, call.entity.state, { humidity });
  },
  set_mode: (call, { mode }) => {
    const modes = listedIn('available_modes')(call.entity.attributes);
    if (!modes.includes(mode)) {
      refuse(`Mode ${mode} is not valid. Valid modes are: ${modes.join(', ')}`);
    }
    return same(call, call.entity.state, { mode });
  },
});

/** An operation mode among `operation_list`, or HA's refusal naming the valid ones. */
function operation(call: Call, mode: string): string {
  const operations = listedIn('operation_list')(call.entity.attributes);
  if (!operations.includes(mode)) {
    refuse(
      `Operation mode ${mode} is not valid for ${call.entityId}. Valid operation modes are: ${operations.join(', ')}`,
    );
  }
  return mode;
}

/** The water heater in `mode` (its state), `operation_mode` following when it has one. */
function inMode(call: Call, mode: string, extra: Attributes = {}) {
  const a = call.entity.attributes;
  return same(call, mode, { ...('operation_mode' in a ? { operation_mode: mode } : {}), ...extra });
}

/**
 * Water heaters: the state is the operation mode ("off" when off). A target temperature within
 * the entity's range, optionally with a mode; the operation mode; away mode; on and off.
 */
export const waterHeater = domainHome(WATER_HEATER, {
  set_temperature: (call, { temperature, operation_mode }) => {
    const { min, max } = waterHeaterRange(call.entity.attributes);
    if (temperature < min || temperature > max) {
      refuse(
        `Provided temperature ${pyFloat(temperature)} is not valid. Accepted range is ${pyFloat(min)} to ${pyFloat(max)}.`,
      );
    }
    const mode = operation_mode === undefined ? call.entity.state : operation(call, operation_mode);
    return inMode(call, mode, { temperature: pyFloat(temperature) });
  },
  set_operation_mode: (call, { operation_mode }) => inMode(call, operation(call, operation_mode)),
  set_away_mode: (call, { away_mode }) =>
    same(call, call.entity.state, { away_mode: away_mode ? 'on' : 'off' }),
  turn_on: (call) => {
    if (call.entity.state !== 'off') return same(call, call.entity.state);
    const on = listedIn('operation_list')(call.entity.attributes).find((m) => m !== 'off');
    if (!on) refuse(`${call.entityId} cannot be turned on.`);
    return inMode(call, on);
  },
  turn_off: (call) => inMode(call, 'off'),
});
