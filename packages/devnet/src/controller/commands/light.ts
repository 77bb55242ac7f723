import { listedIn } from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import {
  brightnessOfPct,
  kelvinRange,
  LIGHT,
  LIGHT_COLOR_MODES,
  lightAbilities,
} from '@robonomics-dapp/robonomics/home-assistant/domains/light';
import type { Values } from '@robonomics-dapp/robonomics/home-assistant/domains/service-schema';
import { attributeNumber } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pyFloat } from '../ha-api/ha-format.ts';
import {
  type Attributes,
  type Call,
  domainHome,
  type EntityUpdate,
  refuse,
  same,
} from './schema.ts';

/** The attributes HA clears while a light is off; the light remembers them for later. */
const LIGHT_OFF_KEYS = [
  'brightness',
  'color_mode',
  'color_temp',
  'color_temp_kelvin',
  'hs_color',
  'rgb_color',
  'xy_color',
  'effect',
];

type TurnOn = Values<typeof LIGHT.services.turn_on.params>;

function rgbToHs([r, g, b]: [number, number, number]): [number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let hue = 0;
  if (delta !== 0) {
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
    hue *= 60;
    if (hue < 0) hue += 360;
  }
  const saturation = max === 0 ? 0 : (delta / max) * 100;
  return [Math.round(hue * 1000) / 1000, Math.round(saturation * 1000) / 1000];
}

function hsToRgb(hue: number, saturation: number): [number, number, number] {
  const c = saturation / 100;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  const m = 1 - c;
  return [r, g, b].map((v) => Math.round((v + m) * 255)) as [number, number, number];
}

/** Python str(tuple) of floats: "(28.874, 72.522)". */
const pyFloatTuple = (values: number[]) => `(${values.map(pyFloat).join(', ')})`;
const pyIntTuple = (values: number[]) => `(${values.join(', ')})`;

function turnOff(call: Call): EntityUpdate {
  const { entity, entityId } = call;
  const memory = call.ctx.lights ?? {};
  const present = LIGHT_OFF_KEYS.filter((key) => key in entity.attributes);
  if (entity.state === 'on') {
    memory[entityId] = Object.fromEntries(present.map((key) => [key, entity.attributes[key]]));
  }
  return same(call, 'off', Object.fromEntries(present.map((key) => [key, 'None'])));
}

function turnOn(call: Call, values: TurnOn): EntityUpdate {
  const { entity, entityId } = call;
  const isOn = entity.state === 'on';
  const abilities = lightAbilities(entity.attributes);
  const remembered = call.ctx.lights?.[entityId] ?? {};
  const current = (key: string): unknown =>
    isOn ? entity.attributes[key] : (remembered[key] ?? entity.attributes[key]);

  const attributes: Attributes = {};
  // Brightness: absolute, percentage, or a step from the current value.
  const previous = attributeNumber(current('brightness')) ?? 255;
  const { brightness_pct: pct, brightness_step: step, brightness_step_pct: stepPct } = values;
  let brightness = values.brightness;
  if ([brightness, pct, step, stepPct].filter((v) => v !== undefined).length > 1) {
    refuse('two or more values in the same group of exclusion @ data[<brightness>]');
  }
  if (pct !== undefined) brightness = brightnessOfPct(pct);
  if (step !== undefined) brightness = Math.max(0, Math.min(255, previous + step));
  if (stepPct !== undefined) {
    brightness = Math.max(0, Math.min(255, previous + brightnessOfPct(stepPct)));
  }
  if (brightness !== undefined && !abilities.brightness) {
    refuse(`${entityId} does not support brightness.`);
  }
  // Brightness 0 turns the light off, as in HA.
  if (brightness === 0) return turnOff({ ...call, service: 'turn_off', data: {} });

  const { rgb_color: rgb, hs_color: hs, color_temp_kelvin: kelvin, color_temp: mireds } = values;
  const colours = [rgb, hs, kelvin, mireds].filter((v) => v !== undefined).length;
  if (colours > 1) refuse('two or more values in the same group of exclusion @ data[<color>]');

  const supported = listedIn('supported_color_modes')(entity.attributes);
  let colorMode = current('color_mode');
  if (rgb !== undefined || hs !== undefined) {
    const mode = supported.find((m) => LIGHT_COLOR_MODES.includes(m));
    if (!mode) refuse(`${entityId} does not support colours.`);
    const [h, s] = hs ?? rgbToHs(rgb!);
    colorMode = mode;
    attributes.hs_color = pyFloatTuple([h, s]);
    attributes.rgb_color = pyIntTuple(rgb ?? hsToRgb(h, s));
    if ('color_temp' in entity.attributes) attributes.color_temp = 'None';
    if ('color_temp_kelvin' in entity.attributes) attributes.color_temp_kelvin = 'None';
  }
  if (kelvin !== undefined || mireds !== undefined) {
    if (!abilities.colorTemp) refuse(`${entityId} does not support colour temperature.`);
    const range = kelvinRange(entity.attributes);
    const k = kelvin ?? Math.round(1_000_000 / mireds!);
    // HA clamps the colour temperature to what the light supports.
    const clamped = Math.max(range.min, Math.min(range.max, k));
    colorMode = 'color_temp';
    attributes.color_temp_kelvin = clamped;
    attributes.color_temp = Math.round(1_000_000 / clamped);
  }
  if (values.effect !== undefined) {
    const effects = listedIn('effect_list')(entity.attributes);
    if (!effects.includes(values.effect)) refuse(`${entityId} has no effect "${values.effect}".`);
    attributes.effect = values.effect;
  }

  // Back on: what the light had before, then what the call asks for.
  const restored: Attributes = {};
  if (!isOn) {
    for (const key of LIGHT_OFF_KEYS) {
      if (key in entity.attributes) restored[key] = remembered[key] ?? entity.attributes[key];
    }
    if (!('effect' in remembered) && 'effect' in entity.attributes) restored.effect = 'None';
  }
  if (abilities.brightness && 'brightness' in entity.attributes) {
    attributes.brightness = brightness ?? previous;
  }
  if ('color_mode' in entity.attributes) {
    const fallback = supported.find((m) => m !== 'onoff') ?? 'onoff';
    attributes.color_mode =
      typeof colorMode === 'string' && colorMode !== 'None' ? colorMode : fallback;
  }
  return same(call, 'on', { ...restored, ...attributes });
}

/**
 * Lights: on with brightness (absolute, percentage or a step), a colour or a white temperature
 * (clamped to the light's range, as HA does), an effect of its list; off, remembering what to
 * come back to; toggle. Brightness 0 turns the light off.
 */
export const light = domainHome(LIGHT, {
  turn_on: turnOn,
  turn_off: turnOff,
  toggle: (call, values) => (call.entity.state === 'on' ? turnOff(call) : turnOn(call, values)),
});
