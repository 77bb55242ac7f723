import { type Attributes, type Range, rangeOf } from './attributes.ts';
import {
  defineDomain,
  ON_OFF_SERVICES,
  optionIn,
  required,
  wholeNumber,
} from './service-schema.ts';

/** HA's HumidifierEntityFeature: MODES is the only bit. */
export const HUMIDIFIER_FEATURES = { MODES: 1 } as const;

/** HA's target humidity range when a humidifier does not give its own. */
export const HUMIDITY_RANGE: Range = { min: 0, max: 100, step: 1 };

export function humidityRange(attributes: Attributes): Range {
  return rangeOf(attributes, { min: 'min_humidity', max: 'max_humidity' }, HUMIDITY_RANGE);
}

/**
 * Humidifiers and dehumidifiers: on, off and toggle, a target humidity in whole percent within
 * min_humidity..max_humidity, and a mode among available_modes when the entity has modes.
 */
export const HUMIDIFIER = defineDomain({
  name: 'humidifier',
  features: HUMIDIFIER_FEATURES,
  services: {
    ...ON_OFF_SERVICES,
    set_humidity: {
      params: {
        humidity: required(wholeNumber('Humidity', 0, 100, { unit: '%', range: humidityRange })),
      },
    },
    set_mode: {
      feature: HUMIDIFIER_FEATURES.MODES,
      params: { mode: required(optionIn('Mode', 'available_modes')) },
    },
  },
});
