import { attributeList, attributeNumber, isMissing } from '../states.ts';

/**
 * Readers of an entity's attributes shared by every domain module: feature bits, lists, texts
 * and ranges, as Home Assistant writes them (floats as text, lists as Python text, missing values
 * as "None"; docs/home-assistant.md, "Services by domain"). Everything here tolerates odd data: a
 * missing or malformed attribute gives "not supported" or the domain's default, never an
 * exception.
 */

export type Attributes = Record<string, unknown>;

/** Lists longer than this are cut: a huge attribute must not make a huge select. */
export const MAX_OPTIONS = 200;
/** Text attributes are read up to this length. */
export const MAX_TEXT = 500;

/**
 * The entity's `supported_features`, or `whenMissing` when it has none (or no number). Negative
 * or fractional values support nothing.
 */
export function featuresOf(attributes: Attributes, whenMissing = 0): number {
  const features = attributeNumber(attributes.supported_features);
  if (features === undefined) return whenMissing;
  return Number.isInteger(features) && features >= 0 ? features : 0;
}

/** Whether `supported_features` has any bit of `bits`; missing or odd values support nothing. */
export function supports(attributes: Attributes, bits: number, whenMissing = 0): boolean {
  return (featuresOf(attributes, whenMissing) & bits) !== 0;
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
 * number, or inconsistent (min not below max, step not positive).
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

/** Why `value` is refused for `label` in `range`, in the user's words, or null when it is fine. */
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

/** The options an entity lists in the attribute `key` ("['heat', 'off']"), as texts. */
export const listedIn =
  (key: string) =>
  (attributes: Attributes): string[] =>
    textOptions(attributes[key]);
