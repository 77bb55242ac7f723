import { encodeAddress } from '@dedot/utils';
import {
  type BoxPublic,
  type BoxSecret,
  DecryptError,
  decryptMessage,
  encryptMessage,
  publicKeyOf,
} from '../crypto/box.ts';
import type { KeyPair } from '../crypto/keys.ts';
import { isPlainObject, payloadObject, type Validation } from './python-payload.ts';

// ---------------------------------------------------------------------------------------------
// Launch commands (docs/home-assistant.md, Commands)
// ---------------------------------------------------------------------------------------------

export interface LaunchParams {
  entity_id: string;
  [extra: string]: unknown;
}

/** {platform: HA domain, name: HA service, params: {entity_id, …service data}}. */
export interface LaunchCommand {
  platform: string;
  name: string;
  params: LaunchParams;
}

const NAME = /^[a-z0-9_]+$/;
const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;

/** The command the UI builds: entity_id first in params, then the service data. */
export function buildLaunchCommand(
  platform: string,
  name: string,
  entityId: string,
  extra: Record<string, unknown> = {},
): LaunchCommand {
  if (!NAME.test(platform)) throw new Error(`"${platform}" is not a Home Assistant domain.`);
  if (!NAME.test(name)) throw new Error(`"${name}" is not a Home Assistant service name.`);
  if (!ENTITY_ID.test(entityId)) throw new Error(`"${entityId}" is not an entity id.`);
  if (Object.hasOwn(extra, 'entity_id')) {
    throw new Error('The entity id is given apart from the service data.');
  }
  const data = Object.entries(extra).filter(([, value]) => value !== undefined);
  return { platform, name, params: { entity_id: entityId, ...Object.fromEntries(data) } };
}

/**
 * The launch parameter that asks HA to create a user for the sender: "/ha_registration" as ASCII,
 * left-padded with zeros to 32 bytes (HA's LAUNCH_REGISTRATION_COMMAND, docs/home-assistant.md).
 */
export const HA_REGISTRATION_PARAM = `0x${Array.from('/ha_registration', (c) =>
  c.charCodeAt(0).toString(16).padStart(2, '0'),
)
  .join('')
  .padStart(64, '0')}`;

/** The launch file plaintext: compact JSON, as the app's JSON.stringify writes it. */
export function serializeLaunchCommand(command: LaunchCommand): string {
  return JSON.stringify(command);
}

/** Reads a command (JSON text or object) the way HA's dispatch needs it. */
export function parseLaunchCommand(input: unknown): Validation<LaunchCommand> {
  const read = payloadObject(input, 'launch command');
  if (!read.ok) return read;
  const { platform, name, params } = read.value;
  if (typeof platform !== 'string' || !platform) {
    return { ok: false, error: 'The launch command has no "platform" (Home Assistant domain).' };
  }
  if (typeof name !== 'string' || !name) {
    return { ok: false, error: 'The launch command has no "name" (service).' };
  }
  if (!isPlainObject(params) || typeof params.entity_id !== 'string' || !params.entity_id) {
    return { ok: false, error: 'The launch command has no "params.entity_id".' };
  }
  return { ok: true, value: { platform, name, params: params as LaunchParams } };
}

export interface ServiceCall {
  domain: string;
  service: string;
  /** params without entity_id, or null when nothing is left (as HA passes it). */
  data: Record<string, unknown> | null;
  target: { entity_id: string };
}

/** How HA runs a command: call(domain=platform, service=name, data, target={entity_id}). */
export function toServiceCall(command: LaunchCommand): ServiceCall {
  const { entity_id, ...rest } = command.params;
  return {
    domain: command.platform,
    service: command.name,
    data: Object.keys(rest).length ? rest : null,
    target: { entity_id },
  };
}

/**
 * HA reads chain launch files with ast.literal_eval(str(bytes)[2:-1]) (docs/home-assistant.md). JSON true, false
 * and null are no Python names, backslashes in the JSON text break the bytes repr round trip and
 * non-ASCII text comes out garbled. Returns why a command would not survive, or undefined.
 */
export function chainLaunchProblem(command: LaunchCommand): string | undefined {
  const visit = (value: unknown, path: string): string | undefined => {
    if (value === null) return `${path} is null, which Home Assistant cannot read from the chain.`;
    if (typeof value === 'boolean') {
      return `${path} is ${value}, which Home Assistant cannot read from the chain; use 1 or 0.`;
    }
    if (typeof value === 'string') {
      if (/[^\x20-\x7e]/.test(value)) {
        return `${path} has non-ASCII or control characters, which arrive garbled via the chain.`;
      }
      if (/["\\]/.test(value)) {
        return `${path} has a quote or backslash, which Home Assistant cannot read from the chain.`;
      }
      return undefined;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const problem = visit(item, `${path}[${i}]`);
        if (problem) return problem;
      }
      return undefined;
    }
    if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const problem = visit(key, `A key in ${path}`) ?? visit(item, `${path}.${key}`);
        if (problem) return problem;
      }
      return undefined;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return `${path} is not a number.`;
    return undefined;
  };
  return visit(command, 'command');
}

// ---------------------------------------------------------------------------------------------
// Launch status (docs/product-rules.md, Devices control panel)
// ---------------------------------------------------------------------------------------------

/**
 * A command's status on its card: pending, then approved (the IPFS node authorisation was signed,
 * on the parachain path) and success, declined (the user cancelled) or error.
 */
export type LaunchStatus = 'pending' | 'approved' | 'success' | 'declined' | 'error';

/** What the card shows for a command's status. */
export const LAUNCH_STATUS_TEXT: Record<LaunchStatus, string> = {
  pending: 'Waiting for request complete',
  approved: 'Waiting for request complete',
  success: 'All done!',
  declined: 'Request was declined',
  error: 'Request was not complete',
};

// ---------------------------------------------------------------------------------------------
// Home Assistant password record (docs/home-assistant.md, Users)
// ---------------------------------------------------------------------------------------------

/** {"subscription": owner, "ha": controller, "admin": box user->controller, "user": box user->user}. */
export interface HaPassRecord {
  subscription: string;
  ha: string;
  admin: string;
  /** The user's own recovery copy; HA does not need it. */
  user?: string;
}

/** Datalog records are at most 512 bytes on chain. */
export const DATALOG_RECORD_LIMIT = 512;
const ROBONOMICS_PREFIX = 32;

export interface HaPassInput {
  /** The subscription owner, any SS58 format (written as SS58-32, the form HA compares). */
  subscription: string;
  /** The user's ed25519 key: it encrypts both copies and writes the record. */
  user: KeyPair;
  /** The controller's public key or address. */
  controller: BoxPublic;
  password: string;
  /** Fixed nonce for reproducible vectors only. */
  nonce?: Uint8Array;
}

/** The datalog record text, compact JSON in the key order HA and the app use. */
export function buildHaPassRecord(input: HaPassInput): string {
  if (!input.password) throw new Error('The password is empty.');
  if (input.user.type !== 'ed25519') throw new Error('The user key must be ed25519.');
  const controller = publicKeyOf(input.controller);
  const record = {
    subscription: encodeAddress(publicKeyOf(input.subscription), ROBONOMICS_PREFIX),
    ha: encodeAddress(controller, ROBONOMICS_PREFIX),
    admin: encryptMessage(input.password, input.user, controller, input.nonce),
    user: encryptMessage(input.password, input.user, input.user.publicKey, input.nonce),
  };
  const json = JSON.stringify(record);
  const size = new TextEncoder().encode(json).length;
  if (size > DATALOG_RECORD_LIMIT) {
    throw new Error(
      `The password is too long: the record is ${size} bytes, over the ${DATALOG_RECORD_LIMIT}-byte datalog limit.`,
    );
  }
  return json;
}

/** Reads a datalog record (text or bytes); anything else than a password record is an error. */
export function parseHaPassRecord(input: unknown): Validation<HaPassRecord> {
  const read = payloadObject(input, 'password record', 64 * 1024);
  if (!read.ok) return read;
  const { subscription, ha, admin, user } = read.value;
  if (typeof subscription !== 'string' || typeof ha !== 'string' || typeof admin !== 'string') {
    return {
      ok: false,
      error: 'This is not a Home Assistant password record (subscription, ha, admin).',
    };
  }
  if (user !== undefined && typeof user !== 'string') {
    return { ok: false, error: 'The "user" copy of the password record is not text.' };
  }
  return {
    ok: true,
    value: user === undefined ? { subscription, ha, admin } : { subscription, ha, admin, user },
  };
}

/** HA acts on a record only when owner and controller match its configuration as text. */
export function isHaPassRecordFor(
  record: HaPassRecord,
  owner: string,
  controller: string,
): boolean {
  return record.subscription === owner && record.ha === controller;
}

/** The controller's side: open `admin` with its secret and the record writer's (user) key. */
export function decryptHaPassAsController(
  record: HaPassRecord,
  controllerSecret: BoxSecret,
  userPublicKey: BoxPublic,
): string {
  return decryptMessage(record.admin, controllerSecret, userPublicKey);
}

/** The user's side: open the `user` recovery copy, boxed from the user to itself. */
export function decryptHaPassAsUser(record: HaPassRecord, user: KeyPair): string {
  if (record.user === undefined) {
    throw new DecryptError('bad-envelope', 'The record has no "user" copy of the password.');
  }
  return decryptMessage(record.user, user, user.publicKey);
}

/**
 * A user's own Home Assistant password, from their datalog: the newest password record for this
 * subscription and controller whose "user" copy opens with their key. Null when none does.
 * Addresses are compared as accounts (any SS58 format), records newest first.
 */
export function latestHaPassword(
  records: readonly { text: string }[],
  owner: string,
  controller: string,
  user: KeyPair,
): string | null {
  for (const item of [...records].reverse()) {
    const parsed = parseHaPassRecord(item.text);
    if (!parsed.ok || !sameAccount(parsed.value.subscription, owner)) continue;
    if (!sameAccount(parsed.value.ha, controller)) continue;
    try {
      return decryptHaPassAsUser(parsed.value, user);
    } catch {
      // Someone else's copy, or a damaged one: look further back.
    }
  }
  return null;
}

function sameAccount(a: string, b: string): boolean {
  try {
    const x = publicKeyOf(a);
    const y = publicKeyOf(b);
    return x.length === y.length && x.every((byte, i) => byte === y[i]);
  } catch {
    return false;
  }
}
