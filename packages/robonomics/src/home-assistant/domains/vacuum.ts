import { defineDomain, optionIn, required } from './service-schema.ts';

/** HA's VacuumEntityFeature bits of a state vacuum. */
export const VACUUM_FEATURES = {
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

const F = VACUUM_FEATURES;

/**
 * Robot vacuums: start, pause, stop, return to the dock, locate, clean a spot and the fan speed
 * among `fan_speed_list`; each behind its feature bit.
 */
export const VACUUM = defineDomain({
  name: 'vacuum',
  features: VACUUM_FEATURES,
  services: {
    start: { feature: F.START, params: {} },
    pause: { feature: F.PAUSE, params: {} },
    stop: { feature: F.STOP, params: {} },
    return_to_base: { feature: F.RETURN_HOME, params: {} },
    clean_spot: { feature: F.CLEAN_SPOT, params: {} },
    locate: { feature: F.LOCATE, params: {} },
    set_fan_speed: {
      feature: F.FAN_SPEED,
      params: { fan_speed: required(optionIn('Fan speed', 'fan_speed_list')) },
    },
  },
});
