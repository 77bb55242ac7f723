import {
  attributeList,
  attributeNumber,
  isMissing,
  parseHaDate,
} from '@robonomics-dapp/robonomics/home-assistant/states';

/**
 * Pure rules for the devices page's controls: which features an entity has, the ranges and steps
 * of its values, what its state reads as, and whether a command stays within what the entity
 * accepts (checked before anything is sent). The services and attributes per domain are
 * described in docs/home-assistant.md, "Services by domain". Everything here tolerates odd data:
 * a missing or malformed attribute gives "not supported", never an exception.
 */

type Attributes = Record<string, unknown>;

/** Feature bits per domain, as HA numbers them in `supported_features`. */
export const FEATURES = {
  light: { EFFECT: 4, FLASH: 8, TRANSITION: 32 },
  climate: { TARGET_TEMPERATURE: 1, FAN_MODE: 8, PRESET_MODE: 16, SWING_MODE: 32 },
  cover: { OPEN: 1, CLOSE: 2, SET_POSITION: 4, STOP: 8 },
  valve: { OPEN: 1, CLOSE: 2, SET_POSITION: 4, STOP: 8 },
  lock: { OPEN: 1 },
  fan: { SET_SPEED: 1, OSCILLATE: 2, DIRECTION: 4, PRESET_MODE: 8 },
  media_player: {
    PAUSE: 1,
    VOLUME_SET: 4,
    VOLUME_MUTE: 8,
    PREVIOUS_TRACK: 16,
    NEXT_TRACK: 32,
    TURN_ON: 128,
    TURN_OFF: 256,
    SELECT_SOURCE: 2048,
    STOP: 4096,
    PLAY: 16384,
  },
  vacuum: { PAUSE: 4, STOP: 8, RETURN_HOME: 16, FAN_SPEED: 32, LOCATE: 512, START: 8192 },
  humidifier: { MODES: 1 },
  water_heater: { TARGET_TEMPERATURE: 1, OPERATION_MODE: 2, AWAY_MODE: 4, ON_OFF: 8 },
  update: { INSTALL: 1, SPECIFIC_VERSION: 2, PROGRESS: 4, BACKUP: 8 },
} as const;

/** Lists longer than this are cut: a huge attribute must not make a huge select. */
export const MAX_OPTIONS = 200;
/** Text attributes are shown up to this length. */
export const MAX_TEXT = 500;

/** Whether `supported_features` has `bit`; missing or odd values support nothing. */
export function supports(attributes: Attributes, bit: number): boolean {
  const features = attributeNumber(attributes.supported_features);
  if (features === undefined || !Number.isInteger(features) || features < 0) return false;
  return (features & bit) !== 0;
}

/** A list attribute as texts (native or Python repr), at most MAX_OPTIONS, without blanks. */
export function textOptions(value: unknown): string[] {
  const list = attributeList(value) ?? [];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' && typeof item !== 'number') continue;
    const text = String(item);
    if (text === '' || out.includes(text)) continue;
    out.push(text.slice(0, MAX_TEXT));
    if (out.length >= MAX_OPTIONS) break;
  }
  return out;
}

/** A text attribute, or undefined when HA wrote None or it is no text. */
export function textAttribute(value: unknown): string | undefined {
  if (isMissing(value)) return undefined;
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export interface Range {
  min: number;
  max: number;
  step: number;
}

/**
 * A range from attributes, falling back to `fallback` for any bound that is missing, not a
 * number, or inconsistent (min above max, step not positive).
 */
export function rangeOf(
  attributes: Attributes,
  keys: { min: string; max: string; step?: string },
  fallback: Range,
): Range {
  let min = attributeNumber(attributes[keys.min]) ?? fallback.min;
  let max = attributeNumber(attributes[keys.max]) ?? fallback.max;
  if (!(min < max)) {
    min = fallback.min;
    max = fallback.max;
  }
  const step = keys.step ? attributeNumber(attributes[keys.step]) : undefined;
  return { min, max, step: step !== undefined && step > 0 ? step : fallback.step };
}

/** Whole steps from min, allowing float noise (0.1 + 0.2). */
export function onStep(value: number, range: Range): boolean {
  const steps = (value - range.min) / range.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** A value moved by `delta` steps, kept in range and on the step's precision. */
export function stepValue(value: number, delta: number, range: Range): number {
  const decimals = Math.min(6, (String(range.step).split('.')[1] ?? '').length);
  const next = Number((value + delta * range.step).toFixed(decimals));
  return Math.max(range.min, Math.min(range.max, next));
}

const fmt = (n: number) => String(Number(n.toFixed(6)));

/** Why `value` is refused for `label` in `range`, or null when it is fine. */
export function checkInRange(
  label: string,
  value: number,
  range: Range,
  unit = '',
  checkStep = true,
): string | null {
  const u = unit === '' || /^[°%]/.test(unit) ? unit : ` ${unit}`;
  if (!Number.isFinite(value)) return `${label} must be a number.`;
  if (value < range.min || value > range.max) {
    return `${label} must be between ${fmt(range.min)}${u} and ${fmt(range.max)}${u}.`;
  }
  if (checkStep && !onStep(value, range)) {
    return `${label} must be in steps of ${fmt(range.step)}${u} from ${fmt(range.min)}${u}.`;
  }
  return null;
}

// ------------------------------------------------------------------------------ per domain

/** Default ranges HA uses when an entity does not say. */
export const CLIMATE_RANGE: Range = { min: 7, max: 35, step: 0.5 };
export const HUMIDITY_RANGE: Range = { min: 0, max: 100, step: 1 };
export const WATER_HEATER_RANGE: Range = { min: 43.3, max: 60, step: 0.5 };
export const KELVIN_RANGE: Range = { min: 2000, max: 6500, step: 50 };

export function climateRange(attributes: Attributes): Range {
  return rangeOf(
    attributes,
    { min: 'min_temp', max: 'max_temp', step: 'target_temp_step' },
    CLIMATE_RANGE,
  );
}

export function waterHeaterRange(attributes: Attributes): Range {
  return rangeOf(
    attributes,
    { min: 'min_temp', max: 'max_temp', step: 'target_temp_step' },
    WATER_HEATER_RANGE,
  );
}

export function humidityRange(attributes: Attributes): Range {
  return rangeOf(attributes, { min: 'min_humidity', max: 'max_humidity' }, HUMIDITY_RANGE);
}

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

const COLOR_MODES = ['hs', 'rgb', 'xy', 'rgbw', 'rgbww'];

export function lightAbilities(attributes: Attributes): LightAbilities {
  const modes = textOptions(attributes.supported_color_modes);
  return {
    brightness: modes.some((m) => m !== 'onoff'),
    colorTemp: modes.includes('color_temp'),
    color: modes.some((m) => COLOR_MODES.includes(m)),
    effects: supports(attributes, FEATURES.light.EFFECT) ? textOptions(attributes.effect_list) : [],
    transition: supports(attributes, FEATURES.light.TRANSITION),
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

export function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToRgb(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return undefined;
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)];
}

/** HA's brightness 0–255 as a whole percentage. */
export const brightnessPct = (brightness: number) => Math.round((brightness / 255) * 100);

// ------------------------------------------------------------------------------ the state

export type Tone = 'on' | 'off' | 'unavailable';

const ON_STATES = new Set([
  'on',
  'open',
  'opening',
  'closing',
  'unlocked',
  'unlocking',
  'playing',
  'paused',
  'buffering',
  'cleaning',
  'returning',
  'heat',
  'cool',
  'heat_cool',
  'auto',
  'dry',
  'fan_only',
  'home',
  'armed_home',
  'armed_away',
  'triggered',
]);

/** How the domain icon is tinted: active, inactive, or not reachable. */
export function stateTone(domain: string, state: string, attributes: Attributes = {}): Tone {
  if (state === 'unavailable' || state === 'unknown') return 'unavailable';
  if (domain === 'water_heater') return state === 'off' ? 'off' : 'on';
  if (domain === 'lock') return state === 'locked' ? 'off' : 'on';
  if (domain === 'climate' && state !== 'off') return 'on';
  if (domain === 'media_player') return ['off', 'standby', 'idle'].includes(state) ? 'off' : 'on';
  if (domain === 'light' || domain === 'fan' || domain === 'humidifier') {
    return state === 'on' ? 'on' : 'off';
  }
  if (domain === 'sensor' || domain === 'weather' || domain === 'text' || domain === 'number') {
    return 'on';
  }
  if (domain === 'update') return state === 'on' && attributes.in_progress !== true ? 'on' : 'off';
  return ON_STATES.has(state) ? 'on' : 'off';
}

const WORDS: Record<string, Record<string, string>> = {
  update: { on: 'Update available', off: 'Up to date' },
  binary_sensor: { on: 'Detected', off: 'Clear' },
  script: { on: 'Running', off: 'Ready' },
};

/** Domains whose state is the time something last happened (ISO date). */
const TIME_STATES = new Set(['scene', 'button', 'input_button', 'event', 'tts']);

/**
 * The state in words: "On", "Heat/cool", "Update available", a time for scenes and buttons
 * (via `formatTime`), numbers as they are.
 */
export function stateWords(
  domain: string,
  state: string,
  formatTime: (ms: number) => string,
): string {
  if (state === 'unavailable') return 'Unavailable';
  if (state === 'unknown' || state === 'None' || state === '') return 'Unknown';
  const special = WORDS[domain]?.[state];
  if (special) return special;
  if (TIME_STATES.has(domain)) {
    const time = parseHaDate(state);
    if (time !== undefined) return formatTime(time);
  }
  if (/^[a-z][a-z0-9_]*$/.test(state)) {
    if (state === 'heat_cool') return 'Heat/cool';
    const words = state.replace(/_/g, ' ');
    return words[0]!.toUpperCase() + words.slice(1);
  }
  return state.slice(0, MAX_TEXT);
}

// ------------------------------------------------------------------------------ commands

/**
 * Why a command is refused before it is sent, in the user's words, or null when it may go.
 * It checks what the entity itself says it accepts (ranges, steps, lists, lengths, patterns);
 * the controller checks again and answers with Home Assistant's own errors.
 */
export function checkCommand(
  domain: string,
  attributes: Attributes,
  service: string,
  params: Record<string, unknown> = {},
): string | null {
  const num = (key: string) => attributeNumber(params[key]) ?? Number.NaN;
  const inList = (label: string, key: string, listKey: string): string | null => {
    const value = params[key];
    const list = textOptions(attributes[listKey]);
    if (typeof value !== 'string' || !list.includes(value)) {
      return `${label} must be one of: ${list.join(', ') || 'none offered'}.`;
    }
    return null;
  };
  switch (`${domain}.${service}`) {
    case 'light.turn_on': {
      const abilities = lightAbilities(attributes);
      if ('brightness' in params) {
        if (!abilities.brightness) return 'This light cannot be dimmed.';
        const error = checkInRange('Brightness', num('brightness'), { min: 0, max: 255, step: 1 });
        if (error) return error;
      }
      if ('color_temp_kelvin' in params) {
        if (!abilities.colorTemp) return 'This light has no colour temperature.';
        const error = checkInRange(
          'Colour temperature',
          num('color_temp_kelvin'),
          kelvinRange(attributes),
          'K',
          false,
        );
        if (error) return error;
      }
      if ('rgb_color' in params) {
        if (!abilities.color) return 'This light has no colours.';
        if (!rgbOf(params.rgb_color)) return 'The colour must be three values from 0 to 255.';
      }
      if ('effect' in params && !abilities.effects.includes(String(params.effect))) {
        return `Effect must be one of: ${abilities.effects.join(', ') || 'none offered'}.`;
      }
      if ('transition' in params) {
        return checkInRange('Transition', num('transition'), { min: 0, max: 300, step: 1 }, 's');
      }
      return null;
    }
    case 'climate.set_temperature':
      return checkInRange('Temperature', num('temperature'), climateRange(attributes), '°');
    case 'climate.set_hvac_mode':
      return inList('Mode', 'hvac_mode', 'hvac_modes');
    case 'climate.set_fan_mode':
      return inList('Fan mode', 'fan_mode', 'fan_modes');
    case 'climate.set_preset_mode':
      return inList('Preset', 'preset_mode', 'preset_modes');
    case 'climate.set_swing_mode':
      return inList('Swing mode', 'swing_mode', 'swing_modes');
    case 'humidifier.set_humidity':
      return checkInRange('Humidity', num('humidity'), humidityRange(attributes), '%');
    case 'humidifier.set_mode':
      return inList('Mode', 'mode', 'available_modes');
    case 'water_heater.set_temperature':
      return checkInRange('Temperature', num('temperature'), waterHeaterRange(attributes), '°');
    case 'water_heater.set_operation_mode':
      return inList('Operation mode', 'operation_mode', 'operation_list');
    case 'cover.set_cover_position':
      return checkInRange('Position', num('position'), { min: 0, max: 100, step: 1 }, '%');
    case 'valve.set_valve_position':
      return checkInRange('Position', num('position'), { min: 0, max: 100, step: 1 }, '%');
    case 'fan.set_percentage':
      return checkInRange('Speed', num('percentage'), { min: 0, max: 100, step: 1 }, '%');
    case 'fan.set_preset_mode':
      return inList('Preset', 'preset_mode', 'preset_modes');
    case 'media_player.volume_set':
      return checkInRange('Volume', num('volume_level'), { min: 0, max: 1, step: 0.01 }, '', false);
    case 'media_player.select_source':
      return inList('Source', 'source', 'source_list');
    case 'vacuum.set_fan_speed':
      return inList('Fan speed', 'fan_speed', 'fan_speed_list');
    case 'select.select_option':
    case 'input_select.select_option':
      return inList('Option', 'option', 'options');
    case 'number.set_value':
    case 'input_number.set_value': {
      const range = rangeOf(
        attributes,
        { min: 'min', max: 'max', step: 'step' },
        {
          min: 0,
          max: 100,
          step: 1,
        },
      );
      return checkInRange('Value', num('value'), range);
    }
    case 'text.set_value':
    case 'input_text.set_value':
      return checkText(attributes, params.value);
  }
  return null;
}

/** A text value against the entity's min/max length and pattern. */
export function checkText(attributes: Attributes, value: unknown): string | null {
  if (typeof value !== 'string') return 'Enter a text.';
  const { min, max } = rangeOf(
    attributes,
    { min: 'min', max: 'max' },
    {
      min: 0,
      max: 255,
      step: 1,
    },
  );
  const length = [...value].length;
  if (length < min) return `The text must be at least ${min} characters long.`;
  if (length > max) return `The text must be at most ${max} characters long.`;
  const pattern = textAttribute(attributes.pattern);
  if (pattern) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      return null;
    }
    if (!re.test(value)) return `The text must match the pattern ${pattern}.`;
  }
  return null;
}

// ------------------------------------------------------------------------------ YAML view

const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9_ .:/+-]*$/;

function yamlScalar(value: unknown): string {
  if (value === null || value === undefined || value === 'None') return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  const text = String(value);
  const reserved = /^(true|false|null|yes|no|on|off|~|[-+]?\d[\d.eE+-]*)$/i.test(text);
  if (PLAIN.test(text) && !reserved && !text.endsWith(' ') && !text.includes(': ')) return text;
  return JSON.stringify(text);
}

/**
 * An automation's attributes as YAML (what the card's YAML view shows): lists written by HA as
 * Python text become YAML lists; nested objects are indented.
 */
export function toYaml(value: Record<string, unknown>, indent = 0): string {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const k = PLAIN.test(key) ? key : JSON.stringify(key);
    const list = typeof raw === 'string' && raw.startsWith('[') ? attributeList(raw) : undefined;
    const item = list ?? raw;
    if (Array.isArray(item)) {
      if (item.length === 0) lines.push(`${pad}${k}: []`);
      else {
        lines.push(`${pad}${k}:`);
        for (const element of item) lines.push(`${pad}  - ${yamlScalar(element)}`);
      }
    } else if (item && typeof item === 'object') {
      lines.push(`${pad}${k}:`);
      lines.push(toYaml(item as Record<string, unknown>, indent + 2));
    } else {
      lines.push(`${pad}${k}: ${yamlScalar(item)}`);
    }
  }
  return lines.join('\n');
}
