import { pyFloat } from '../ha-format.ts';
import { needs } from './cover-lock.ts';
import {
  type Call,
  type EntityUpdate,
  numberAttr,
  ON_OFF,
  onlyKeys,
  onOff,
  refuse,
  required,
  same,
  textList,
  toBool,
  toInt,
  toNumber,
  toText,
  unknownService,
} from './schema.ts';

/** HA's HumidifierEntityFeature: MODES is the only bit. */
export const HUMIDIFIER_MODES = 1;
/** HA's WaterHeaterEntityFeature bits. */
export const WATER_HEATER = { TARGET_TEMPERATURE: 1, OPERATION_MODE: 2, AWAY_MODE: 4, ON_OFF: 8 };

/**
 * Humidifiers and dehumidifiers: on/off, a target humidity within min_humidity..max_humidity
 * (whole percent), and a mode among available_modes when the entity has modes.
 */
export function humidifier(call: Call): EntityUpdate {
  const { entity, data } = call;
  const a = entity.attributes;
  if (ON_OFF.includes(call.service)) return onOff(call);
  switch (call.service) {
    case 'set_humidity': {
      onlyKeys(data, ['humidity']);
      const humidity = required(toInt(data, 'humidity', 0, 100), 'humidity');
      const min = numberAttr(a, 'min_humidity', 0);
      const max = numberAttr(a, 'max_humidity', 100);
      if (humidity < min || humidity > max) {
        refuse(`Provided humidity ${humidity} is not valid. Accepted range is ${min} to ${max}`);
      }
      return same(call, entity.state, { humidity });
    }
    case 'set_mode': {
      onlyKeys(data, ['mode']);
      needs(call, numberAttr(a, 'supported_features', 0), HUMIDIFIER_MODES);
      const mode = required(toText(data, 'mode'), 'mode');
      const modes = textList(a.available_modes);
      if (!modes.includes(mode)) {
        refuse(`Mode ${mode} is not valid. Valid modes are: ${modes.join(', ')}`);
      }
      return same(call, entity.state, { mode });
    }
  }
  return unknownService(call);
}

/**
 * Water heaters: the state is the operation mode ("off" when off). set_temperature (within
 * min_temp..max_temp, optionally with a mode), set_operation_mode among operation_list,
 * set_away_mode, turn_on/turn_off, each behind its feature bit.
 */
export function waterHeater(call: Call): EntityUpdate {
  const { entity, data, entityId } = call;
  const a = entity.attributes;
  const features = numberAttr(a, 'supported_features', 0);
  const operations = textList(a.operation_list);
  const checkMode = (mode: string) => {
    if (!operations.includes(mode)) {
      refuse(
        `Operation mode ${mode} is not valid for ${entityId}. Valid operation modes are: ${operations.join(', ')}`,
      );
    }
    return mode;
  };
  const withMode = (mode: string, extra: Record<string, unknown> = {}) =>
    same(call, mode, { ...('operation_mode' in a ? { operation_mode: mode } : {}), ...extra });
  switch (call.service) {
    case 'set_temperature': {
      onlyKeys(data, ['temperature', 'operation_mode']);
      needs(call, features, WATER_HEATER.TARGET_TEMPERATURE);
      const temperature = required(toNumber(data, 'temperature'), 'temperature');
      const min = numberAttr(a, 'min_temp', 43.3);
      const max = numberAttr(a, 'max_temp', 60);
      if (temperature < min || temperature > max) {
        refuse(
          `Provided temperature ${pyFloat(temperature)} is not valid. Accepted range is ${pyFloat(min)} to ${pyFloat(max)}.`,
        );
      }
      const mode = toText(data, 'operation_mode');
      return withMode(mode === undefined ? entity.state : checkMode(mode), {
        temperature: pyFloat(temperature),
      });
    }
    case 'set_operation_mode': {
      onlyKeys(data, ['operation_mode']);
      needs(call, features, WATER_HEATER.OPERATION_MODE);
      return withMode(checkMode(required(toText(data, 'operation_mode'), 'operation_mode')));
    }
    case 'set_away_mode': {
      onlyKeys(data, ['away_mode']);
      needs(call, features, WATER_HEATER.AWAY_MODE);
      if (data.away_mode === undefined) refuse("required key not provided @ data['away_mode']");
      return same(call, entity.state, {
        away_mode: toBool(data, 'away_mode', false) ? 'on' : 'off',
      });
    }
    case 'turn_on':
    case 'turn_off': {
      onlyKeys(data, []);
      needs(call, features, WATER_HEATER.ON_OFF);
      if (call.service === 'turn_off') return withMode('off');
      if (entity.state !== 'off') return same(call, entity.state);
      const on = operations.find((m) => m !== 'off');
      if (!on) refuse(`${entityId} cannot be turned on.`);
      return withMode(on);
    }
  }
  return unknownService(call);
}
