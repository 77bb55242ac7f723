import {
  type Attributes,
  featuresOf,
} from '@robonomics-dapp/robonomics/home-assistant/domains/attributes';
import type {
  DomainSchema,
  Param,
  ServiceSchema,
  Values,
} from '@robonomics-dapp/robonomics/home-assistant/domains/service-schema';
import type { HaEntityState } from '@robonomics-dapp/robonomics/home-assistant/states';

/**
 * What every service handler of the sample home shares: the call, its result, and the reading of
 * the call's data against the service's declaration in packages/robonomics (which parameters,
 * their kinds and bounds, the feature bits the action needs), answered in the words of HA's
 * schemas (docs/home-assistant.md, "Services by domain"). Each domain's handlers then only check
 * what the entity itself decides, in the words of HA's entity methods, and say what changes.
 */

export type { Attributes };

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

export interface Call {
  entityId: string;
  entity: HaEntityState;
  service: string;
  /** The data as the call carried it, without entity_id. */
  data: Data;
  ctx: ApplyContext;
}

/** vol.Coerce(float): numbers and numeric text. */
function toNumber(value: unknown, key: string): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) refuse(`expected float for dictionary value @ data['${key}']`);
  return n;
}

/** cv.boolean: booleans, 1 and 0, and the words HA knows. */
function toBool(value: unknown, key: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string' && /^(true|false|on|off|yes|no|1|0)$/i.test(value)) {
    return /^(true|on|yes|1)$/i.test(value);
  }
  refuse(`expected boolean for dictionary value @ data['${key}']`);
}

/** cv.string: text, and numbers as text. */
function toText(value: unknown, key: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  refuse(`expected str for dictionary value @ data['${key}']`);
}

function colourTriple(value: unknown, key: string): [number, number, number] {
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255)
  ) {
    refuse(`value should be a list of 3 whole numbers from 0 to 255 @ data['${key}']`);
  }
  return value as [number, number, number];
}

function huePair(value: unknown, key: string): [number, number] {
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
    refuse(`value should be [hue 0-360, saturation 0-100] @ data['${key}']`);
  }
  return [value[0], value[1]];
}

/** One parameter as HA's schema reads it: coerced to its kind, within the schema's bounds. */
function accept(param: Param, key: string, value: unknown): unknown {
  switch (param.kind) {
    case 'number': {
      const n = toNumber(value, key);
      const number = param.whole ? Math.trunc(n) : n;
      const bounds = param.bounds;
      if (bounds && (number < bounds.min || number > bounds.max)) {
        refuse(
          `value must be at most ${bounds.max} and at least ${bounds.min} for dictionary value @ data['${key}']`,
        );
      }
      return number;
    }
    case 'boolean':
      return toBool(value, key);
    case 'choice':
      if (typeof value !== 'string' || !param.options.includes(value)) {
        const options = param.options.map((option) => `'${option}'`).join(', ');
        refuse(`value must be one of [${options}] for dictionary value @ data['${key}']`);
      }
      return value;
    case 'option':
    case 'text':
      return toText(value, key);
    case 'rgb':
      return colourTriple(value, key);
    case 'hs':
      return huePair(value, key);
    case 'object':
      return value;
  }
}

/** HA refuses an action whose feature bits the entity lacks, in these words. */
export function needs(call: Call, domain: DomainSchema, bits: number, service = call.service) {
  if ((featuresOf(call.entity.attributes, domain.featuresWhenMissing) & bits) === 0) {
    refuse(`Entity ${call.entityId} does not support action ${domain.name}.${service}`);
  }
}

/**
 * The call's data as HA's schema for the service accepts it: no keys the service does not know,
 * every required one, each coerced to its kind and within its bounds; then the feature bits the
 * action needs. What is accepted comes back coerced (a whole number without its fraction).
 */
function acceptData(call: Call, domain: DomainSchema, service: ServiceSchema): Data {
  for (const key of Object.keys(call.data)) {
    if (!Object.hasOwn(service.params, key)) refuse(`extra keys not allowed @ data['${key}']`);
  }
  const values: Data = {};
  for (const [key, param] of Object.entries(service.params)) {
    const value = call.data[key];
    if (value === undefined) {
      if (param.required) refuse(`required key not provided @ data['${key}']`);
      continue;
    }
    values[key] = accept(param, key, value);
  }
  if (service.feature !== undefined) needs(call, domain, service.feature);
  return values;
}

type Handler<S extends ServiceSchema> = (call: Call, values: Values<S['params']>) => EntityUpdate;

/** One handler for each service a domain declares, given the data its schema accepted. */
export type ServiceHandlers<D extends DomainSchema> = {
  [S in keyof D['services']]: Handler<D['services'][S]>;
};

/** A domain of the sample home: its declaration, and what a call of one of its services does. */
export interface DomainHome {
  schema: DomainSchema;
  /** The entity after the call, or a Refusal in HA's words. */
  run: (call: Call) => EntityUpdate;
}

export function domainHome<D extends DomainSchema>(
  schema: D,
  handlers: ServiceHandlers<D>,
): DomainHome {
  // Each handler is given the data that its own service's declaration accepted.
  const table = handlers as unknown as Record<string, (call: Call, values: Data) => EntityUpdate>;
  return {
    schema,
    run: (call) => {
      const name = call.service;
      const service = Object.hasOwn(schema.services, name) ? schema.services[name] : undefined;
      const handler = Object.hasOwn(table, name) ? table[name] : undefined;
      if (!service || !handler) refuse(`Action ${schema.name}.${name} not found.`);
      return handler(call, acceptData(call, schema, service));
    },
  };
}

export const same = (call: Call, state: string, attributes: Attributes = {}): EntityUpdate => ({
  state,
  attributes: { ...call.entity.attributes, ...attributes },
});

/** turn_on / turn_off / toggle of anything whose state is "on" or "off". */
export function onOff(call: Call): EntityUpdate {
  const on = call.entity.state === 'on';
  const target = call.service === 'toggle' ? !on : call.service === 'turn_on';
  return same(call, target ? 'on' : 'off');
}

/** The handlers of a domain that only switches on and off. */
export const ON_OFF_HANDLERS = { turn_on: onOff, turn_off: onOff, toggle: onOff } as const;
