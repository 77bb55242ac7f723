import { safeStorage } from './safe-storage.ts';

/**
 * The home kept on this device (docs/security.md): the config under
 * `haconfig:{endpoint}:{controller}`, the last states file under `hastates:{endpoint}:{controller}`
 * and the newest live update of the states under `haupdate:{endpoint}:{controller}`.
 * Each is kept as the encrypted envelope exactly as the home published it (only the signed-in
 * user's key opens it, in memory), never decrypted: the home's services, dashboard, LAN addresses
 * and device states stay out of storage. Signing out removes both.
 */
const PREFIX = 'haconfig:';
const STATES_PREFIX = 'hastates:';
const UPDATE_PREFIX = 'haupdate:';
/** A states file larger than this is not kept (storage holds a few MB per site). */
export const MAX_KEPT_STATES_CHARS = 2_000_000;

export interface CachedConfigEnvelope {
  /** When it was fetched (ms). */
  time: number;
  /** The config file's CID. */
  cid: string;
  /** The encrypted envelope (the file's text). */
  envelope: string;
}

const keyOf = (endpoint: string, controller: string) => `${PREFIX}${endpoint}:${controller}`;

function parse(raw: string | null): CachedConfigEnvelope | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CachedConfigEnvelope>;
    if (
      typeof value.time === 'number' &&
      typeof value.cid === 'string' &&
      typeof value.envelope === 'string'
    ) {
      return value as CachedConfigEnvelope;
    }
  } catch {
    // Not an envelope entry.
  }
  return null;
}

/** The cached envelope of a controller's config, if any. */
export function readConfigEnvelope(
  endpoint: string,
  controller: string,
): CachedConfigEnvelope | null {
  const key = keyOf(endpoint, controller);
  const entry = parse(safeStorage.get(key));
  // Anything else under the key (an older app kept the decrypted config) goes.
  if (!entry) safeStorage.remove(key);
  return entry;
}

export function writeConfigEnvelope(
  endpoint: string,
  controller: string,
  file: { cid: string; envelope: string },
): void {
  const entry: CachedConfigEnvelope = { time: Date.now(), ...file };
  safeStorage.set(keyOf(endpoint, controller), JSON.stringify(entry));
}

/** The controllers whose encrypted config this device keeps, with when each was fetched. */
export function listConfigEnvelopes(): { endpoint: string; controller: string; time: number }[] {
  const found: { endpoint: string; controller: string; time: number }[] = [];
  for (const key of safeStorage.keys()) {
    if (!key.startsWith(PREFIX)) continue;
    const entry = parse(safeStorage.get(key));
    // The endpoint holds colons itself; the controller's address never does.
    const split = key.lastIndexOf(':');
    if (!entry || split < PREFIX.length) continue;
    found.push({
      endpoint: key.slice(PREFIX.length, split),
      controller: key.slice(split + 1),
      time: entry.time,
    });
  }
  return found.sort((a, b) => b.time - a.time);
}

/** An envelope of the home's states as it was received, and when. */
export interface KeptEnvelope {
  /** When the states were current: the datalog record's time, or when the update arrived (ms). */
  time: number;
  /** The encrypted envelope (the file's text, or the update's JSON). */
  envelope: string;
}

/** The home's last states kept on this device: its last states file and a newer live update. */
export interface KeptStates {
  /** The states file of the controller's datalog record, with history. */
  file: KeptEnvelope | null;
  /** The newest live update (no history), when newer than the file. */
  update: KeptEnvelope | null;
}

/**
 * The file and the update are kept apart, so an update (every state change) never rewrites the
 * file (hundreds of kilobytes with its history).
 */
const fileKeyOf = (endpoint: string, controller: string) =>
  `${STATES_PREFIX}${endpoint}:${controller}`;
const updateKeyOf = (endpoint: string, controller: string) =>
  `${UPDATE_PREFIX}${endpoint}:${controller}`;

function readEnvelope(key: string): KeptEnvelope | null {
  const raw = safeStorage.get(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<KeptEnvelope>;
    if (typeof value.time === 'number' && typeof value.envelope === 'string') {
      return { time: value.time, envelope: value.envelope };
    }
  } catch {
    // Not an entry of ours.
  }
  safeStorage.remove(key);
  return null;
}

/**
 * Stores one kept envelope; when storage is full, the states kept for other homes make room (the
 * configs and everything else stay).
 */
function storeEnvelope(key: string, entry: KeptEnvelope): void {
  // Time first: readTime finds it without parsing the envelope.
  const text = JSON.stringify({ time: entry.time, envelope: entry.envelope });
  if (safeStorage.set(key, text)) return;
  const mine = key.slice(key.indexOf(':'));
  for (const other of safeStorage.keys()) {
    const kept = other.startsWith(STATES_PREFIX) || other.startsWith(UPDATE_PREFIX);
    if (kept && other.slice(other.indexOf(':')) !== mine) safeStorage.remove(other);
  }
  if (!safeStorage.set(key, text)) safeStorage.remove(key);
}

/** The states kept for a controller, if any; an update no newer than the file is left out. */
export function readKeptStates(endpoint: string, controller: string): KeptStates | null {
  const file = readEnvelope(fileKeyOf(endpoint, controller));
  const update = readEnvelope(updateKeyOf(endpoint, controller));
  const newer = update && (!file || update.time > file.time) ? update : null;
  return file || newer ? { file, update: newer } : null;
}

/** Keeps the states file of the controller's newest record (never an older one). */
export function writeKeptStatesFile(
  endpoint: string,
  controller: string,
  file: KeptEnvelope,
): void {
  const key = fileKeyOf(endpoint, controller);
  const kept = readTime(key);
  if (kept !== null && kept > file.time) return;
  if (file.envelope.length > MAX_KEPT_STATES_CHARS) safeStorage.remove(key);
  else storeEnvelope(key, file);
  const update = updateKeyOf(endpoint, controller);
  const updated = readTime(update);
  if (updated !== null && updated <= file.time) safeStorage.remove(update);
}

/** Keeps the newest live update of the controller's states beside its last states file. */
export function writeKeptStatesUpdate(
  endpoint: string,
  controller: string,
  update: KeptEnvelope,
): void {
  if (update.envelope.length > MAX_KEPT_STATES_CHARS) return;
  const key = updateKeyOf(endpoint, controller);
  const kept = readTime(key);
  if (kept !== null && kept > update.time) return;
  storeEnvelope(key, update);
}

/** The time of a kept entry, read without parsing its envelope. */
function readTime(key: string): number | null {
  const raw = safeStorage.get(key);
  const match = raw?.match(/^\{"time":(\d+(?:\.\d+)?),/);
  return match ? Number(match[1]) : null;
}

/** Removes every kept config, states file and update (sign-out). */
export function clearHomeConfigCache(): void {
  for (const key of safeStorage.keys()) {
    if ([PREFIX, STATES_PREFIX, UPDATE_PREFIX].some((p) => key.startsWith(p))) {
      safeStorage.remove(key);
    }
  }
}

/** Removes cached configs that are not encrypted envelopes (kept by an older app). */
export function removePlaintextConfigs(): void {
  for (const key of safeStorage.keys()) {
    if (key.startsWith(PREFIX) && !parse(safeStorage.get(key))) safeStorage.remove(key);
  }
}
