import { attributeList, attributeNumber } from '../states.ts';
import { type Attributes, listedIn, type Range, rangeOf, supports } from './attributes.ts';
import {
  type Ability,
  type ChoiceParam,
  defineDomain,
  type NumberParam,
  type ServiceSchema,
  wholeNumber,
} from './service-schema.ts';

/** HA's LightEntityFeature bits. */
export const LIGHT_FEATURES = { EFFECT: 4, FLASH: 8, TRANSITION: 32 } as const;

/** The colour modes in which a light takes a colour (rather than a white temperature). */
export const LIGHT_COLOR_MODES = ['hs', 'rgb', 'xy', 'rgbw', 'rgbww'];

/** HA's colour temperature range when a light does not give its own. */
export const KELVIN_RANGE: Range = { min: 2000, max: 6500, step: 50 };

export function kelvinRange(attributes: Attributes): Range {
  return rangeOf(
    attributes,
    { min: 'min_color_temp_kelvin', max: 'max_color_temp_kelvin' },
    KELVIN_RANGE,
  );
}

/** What a light can do, from its colour modes and feature bits. */
export interface LightAbilities {
  brightness: boolean;
  colorTemp: boolean;
  color: boolean;
  effects: string[];
  transition: boolean;
}

export function lightAbilities(attributes: Attributes): LightAbilities {
  const modes = listedIn('supported_color_modes')(attributes);
  return {
    brightness: modes.some((m) => m !== 'onoff'),
    colorTemp: modes.includes('color_temp'),
    color: modes.some((m) => LIGHT_COLOR_MODES.includes(m)),
    effects: supports(attributes, LIGHT_FEATURES.EFFECT) ? listedIn('effect_list')(attributes) : [],
    transition: supports(attributes, LIGHT_FEATURES.TRANSITION),
  };
}

/** An RGB triple from `rgb_color` (native list or Python tuple text), or undefined. */
export function rgbOf(value: unknown): [number, number, number] | undefined {
  const list = attributeList(value);
  if (list?.length !== 3) return undefined;
  const rgb = list.map((v) => attributeNumber(v));
  if (!rgb.every((v) => v !== undefined && Number.isInteger(v) && v >= 0 && v <= 255)) {
    return undefined;
  }
  return rgb as [number, number, number];
}

/** HA's brightness 0–255 as a whole percentage. */
export const brightnessPct = (brightness: number) => Math.round((brightness / 255) * 100);
/** A percentage as HA's brightness 0–255 (how HA reads `brightness_pct`). */
export const brightnessOfPct = (pct: number) => Math.round((pct * 255) / 100);

const ability = (has: keyof LightAbilities, missing: string): Ability => ({
  has: (a) => Boolean(lightAbilities(a)[has]),
  missing,
});
const dimmable = ability('brightness', 'This light cannot be dimmed.');
const whites = ability('colorTemp', 'This light has no colour temperature.');
const colours = ability('color', 'This light has no colours.');

/** The transitions HA's own controls offer, in seconds; so does the page. */
export const TRANSITION_OFFERED: Range = { min: 0, max: 300, step: 1 };

/** A transition in seconds: HA takes up to 6553. Lights and scenes share it. */
export const TRANSITION_PARAM: NumberParam = {
  kind: 'number',
  label: 'Transition',
  unit: 's',
  bounds: { min: 0, max: 6553 },
  range: TRANSITION_OFFERED,
};

const FLASH_PARAM: ChoiceParam = { kind: 'choice', label: 'Flash', options: ['long', 'short'] };

const TURN_ON = {
  params: {
    brightness: wholeNumber('Brightness', 0, 255, { needs: dimmable }),
    brightness_pct: wholeNumber('Brightness', 0, 100, { unit: '%', needs: dimmable }),
    brightness_step: wholeNumber('Brightness step', -255, 255, { needs: dimmable }),
    brightness_step_pct: wholeNumber('Brightness step', -100, 100, { unit: '%', needs: dimmable }),
    color_temp_kelvin: wholeNumber('Colour temperature', 1, 100_000, {
      unit: 'K',
      range: kelvinRange,
      onStep: false,
      needs: whites,
    }),
    color_temp: wholeNumber('Colour temperature', 1, 100_000, { unit: 'mired', needs: whites }),
    rgb_color: { kind: 'rgb', label: 'Colour', needs: colours },
    hs_color: { kind: 'hs', label: 'Colour', needs: colours },
    effect: { kind: 'option', label: 'Effect', options: (a) => lightAbilities(a).effects },
    flash: FLASH_PARAM,
    transition: TRANSITION_PARAM,
  },
} as const satisfies ServiceSchema;

/**
 * Lights: on, off and toggle; turn_on (and toggle, which takes the same data) sets brightness,
 * a colour or a white temperature, an effect and a transition.
 */
export const LIGHT = defineDomain({
  name: 'light',
  features: LIGHT_FEATURES,
  services: {
    turn_on: TURN_ON,
    turn_off: { params: { transition: TRANSITION_PARAM, flash: FLASH_PARAM } },
    toggle: TURN_ON,
  },
});
