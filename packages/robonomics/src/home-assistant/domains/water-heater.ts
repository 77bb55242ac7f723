import { type Attributes, type Range, rangeOf } from './attributes.ts';
import { defineDomain, optionIn, required } from './service-schema.ts';

/** HA's WaterHeaterEntityFeature bits. */
export const WATER_HEATER_FEATURES = {
  TARGET_TEMPERATURE: 1,
  OPERATION_MODE: 2,
  AWAY_MODE: 4,
  ON_OFF: 8,
} as const;

/** HA's water temperature range when a water heater does not give its own. */
export const WATER_HEATER_TEMPERATURE: Range = { min: 43.3, max: 60, step: 0.5 };

export function waterHeaterRange(attributes: Attributes): Range {
  return rangeOf(
    attributes,
    { min: 'min_temp', max: 'max_temp', step: 'target_temp_step' },
    WATER_HEATER_TEMPERATURE,
  );
}

const OPERATION_MODE = optionIn('Operation mode', 'operation_list');

/**
 * Water heaters, whose state is the operation mode ("off" when off): a target temperature within
 * min_temp..max_temp (optionally with a mode), the operation mode among operation_list, away
 * mode, on and off; each behind its feature bit.
 */
export const WATER_HEATER = defineDomain({
  name: 'water_heater',
  features: WATER_HEATER_FEATURES,
  services: {
    set_temperature: {
      feature: WATER_HEATER_FEATURES.TARGET_TEMPERATURE,
      params: {
        temperature: {
          kind: 'number',
          label: 'Temperature',
          unit: '°',
          range: waterHeaterRange,
          required: true,
        },
        operation_mode: OPERATION_MODE,
      },
    },
    set_operation_mode: {
      feature: WATER_HEATER_FEATURES.OPERATION_MODE,
      params: { operation_mode: required(OPERATION_MODE) },
    },
    set_away_mode: {
      feature: WATER_HEATER_FEATURES.AWAY_MODE,
      params: { away_mode: { kind: 'boolean', label: 'Away mode', required: true } },
    },
    turn_on: { feature: WATER_HEATER_FEATURES.ON_OFF, params: {} },
    turn_off: { feature: WATER_HEATER_FEATURES.ON_OFF, params: {} },
  },
});
