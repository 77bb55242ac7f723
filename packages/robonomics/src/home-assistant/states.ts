import { toTwinId } from './config.ts';
import {
  isPlainObject,
  parsePayload,
  parseStringifiedList,
  payloadObject,
  type Validation,
} from './python-payload.ts';

/**
 * The states/telemetry payload (docs/home-assistant.md, The states):
 * {devices: {id: device}, entities: {entity_id: {units, state, attributes, history?}}, twin_id}.
 * HA str()-s most values, so fields are kept as the producer writes them (units "None", float
 * attributes as text) and the helpers below decode them.
 */

export interface HaHistoryEntry {
  state: string;
  /** Python str(datetime): "2025-09-21 10:00:00.123456+00:00", microseconds omitted when zero. */
  date: string;
}

export interface HaEntityState {
  /** "None" when the entity has no unit. */
  units: string;
  state: string;
  attributes: Record<string, unknown>;
  /** Last 24 h of changes; absent in the live libp2p snapshots. */
  history?: HaHistoryEntry[];
}

export interface HaDevice {
  name: string;
  entities: string[];
  config_entries: string[];
  manufacturer: string | null;
  model: string | null;
  via_device: string | null;
  connections: [string, string][];
  suggested_area: string | null;
  area_id: string | null;
}

export interface HaStates {
  devices: Record<string, HaDevice>;
  entities: Record<string, HaEntityState>;
  /** -1 when unknown. */
  twin_id: number;
}

const NONE = 'None';

/** Text the way HA str()-s a scalar; objects and missing values give the fallback. */
function scalarText(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return fallback;
}

function textOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === NONE) return null;
  return typeof value === 'object' ? null : scalarText(value, '');
}

function textList(value: unknown): string[] {
  const list = parseStringifiedList(value) ?? [];
  return list.filter((item) => typeof item === 'string' || typeof item === 'number').map(String);
}

function toAttributes(value: unknown): Record<string, unknown> {
  if (isPlainObject(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed = parsePayload(value);
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // Unreadable attributes are dropped rather than failing the whole payload.
    }
  }
  return {};
}

function toHistory(value: unknown): HaHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const out: HaHistoryEntry[] = [];
  for (const item of value) {
    if (!isPlainObject(item) || typeof item.date !== 'string') continue;
    out.push({ state: scalarText(item.state, NONE), date: item.date });
  }
  return out;
}

function toEntity(value: Record<string, unknown>): HaEntityState {
  const entity: HaEntityState = {
    units: value.units === null || value.units === undefined ? NONE : scalarText(value.units, NONE),
    state: scalarText(value.state, value.state === null ? NONE : 'unknown'),
    attributes: toAttributes(value.attributes),
  };
  if ('history' in value) entity.history = toHistory(value.history);
  return entity;
}

function toDevice(value: Record<string, unknown>): HaDevice {
  const connections = (Array.isArray(value.connections) ? value.connections : [])
    .map((pair) => parseStringifiedList(pair))
    .filter((pair): pair is unknown[] => !!pair && pair.length === 2)
    .map((pair) => [scalarText(pair[0], ''), scalarText(pair[1], '')] as [string, string]);
  return {
    name: textOrNull(value.name) ?? '',
    entities: textList(value.entities),
    config_entries: textList(value.config_entries),
    manufacturer: textOrNull(value.manufacturer),
    model: textOrNull(value.model),
    via_device: textOrNull(value.via_device),
    connections,
    suggested_area: textOrNull(value.suggested_area),
    area_id: textOrNull(value.area_id),
  };
}

function objectMap<T>(
  value: unknown,
  convert: (item: Record<string, unknown>) => T,
): Record<string, T> {
  if (!isPlainObject(value)) return {};
  const entries: [string, T][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (isPlainObject(item)) entries.push([key, convert(item)]);
  }
  // fromEntries defines own keys: an entity called "__proto__" stays data.
  return Object.fromEntries(entries);
}

/** Validates the telemetry (datalog/IPFS, with history) or a live snapshot (without). */
export function validateHaStates(input: unknown): Validation<HaStates> {
  const read = payloadObject(input, 'Home Assistant states');
  if (!read.ok) return read;
  const raw = read.value;
  if (!isPlainObject(raw.entities) && !isPlainObject(raw.devices)) {
    return {
      ok: false,
      error: 'This is not a Home Assistant states payload: it has no "entities" or "devices".',
    };
  }
  return {
    ok: true,
    value: {
      devices: objectMap(raw.devices, toDevice),
      entities: objectMap(raw.entities, toEntity),
      twin_id: toTwinId(raw.twin_id),
    },
  };
}

/** "light.kitchen" -> "light". */
export function entityDomain(entityId: string): string {
  const dot = entityId.indexOf('.');
  return dot === -1 ? '' : entityId.slice(0, dot);
}

/** HA writes missing values as the text "None". */
export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === NONE;
}

/** The unit to show, or undefined when HA wrote "None". */
export function unitsOf(entity: HaEntityState): string | undefined {
  return isMissing(entity.units) || entity.units === '' ? undefined : entity.units;
}

/** A number from a native number or from the text HA makes of floats ("21.5"). */
export function attributeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    return undefined;
  }
  return Number(value);
}

/** A list from a native array or from the Python repr HA makes of lists ("['heat', 'off']"). */
export function attributeList(value: unknown): unknown[] | undefined {
  return parseStringifiedList(value);
}

const HA_DATE =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch (microseconds kept as the fraction) of a Python str(datetime);
 * "T" and "Z" are accepted too. A date without offset is taken as UTC. Undefined when invalid.
 */
export function parseHaDate(text: string): number | undefined {
  const m = HA_DATE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  const base = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(base);
  // Date.UTC rolls 2025-02-30 over to March; such dates are invalid here.
  const valid =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!valid) return undefined;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    offsetMinutes =
      (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3)));
  }
  const micros = frac ? Number(frac.padEnd(6, '0')) : 0;
  return base - offsetMinutes * 60_000 + micros / 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The UTC date text HA writes for a time in milliseconds (a fraction of a millisecond gives
 * microseconds): "2025-09-21 10:00:00.123456+00:00", without fraction when it is zero.
 */
export function formatHaDate(time: number | Date): string {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (!Number.isFinite(ms)) throw new Error('Not a valid time.');
  const whole = Math.floor(ms / 1000) * 1000;
  const micros = Math.round((ms - whole) * 1000);
  const date = new Date(whole + Math.floor(micros / 1_000_000) * 1000);
  const fraction = micros % 1_000_000 === 0 ? '' : `.${pad(micros % 1_000_000, 6)}`;
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    `${fraction}+00:00`
  );
}
