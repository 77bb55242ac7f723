import type { LaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import {
  attributeNumber,
  entityDomain,
  type HaStates,
} from '@robonomics-dapp/robonomics/home-assistant/states';
import { climate } from './commands/climate.ts';
import { cover, lock } from './commands/cover-lock.ts';
import { fan } from './commands/fan.ts';
import { humidifier, waterHeater } from './commands/humidifier.ts';
import { mediaPlayer } from './commands/media-player.ts';
import {
  type ApplyContext,
  type Attributes,
  type Call,
  type CommandResult,
  type Data,
  type EntityUpdate,
  type Handler,
  numberAttr,
  ON_OFF,
  onlyKeys,
  onOff,
  onStep,
  Refusal,
  refuse,
  required,
  same,
  textList,
  toBool,
  toInt,
  toNumber,
  toText,
  unknownService,
} from './commands/schema.ts';
import { scene, script } from './commands/script-scene.ts';
import { update } from './commands/update.ts';
import { vacuum } from './commands/vacuum.ts';
import { likeExisting, pyDateStr, pyFloat, pyIsoFormat } from './ha-format.ts';

/**
 * What the sample home's Home Assistant does with a service call (docs/home-assistant.md,
 * Commands): `call(domain=platform, service=name, data=params without entity_id, target=entity_id)`.
 * Each service checks its data the way HA's schemas and entity methods do (unknown keys, ranges,
 * allowed options); a refused call changes nothing and says why. The domains added for the
 * devices page live in commands/, one file per family.
 */

export type {
  ApplyContext,
  Attributes,
  CommandResult,
  EntityUpdate,
  LightMemory,
} from './commands/schema.ts';

// ------------------------------------------------------------------------------------- light

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
const LIGHT_ON_KEYS = [
  'transition',
  'brightness',
  'brightness_pct',
  'brightness_step',
  'brightness_step_pct',
  'rgb_color',
  'hs_color',
  'color_temp_kelvin',
  'color_temp',
  'effect',
  'flash',
];
const COLOR_MODES = ['hs', 'rgb', 'xy', 'rgbw', 'rgbww'];

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

function colorTriple(data: Data, key: string, max: number): [number, number, number] | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max)
  ) {
    refuse(`value should be a list of 3 whole numbers from 0 to ${max} @ data['${key}']`);
  }
  return value as [number, number, number];
}

function hsPair(data: Data): [number, number] | undefined {
  const value = data.hs_color;
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'number' ||
    typeof value[1] !== 'number' ||
    value[0] < 0 ||
    value[0] > 360 ||
    value[1] < 0 ||
    value[1] > 100
  ) {
    refuse("value should be [hue 0-360, saturation 0-100] @ data['hs_color']");
  }
  return [value[0], value[1]];
}

function light(call: Call): EntityUpdate {
  const { entity, data, entityId } = call;
  const memory = call.ctx.lights ?? {};
  const isOn = entity.state === 'on';
  const turnOn = call.service === 'turn_on' || (call.service === 'toggle' && !isOn);
  if (!turnOn) {
    onlyKeys(data, call.service === 'toggle' ? ['transition'] : ['transition', 'flash']);
    toNumber(data, 'transition');
    if (isOn) {
      memory[entityId] = Object.fromEntries(
        LIGHT_OFF_KEYS.filter((key) => key in entity.attributes).map((key) => [
          key,
          entity.attributes[key],
        ]),
      );
    }
    const off = Object.fromEntries(
      LIGHT_OFF_KEYS.filter((key) => key in entity.attributes).map((key) => [key, 'None']),
    );
    return same(call, 'off', off);
  }

  onlyKeys(data, LIGHT_ON_KEYS);
  const transition = toNumber(data, 'transition');
  if (transition !== undefined && (transition < 0 || transition > 6553)) {
    refuse("value must be at most 6553 and at least 0 for dictionary value @ data['transition']");
  }
  const flash = data.flash;
  if (flash !== undefined && flash !== 'short' && flash !== 'long') {
    refuse("value must be one of ['long', 'short'] for dictionary value @ data['flash']");
  }
  const modes = textList(entity.attributes.supported_color_modes);
  const dimmable = modes.some((mode) => mode !== 'onoff');
  const remembered = memory[entityId] ?? {};
  const current = (key: string): unknown =>
    isOn ? entity.attributes[key] : (remembered[key] ?? entity.attributes[key]);

  const attributes: Attributes = {};
  // Brightness: absolute, percentage, or a step from the current value.
  const previous = attributeNumber(current('brightness')) ?? 255;
  let brightness = toInt(data, 'brightness', 0, 255);
  const pct = toInt(data, 'brightness_pct', 0, 100);
  const step = toInt(data, 'brightness_step', -255, 255);
  const stepPct = toInt(data, 'brightness_step_pct', -100, 100);
  if ([brightness, pct, step, stepPct].filter((v) => v !== undefined).length > 1) {
    refuse('two or more values in the same group of exclusion @ data[<brightness>]');
  }
  if (pct !== undefined) brightness = Math.round((pct * 255) / 100);
  if (step !== undefined) brightness = Math.max(0, Math.min(255, previous + step));
  if (stepPct !== undefined) {
    brightness = Math.max(0, Math.min(255, previous + Math.round((stepPct * 255) / 100)));
  }
  if (brightness !== undefined && !dimmable) refuse(`${entityId} does not support brightness.`);
  // Brightness 0 turns the light off, as in HA.
  if (brightness === 0) return light({ ...call, service: 'turn_off', data: {} });

  const rgb = colorTriple(data, 'rgb_color', 255);
  const hs = hsPair(data);
  const kelvin = toInt(data, 'color_temp_kelvin', 1, 100_000);
  const mireds = toInt(data, 'color_temp', 1, 100_000);
  const colors = [rgb, hs, kelvin, mireds].filter((v) => v !== undefined).length;
  if (colors > 1) refuse('two or more values in the same group of exclusion @ data[<color>]');

  let colorMode = current('color_mode');
  if (rgb !== undefined || hs !== undefined) {
    const mode = modes.find((m) => COLOR_MODES.includes(m));
    if (!mode) refuse(`${entityId} does not support colours.`);
    const [h, s] = hs ?? rgbToHs(rgb!);
    const color = rgb ?? hsToRgb(h, s);
    colorMode = mode;
    attributes.hs_color = pyFloatTuple([h, s]);
    attributes.rgb_color = pyIntTuple(color);
    if ('color_temp' in entity.attributes) attributes.color_temp = 'None';
    if ('color_temp_kelvin' in entity.attributes) attributes.color_temp_kelvin = 'None';
  }
  if (kelvin !== undefined || mireds !== undefined) {
    if (!modes.includes('color_temp')) refuse(`${entityId} does not support colour temperature.`);
    const minK = numberAttr(entity.attributes, 'min_color_temp_kelvin', 2000);
    const maxK = numberAttr(entity.attributes, 'max_color_temp_kelvin', 6500);
    const k = kelvin ?? Math.round(1_000_000 / mireds!);
    // HA clamps the colour temperature to what the light supports.
    const clamped = Math.max(minK, Math.min(maxK, k));
    colorMode = 'color_temp';
    attributes.color_temp_kelvin = clamped;
    attributes.color_temp = Math.round(1_000_000 / clamped);
  }
  const effect = toText(data, 'effect');
  if (effect !== undefined) {
    const effects = textList(entity.attributes.effect_list);
    if (!effects.includes(effect)) refuse(`${entityId} has no effect "${effect}".`);
    attributes.effect = effect;
  }

  // Back on: what the light had before, then what the call asks for.
  const restored: Attributes = {};
  if (!isOn) {
    for (const key of LIGHT_OFF_KEYS) {
      if (key in entity.attributes) restored[key] = remembered[key] ?? entity.attributes[key];
    }
    if (!('effect' in remembered) && 'effect' in entity.attributes) restored.effect = 'None';
  }
  if (dimmable && 'brightness' in entity.attributes) {
    attributes.brightness = brightness ?? previous;
  }
  if ('color_mode' in entity.attributes) {
    const fallback = modes.find((m) => m !== 'onoff') ?? 'onoff';
    attributes.color_mode =
      typeof colorMode === 'string' && colorMode !== 'None' ? colorMode : fallback;
  }
  return same(call, 'on', { ...restored, ...attributes });
}

// ---------------------------------------------------------------------- number, select, text

function numberEntity(call: Call): EntityUpdate {
  if (call.service !== 'set_value') return unknownService(call);
  onlyKeys(call.data, ['value']);
  const value = required(toNumber(call.data, 'value'), 'value');
  const { attributes } = call.entity;
  const min = numberAttr(attributes, 'min', 0);
  const max = numberAttr(attributes, 'max', 100);
  const step = numberAttr(attributes, 'step', 1);
  if (value < min || value > max) {
    refuse(
      `Value ${pyFloat(value)} for ${call.entityId} is outside valid range ${pyFloat(min)} - ${pyFloat(max)}`,
    );
  }
  if (!onStep(value, min, step)) {
    refuse(
      `Value ${pyFloat(value)} for ${call.entityId} is not a multiple of its step ${pyFloat(step)} from ${pyFloat(min)}.`,
    );
  }
  // Snap away float noise (0.30000000000000004 -> 0.3) at the step's precision.
  const decimals = Math.min(10, (String(step).split('.')[1] ?? '').length);
  const snapped = Number(value.toFixed(decimals));
  return same(call, likeExisting(snapped, call.entity.state));
}

function select(call: Call): EntityUpdate {
  const options = textList(call.entity.attributes.options);
  if (options.length === 0) refuse(`${call.entityId} has no options.`);
  const index = options.indexOf(call.entity.state);
  switch (call.service) {
    case 'select_option': {
      onlyKeys(call.data, ['option']);
      const option = required(toText(call.data, 'option'), 'option');
      if (!options.includes(option)) {
        refuse(
          `Option ${option} is not valid for ${call.entityId}. Valid options are: ${options.join(', ')}`,
        );
      }
      return same(call, option);
    }
    case 'select_first':
    case 'select_last':
      onlyKeys(call.data, []);
      return same(call, call.service === 'select_first' ? options[0]! : options.at(-1)!);
    case 'select_next':
    case 'select_previous': {
      onlyKeys(call.data, ['cycle']);
      const cycle = toBool(call.data, 'cycle', true);
      const delta = call.service === 'select_next' ? 1 : -1;
      let next = index === -1 ? (delta === 1 ? 0 : options.length - 1) : index + delta;
      if (next >= options.length) next = cycle ? 0 : options.length - 1;
      if (next < 0) next = cycle ? options.length - 1 : 0;
      return same(call, options[next]!);
    }
  }
  return unknownService(call);
}

function text(call: Call): EntityUpdate {
  if (call.service !== 'set_value') return unknownService(call);
  onlyKeys(call.data, ['value']);
  const value = required(toText(call.data, 'value'), 'value');
  const { attributes } = call.entity;
  const min = numberAttr(attributes, 'min', 0);
  const max = numberAttr(attributes, 'max', 100);
  const length = [...value].length;
  if (length < min || length > max) {
    refuse(
      `Value ${value} for ${call.entityId} is too ${length < min ? 'short' : 'long'} (${min} to ${max} characters).`,
    );
  }
  const pattern = attributes.pattern;
  if (typeof pattern === 'string' && pattern !== 'None' && pattern !== '') {
    let matches = false;
    try {
      matches = new RegExp(`^(?:${pattern})$`, 'u').test(value);
    } catch {
      refuse(`${call.entityId} has a pattern that cannot be checked.`);
    }
    if (!matches) refuse(`Value ${value} for ${call.entityId} doesn't match pattern ${pattern}`);
  }
  return same(call, value);
}

// ------------------------------------------------------------------------------------ valve

const VALVE_SET_POSITION = 4;

function valve(call: Call): EntityUpdate {
  const { entity, data } = call;
  const hasPosition = 'current_position' in entity.attributes;
  const features = numberAttr(entity.attributes, 'supported_features', 3);
  const to = (open: boolean, position?: number): EntityUpdate =>
    same(
      call,
      open ? 'open' : 'closed',
      hasPosition ? { current_position: position ?? (open ? 100 : 0) } : {},
    );
  switch (call.service) {
    case 'open_valve':
      onlyKeys(data, []);
      return to(true);
    case 'close_valve':
      onlyKeys(data, []);
      return to(false);
    case 'toggle':
      onlyKeys(data, []);
      return to(entity.state === 'closed' || entity.state === 'closing');
    case 'stop_valve':
      onlyKeys(data, []);
      // The simulated valve moves instantly, so there is never a movement to stop.
      return same(call, entity.state);
    case 'set_valve_position': {
      onlyKeys(data, ['position']);
      if (!hasPosition || (features & VALVE_SET_POSITION) === 0) {
        refuse(`Entity ${call.entityId} does not support action valve.set_valve_position`);
      }
      const position = required(toInt(data, 'position', 0, 100), 'position');
      return to(position > 0, position);
    }
  }
  return unknownService(call);
}

// --------------------------------------------------------------------------- everything else

function button(call: Call): EntityUpdate {
  if (call.service !== 'press') return unknownService(call);
  onlyKeys(call.data, []);
  // A button's state is the time of its last press, in ISO format.
  return same(call, pyIsoFormat(call.ctx.now));
}

function automation(call: Call): EntityUpdate {
  if (call.service === 'trigger') {
    onlyKeys(call.data, ['skip_condition', 'variables']);
    toBool(call.data, 'skip_condition', true);
    return same(call, call.entity.state, { last_triggered: pyDateStr(call.ctx.now) });
  }
  if (ON_OFF.includes(call.service)) {
    const update = onOff(call, call.service === 'turn_off' ? ['stop_actions'] : []);
    return update;
  }
  return unknownService(call);
}

const HANDLERS: Record<string, Handler> = {
  switch: (call) => (ON_OFF.includes(call.service) ? onOff(call) : unknownService(call)),
  input_boolean: (call) => (ON_OFF.includes(call.service) ? onOff(call) : unknownService(call)),
  light,
  climate,
  number: numberEntity,
  select,
  text,
  valve,
  button,
  automation,
  cover,
  lock,
  fan,
  media_player: mediaPlayer,
  script,
  scene,
  vacuum,
  humidifier,
  water_heater: waterHeater,
  update,
};

/** The domains and services this home answers, for the config's `services`. */
export const SUPPORTED_DOMAINS = Object.keys(HANDLERS);

/**
 * Works out what a call does to the home without changing it. Refusals name the reason as HA
 * would report it (a missing entity, an unknown action, a schema or range error).
 */
export function planCommand(
  states: HaStates,
  command: LaunchCommand,
  ctx: ApplyContext,
): CommandResult {
  const { platform, name, params } = command;
  const { entity_id: entityId, ...data } = params;
  if (typeof entityId !== 'string' || !entityId) {
    return { ok: false, error: 'The command has no entity_id.' };
  }
  const handler = Object.hasOwn(HANDLERS, platform) ? HANDLERS[platform] : undefined;
  if (!handler) return { ok: false, error: `Action ${platform}.${name} not found.` };
  if (entityDomain(entityId) !== platform) {
    return { ok: false, error: `${entityId} is not a ${platform} entity.` };
  }
  const entity = Object.hasOwn(states.entities, entityId) ? states.entities[entityId] : undefined;
  if (!entity) return { ok: false, error: `Entity ${entityId} not found.` };
  if (entity.state === 'unavailable') {
    return { ok: false, error: `Entity ${entityId} is unavailable.` };
  }
  try {
    const update = handler({ entityId, entity, service: name, data, ctx });
    const changed =
      update.state !== entity.state ||
      JSON.stringify(update.attributes) !== JSON.stringify(entity.attributes);
    return { ok: true, entityId, update, changed };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Applies a call to the home: the entity gets its new state and attributes, and a change of
 * the state text adds a history entry {state, date} (HA's history holds state changes only).
 */
export function applyCommand(
  states: HaStates,
  command: LaunchCommand,
  ctx: ApplyContext,
): CommandResult {
  const result = planCommand(states, command, ctx);
  if (!result.ok || !result.changed) return result;
  const entity = states.entities[result.entityId]!;
  if (result.update.state !== entity.state) {
    entity.history = [
      ...(entity.history ?? []),
      { state: result.update.state, date: pyDateStr(ctx.now) },
    ];
  }
  entity.state = result.update.state;
  entity.attributes = result.update.attributes;
  return result;
}
