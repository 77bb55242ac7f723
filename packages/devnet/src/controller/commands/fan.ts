import {
  featuresOf,
  listedIn,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  FAN,
  FAN_FEATURES,
  percentageStep,
} from '@robonomics-dapp/robonomics/home-assistant/domains/fan';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import {
  type Attributes,
  type Call,
  domainHome,
  type EntityUpdate,
  needs,
  refuse,
  same,
} from './schema.ts';

/** A preset among `preset_modes`, behind its bit, or HA's refusal naming the valid ones. */
function preset(call: Call, mode: string): string {
  needs(call, FAN, FAN_FEATURES.PRESET_MODE, 'set_preset_mode');
  const presets = listedIn('preset_modes')(call.entity.attributes);
  if (!presets.includes(mode)) {
    refuse(`Preset mode ${mode} is not valid, valid preset modes are: ${presets.join(', ')}`);
  }
  return mode;
}

/** A speed snapped to the fan's step (HA keeps percentages whole: 33, 67, 100); 0 is off. */
function speed(call: Call, percentage: number, extra: Attributes = {}): EntityUpdate {
  const step = percentageStep(call.entity.attributes);
  const value = Math.max(0, Math.min(100, Math.round(Math.round(percentage / step) * step)));
  return same(call, value > 0 ? 'on' : 'off', { percentage: value, ...extra });
}

const current = (call: Call) => attributeNumber(call.entity.attributes.percentage) ?? 0;

function off(call: Call): EntityUpdate {
  return same(call, 'off', 'percentage' in call.entity.attributes ? { percentage: 0 } : {});
}

/** On at a speed or preset, or back at the speed it had (or its lowest step). */
function on(call: Call, values: { percentage?: number; preset_mode?: string }): EntityUpdate {
  if (values.percentage !== undefined) needs(call, FAN, FAN_FEATURES.SET_SPEED);
  const extra: Attributes =
    values.preset_mode !== undefined ? { preset_mode: preset(call, values.preset_mode) } : {};
  if (values.percentage !== undefined) return speed(call, values.percentage, extra);
  if ('percentage' in call.entity.attributes) {
    return speed(call, current(call) || percentageStep(call.entity.attributes), extra);
  }
  return same(call, 'on', extra);
}

/** Fans that declare either power bit need the one of the way they go, as in HA. */
function power(call: Call, bit: number): void {
  const features = featuresOf(call.entity.attributes);
  if ((features & (FAN_FEATURES.TURN_ON | FAN_FEATURES.TURN_OFF)) !== 0) needs(call, FAN, bit);
}

function step(call: Call, by: number | undefined): EntityUpdate {
  const amount = by ?? percentageStep(call.entity.attributes);
  const base = call.entity.state === 'on' ? current(call) : 0;
  return speed(call, call.service === 'increase_speed' ? base + amount : base - amount);
}

/**
 * Fans: on, off and toggle, a speed as a percentage (0 turns the fan off, as in HA), a step up or
 * down by `percentage_step`, oscillation, direction and preset modes, each behind its bit.
 */
export const fan = domainHome(FAN, {
  turn_on: (call, values) => {
    power(call, FAN_FEATURES.TURN_ON);
    return on(call, values);
  },
  turn_off: (call) => {
    power(call, FAN_FEATURES.TURN_OFF);
    return off(call);
  },
  toggle: (call) => (call.entity.state === 'on' ? off(call) : on(call, {})),
  set_percentage: (call, { percentage }) => speed(call, percentage),
  increase_speed: (call, { percentage_step }) => step(call, percentage_step),
  decrease_speed: (call, { percentage_step }) => step(call, percentage_step),
  oscillate: (call, { oscillating }) => same(call, call.entity.state, { oscillating }),
  set_direction: (call, { direction }) => same(call, call.entity.state, { direction }),
  set_preset_mode: (call, { preset_mode }) =>
    same(call, 'on', { preset_mode: preset(call, preset_mode) }),
});
