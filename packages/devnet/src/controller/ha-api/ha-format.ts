/**
 * How Home Assistant writes values into the states it publishes (docs/home-assistant.md): Python
 * str() of floats and datetimes. Time is handled in whole microseconds since the epoch so dates
 * keep HA's six fraction digits exactly.
 */

import { pythonFloatRepr } from './python-json.ts';

/** Microseconds since the epoch, now (the clock HA stamps state changes with). */
export function nowMicros(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function split(micros: number): { date: string; time: string; fraction: string } {
  if (!Number.isSafeInteger(micros)) throw new Error('A time is whole microseconds.');
  const seconds = Math.floor(micros / 1_000_000);
  const rest = micros - seconds * 1_000_000;
  const d = new Date(seconds * 1000);
  return {
    date: `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    fraction: rest === 0 ? '' : `.${pad(rest, 6)}`,
  };
}

/** Python str(datetime) in UTC: "2025-09-21 10:00:00.123456+00:00", no fraction when zero. */
export function pyDateStr(micros: number): string {
  const { date, time, fraction } = split(micros);
  return `${date} ${time}${fraction}+00:00`;
}

const PY_DATE = /^(\d{4})-(\d\d)-(\d\d)([ T])(\d\d):(\d\d):(\d\d)(?:\.(\d{6}))?\+00:00$/;

/**
 * Reads a UTC date written by pyDateStr or pyIsoFormat back into microseconds since the epoch,
 * with its separator (" " or "T"); undefined for any other text.
 */
export function parsePyDate(text: string): { micros: number; separator: ' ' | 'T' } | undefined {
  const match = PY_DATE.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, separator, h, mi, s, fraction] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) return undefined;
  return {
    micros: ms * 1000 + Number(fraction ?? 0),
    separator: separator as ' ' | 'T',
  };
}

/** Python datetime.isoformat() in UTC: as pyDateStr with a "T" (button and event states). */
export function pyIsoFormat(micros: number): string {
  const { date, time, fraction } = split(micros);
  return `${date}T${time}${fraction}+00:00`;
}

/** Python repr/str of a float: "21.0", "0.1", "1e-05", "1e+16", "-0.0", "inf". */
export const pyFloat = pythonFloatRepr;

/**
 * A number the way an entity already writes its values: Python float text when its current
 * value has a fraction part or an exponent ("80.0"), an integer otherwise ("120").
 */
export function likeExisting(value: number, existing: unknown): string {
  const floatStyle = typeof existing === 'string' && /[.eE]|inf|nan/.test(existing);
  if (!floatStyle && Number.isInteger(value)) return String(value);
  return pyFloat(value);
}
