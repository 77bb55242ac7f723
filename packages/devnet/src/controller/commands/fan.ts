import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { needs } from './cover-lock.ts';
import {
  type Attributes,
  type Call,
  type EntityUpdate,
  numberAttr,
  onlyKeys,
  refuse,
  required,
  same,
  textList,
  toBool,
  toInt,
  toText,
  unknownService,
} from './schema.ts';

/** HA's FanEntityFeature bits. */
export const FAN = {
  SET_SPEED: 1,
  OSCILLATE: 2,
  DIRECTION: 4,
  PRESET_MODE: 8,
  TURN_OFF: 16,
  TURN_ON: 32,
} as const;

/** HA keeps percentages whole; a step of 33.33… gives 33, 67, 100. */
const snap = (value: number, step: number) =>
  Math.max(0, Math.min(100, Math.round(Math.round(value / step) * step)));

/**
 * Fans: on/off/toggle, a speed as a percentage (0 turns the fan off, as in HA), a step up or
 * down by `percentage_step`, oscillation, direction and preset modes, each behind its feature bit.
 */
export function fan(call: Call): EntityUpdate {
  const { entity, data } = call;
  const a = entity.attributes;
  const features = numberAttr(a, 'supported_features', 0);
  const step = numberAttr(a, 'percentage_step', 1) || 1;
  const current = attributeNumber(a.percentage) ?? 0;
  const presets = textList(a.preset_modes);
  const checkPreset = (preset: string) => {
    needs({ ...call, service: 'set_preset_mode' }, features, FAN.PRESET_MODE);
    if (!presets.includes(preset)) {
      refuse(`Preset mode ${preset} is not valid, valid preset modes are: ${presets.join(', ')}`);
    }
    return preset;
  };
  const speed = (percentage: number, extra: Attributes = {}): EntityUpdate => {
    const value = snap(percentage, step);
    return same(call, value > 0 ? 'on' : 'off', { percentage: value, ...extra });
  };
  const off = () => same(call, 'off', 'percentage' in a ? { percentage: 0 } : {});
  const on = (): EntityUpdate => {
    const preset = toText(data, 'preset_mode');
    const percentage = toInt(data, 'percentage', 0, 100);
    if (percentage !== undefined) needs(call, features, FAN.SET_SPEED);
    const extra: Attributes = preset !== undefined ? { preset_mode: checkPreset(preset) } : {};
    if (percentage !== undefined) return speed(percentage, extra);
    // Back on at the speed it had, or its lowest step.
    if ('percentage' in a) return speed(current > 0 ? current : step, extra);
    return same(call, 'on', extra);
  };
  switch (call.service) {
    case 'turn_on':
      onlyKeys(data, ['percentage', 'preset_mode']);
      if ((features & (FAN.TURN_ON | FAN.TURN_OFF)) !== 0) needs(call, features, FAN.TURN_ON);
      return on();
    case 'turn_off':
      onlyKeys(data, []);
      if ((features & (FAN.TURN_ON | FAN.TURN_OFF)) !== 0) needs(call, features, FAN.TURN_OFF);
      return off();
    case 'toggle':
      onlyKeys(data, []);
      return entity.state === 'on' ? off() : on();
    case 'set_percentage': {
      onlyKeys(data, ['percentage']);
      needs(call, features, FAN.SET_SPEED);
      return speed(required(toInt(data, 'percentage', 0, 100), 'percentage'));
    }
    case 'increase_speed':
    case 'decrease_speed': {
      onlyKeys(data, ['percentage_step']);
      needs(call, features, FAN.SET_SPEED);
      const by = toInt(data, 'percentage_step', 0, 100) ?? step;
      const base = entity.state === 'on' ? current : 0;
      return speed(call.service === 'increase_speed' ? base + by : base - by);
    }
    case 'oscillate': {
      onlyKeys(data, ['oscillating']);
      needs(call, features, FAN.OSCILLATE);
      if (data.oscillating === undefined) refuse("required key not provided @ data['oscillating']");
      return same(call, entity.state, { oscillating: toBool(data, 'oscillating', false) });
    }
    case 'set_direction': {
      onlyKeys(data, ['direction']);
      needs(call, features, FAN.DIRECTION);
      const direction = required(toText(data, 'direction'), 'direction');
      if (direction !== 'forward' && direction !== 'reverse') {
        refuse(
          "value must be one of ['forward', 'reverse'] for dictionary value @ data['direction']",
        );
      }
      return same(call, entity.state, { direction });
    }
    case 'set_preset_mode': {
      onlyKeys(data, ['preset_mode']);
      const preset = checkPreset(required(toText(data, 'preset_mode'), 'preset_mode'));
      return same(call, 'on', { preset_mode: preset });
    }
  }
  return unknownService(call);
}
