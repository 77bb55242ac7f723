import {
  attributeList,
  attributeNumber,
  entityDomain,
  type HaEntityState,
} from '@robonomics-dapp/robonomics/home-assistant/states';

/**
 * What every service handler of the sample home shares: the call, its result, and checks of the
 * call's data that answer the way HA's schemas do (docs/home-assistant.md, Services by domain).
 */

export type Attributes = Record<string, unknown>;

/** The entity as it should be after the call. */
export interface EntityUpdate {
  state: string;
  attributes: Attributes;
}

export type CommandResult =
  | { ok: true; entityId: string; update: EntityUpdate; changed: boolean }
  | { ok: false; error: string };

/** What a light remembers while it is off, to come back the same when turned on. */
export type LightMemory = Record<string, Attributes>;

export interface ApplyContext {
  /** Microseconds since the epoch: HA's clock for the call. */
  now: number;
  /** Per-light attributes from the last time it was on; updated in place. */
  lights?: LightMemory;
}

export class Refusal extends Error {}

export function refuse(message: string): never {
  throw new Refusal(message);
}

export type Data = Record<string, unknown>;

/** HA schemas reject keys they do not know: "extra keys not allowed @ data['x']". */
export function onlyKeys(data: Data, allowed: readonly string[]): void {
  for (const key of Object.keys(data)) {
    if (!allowed.includes(key)) refuse(`extra keys not allowed @ data['${key}']`);
  }
}

/** vol.Coerce(float): numbers and numeric text. */
export function toNumber(data: Data, key: string): number | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) refuse(`expected float for dictionary value @ data['${key}']`);
  return n;
}

/** vol.Coerce(int) with a range, as HA's light schema has for brightness. */
export function toInt(data: Data, key: string, min: number, max: number): number | undefined {
  const n = toNumber(data, key);
  if (n === undefined) return undefined;
  const whole = Math.trunc(n);
  if (whole < min || whole > max) {
    refuse(
      `value must be at most ${max} and at least ${min} for dictionary value @ data['${key}']`,
    );
  }
  return whole;
}

export function toBool(data: Data, key: string, fallback: boolean): boolean {
  const value = data[key];
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false|on|off|yes|no|1|0)$/i.test(value)) {
    return /^(true|on|yes|1)$/i.test(value);
  }
  refuse(`expected boolean for dictionary value @ data['${key}']`);
}

export function toText(data: Data, key: string): string | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  refuse(`expected str for dictionary value @ data['${key}']`);
}

export function required<T>(value: T | undefined, key: string): T {
  if (value === undefined) refuse(`required key not provided @ data['${key}']`);
  return value;
}

export function textList(value: unknown): string[] {
  return (attributeList(value) ?? []).map(String);
}

export function numberAttr(attributes: Attributes, key: string, fallback: number): number {
  return attributeNumber(attributes[key]) ?? fallback;
}

/** A fraction of a step off is float noise ("0.30000000000000004"). */
export function onStep(value: number, min: number, step: number): boolean {
  if (!(step > 0)) return true;
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export interface Call {
  entityId: string;
  entity: HaEntityState;
  service: string;
  data: Data;
  ctx: ApplyContext;
}

export type Handler = (call: Call) => EntityUpdate;

export const same = (call: Call, state: string, attributes: Attributes = {}): EntityUpdate => ({
  state,
  attributes: { ...call.entity.attributes, ...attributes },
});

/** turn_on / turn_off / toggle of anything whose state is "on" or "off". */
export function onOff(call: Call, allowed: readonly string[] = []): EntityUpdate {
  onlyKeys(call.data, allowed);
  const on = call.entity.state === 'on';
  const target = call.service === 'toggle' ? !on : call.service === 'turn_on';
  return same(call, target ? 'on' : 'off');
}

export const ON_OFF = ['turn_on', 'turn_off', 'toggle'];

export function unknownService(call: Call): never {
  refuse(`Action ${entityDomain(call.entityId)}.${call.service} not found.`);
}
