import { type Attributes, type Range, rangeOf } from './attributes.ts';
import {
  defineDomain,
  type NumberParam,
  ON_OFF_SERVICES,
  optionIn,
  required,
} from './service-schema.ts';

/** HA's ClimateEntityFeature bits. */
export const CLIMATE_FEATURES = {
  TARGET_TEMPERATURE: 1,
  TARGET_TEMPERATURE_RANGE: 2,
  FAN_MODE: 8,
  PRESET_MODE: 16,
  SWING_MODE: 32,
  TURN_OFF: 128,
  TURN_ON: 256,
} as const;

/** HA's target temperature range when a climate entity does not give its own. */
export const CLIMATE_TEMPERATURE: Range = { min: 7, max: 35, step: 0.5 };

export function climateRange(attributes: Attributes): Range {
  return rangeOf(
    attributes,
    { min: 'min_temp', max: 'max_temp', step: 'target_temp_step' },
    CLIMATE_TEMPERATURE,
  );
}

const temperature = (label: string): NumberParam => ({
  kind: 'number',
  label,
  unit: '°',
  range: climateRange,
});

const HVAC_MODE = optionIn('Mode', 'hvac_modes');

/**
 * Climate: the target temperature (within min_temp..max_temp), the HVAC mode and the fan,
 * preset and swing modes, each among the list the entity gives; on, off and toggle.
 */
export const CLIMATE = defineDomain({
  name: 'climate',
  features: CLIMATE_FEATURES,
  services: {
    set_temperature: {
      params: {
        temperature: required(temperature('Temperature')),
        hvac_mode: HVAC_MODE,
        target_temp_high: temperature('Highest temperature'),
        target_temp_low: temperature('Lowest temperature'),
      },
    },
    set_hvac_mode: { params: { hvac_mode: required(HVAC_MODE) } },
    set_fan_mode: {
      feature: CLIMATE_FEATURES.FAN_MODE,
      params: { fan_mode: required(optionIn('Fan mode', 'fan_modes')) },
    },
    set_preset_mode: { params: { preset_mode: required(optionIn('Preset', 'preset_modes')) } },
    set_swing_mode: {
      feature: CLIMATE_FEATURES.SWING_MODE,
      params: { swing_mode: required(optionIn('Swing mode', 'swing_modes')) },
    },
    ...ON_OFF_SERVICES,
  },
});
