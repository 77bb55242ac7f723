import { attributeNumber } from '../states.ts';
import { type Attributes, listedIn } from './attributes.ts';
import { defineDomain, type NumberParam, type OptionParam } from './service-schema.ts';

/** HA's FanEntityFeature bits. */
export const FAN_FEATURES = {
  SET_SPEED: 1,
  OSCILLATE: 2,
  DIRECTION: 4,
  PRESET_MODE: 8,
  TURN_OFF: 16,
  TURN_ON: 32,
} as const;

/** The fan's speed step in percent (`percentage_step`, 33.33… for three speeds), else 1. */
export function percentageStep(attributes: Attributes): number {
  const step = attributeNumber(attributes.percentage_step);
  return step !== undefined && step > 0 && step <= 100 ? step : 1;
}

const percentage = (label: string) =>
  ({
    kind: 'number',
    label,
    unit: '%',
    whole: true,
    bounds: { min: 0, max: 100 },
  }) as const satisfies NumberParam;

const PRESET_MODE = {
  kind: 'option',
  label: 'Preset',
  options: listedIn('preset_modes'),
} as const satisfies OptionParam;

/**
 * Fans: on (optionally at a speed or preset), off, toggle, a speed in percent (0 turns the fan
 * off), a step up or down, oscillation, direction and preset; each behind its feature bit.
 */
export const FAN = defineDomain({
  name: 'fan',
  features: FAN_FEATURES,
  services: {
    turn_on: { params: { percentage: percentage('Speed'), preset_mode: PRESET_MODE } },
    turn_off: { params: {} },
    toggle: { params: {} },
    set_percentage: {
      feature: FAN_FEATURES.SET_SPEED,
      params: { percentage: { ...percentage('Speed'), required: true } },
    },
    increase_speed: {
      feature: FAN_FEATURES.SET_SPEED,
      params: { percentage_step: percentage('Speed step') },
    },
    decrease_speed: {
      feature: FAN_FEATURES.SET_SPEED,
      params: { percentage_step: percentage('Speed step') },
    },
    oscillate: {
      feature: FAN_FEATURES.OSCILLATE,
      params: { oscillating: { kind: 'boolean', label: 'Oscillation', required: true } },
    },
    set_direction: {
      feature: FAN_FEATURES.DIRECTION,
      params: {
        direction: {
          kind: 'choice',
          label: 'Direction',
          options: ['forward', 'reverse'],
          required: true,
        },
      },
    },
    set_preset_mode: {
      feature: FAN_FEATURES.PRESET_MODE,
      params: { preset_mode: { ...PRESET_MODE, required: true } },
    },
  },
});
