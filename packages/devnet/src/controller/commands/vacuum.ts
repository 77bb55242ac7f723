import { needs } from './cover-lock.ts';
import {
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  required,
  same,
  textList,
  toText,
  unknownService,
} from './schema.ts';

/** HA's VacuumEntityFeature bits of a state vacuum. */
export const VACUUM = {
  PAUSE: 4,
  STOP: 8,
  RETURN_HOME: 16,
  FAN_SPEED: 32,
  BATTERY: 64,
  LOCATE: 512,
  CLEAN_SPOT: 1024,
  STATE: 4096,
  START: 8192,
} as const;

/**
 * Robot vacuums: start (cleaning), pause, stop (idle), return_to_base, locate, clean_spot and
 * set_fan_speed among fan_speed_list. The simulated vacuum reaches its dock at once, so
 * return_to_base leaves it "docked".
 */
export function vacuum(call: Call): EntityUpdate {
  const { entity, data } = call;
  const features = numberAttr(entity.attributes, 'supported_features', 0);
  switch (call.service) {
    case 'start':
      onlyKeys(data, []);
      needs(call, features, VACUUM.START);
      return same(call, 'cleaning');
    case 'pause':
      onlyKeys(data, []);
      needs(call, features, VACUUM.PAUSE);
      return same(call, entity.state === 'cleaning' ? 'paused' : entity.state);
    case 'stop':
      onlyKeys(data, []);
      needs(call, features, VACUUM.STOP);
      return same(call, entity.state === 'docked' ? 'docked' : 'idle');
    case 'return_to_base':
      onlyKeys(data, []);
      needs(call, features, VACUUM.RETURN_HOME);
      return same(call, 'docked');
    case 'clean_spot':
      onlyKeys(data, []);
      needs(call, features, VACUUM.CLEAN_SPOT);
      return same(call, 'cleaning');
    case 'locate':
      onlyKeys(data, []);
      needs(call, features, VACUUM.LOCATE);
      return same(call, entity.state);
    case 'set_fan_speed': {
      onlyKeys(data, ['fan_speed']);
      needs(call, features, VACUUM.FAN_SPEED);
      const speed = required(toText(data, 'fan_speed'), 'fan_speed');
      const speeds = textList(entity.attributes.fan_speed_list);
      if (!speeds.includes(speed)) {
        refuse(`Fan speed ${speed} is not valid. Valid fan speeds are: ${speeds.join(', ')}`);
      }
      return same(call, entity.state, { fan_speed: speed });
    }
  }
  return unknownService(call);
}
