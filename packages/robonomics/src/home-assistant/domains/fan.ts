import { attributeNumber } from '../states.ts';
import type { Attributes } from './attributes.ts';
import { defineDomain, optionIn, required, wholeNumber } from './service-schema.ts';

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

const percentage = (label: string) => wholeNumber(label, 0, 100, { unit: '%' });

const PRESET_MODE = optionIn('Preset', 'preset_modes');

/** The ways a fan turns. */
export const FAN_DIRECTIONS = ['forward', 'reverse'] as const;

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
      params: { percentage: required(percentage('Speed')) },
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
        direction: { kind: 'choice', label: 'Direction', options: FAN_DIRECTIONS, required: true },
      },
    },
    set_preset_mode: {
      feature: FAN_FEATURES.PRESET_MODE,
      params: { preset_mode: required(PRESET_MODE) },
    },
  },
});
