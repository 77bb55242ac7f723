import { safeStorage } from './safe-storage.ts';

/**
 * The home kept on this device (docs/security.md): the config under
 * `haconfig:{endpoint}:{controller}` and the last states under `hastates:{endpoint}:{controller}`.
 * Each is kept as the encrypted envelope exactly as the home published it (only the signed-in
 * user's key opens it, in memory), never decrypted: the home's services, dashboard, LAN addresses
 * and device states stay out of storage. Signing out removes both.
 */
const PREFIX = 'haconfig:';
const STATES_PREFIX = 'hastates:';
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

const statesKeyOf = (endpoint: string, controller: string) =>
  `${STATES_PREFIX}${endpoint}:${controller}`;

const isEnvelope = (value: unknown): value is KeptEnvelope =>
  !!value &&
  typeof (value as KeptEnvelope).time === 'number' &&
  typeof (value as KeptEnvelope).envelope === 'string';

/** The states kept for a controller, if any. */
export function readKeptStates(endpoint: string, controller: string): KeptStates | null {
  const key = statesKeyOf(endpoint, controller);
  const raw = safeStorage.get(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<KeptStates>;
    const kept = {
      file: isEnvelope(value.file) ? value.file : null,
      update: isEnvelope(value.update) ? value.update : null,
    };
    if (kept.file || kept.update) return kept;
  } catch {
    // Not an entry of ours.
  }
  safeStorage.remove(key);
  return null;
}

/**
 * Stores a controller's kept states; when storage is full, the states kept for other homes make
 * room (the config and everything else stay).
 */
function storeKeptStates(endpoint: string, controller: string, kept: KeptStates): void {
  const key = statesKeyOf(endpoint, controller);
  const text = JSON.stringify(kept);
  if (safeStorage.set(key, text)) return;
  for (const other of safeStorage.keys()) {
    if (other.startsWith(STATES_PREFIX) && other !== key) safeStorage.remove(other);
  }
  if (!safeStorage.set(key, text)) safeStorage.remove(key);
}

/** Keeps the states file of the controller's newest record; an older update goes with it. */
export function writeKeptStatesFile(
  endpoint: string,
  controller: string,
  file: KeptEnvelope,
): void {
  const kept = readKeptStates(endpoint, controller);
  if (kept?.file && kept.file.time > file.time) return;
  const update = kept?.update && kept.update.time > file.time ? kept.update : null;
  if (file.envelope.length > MAX_KEPT_STATES_CHARS) {
    if (update) storeKeptStates(endpoint, controller, { file: null, update });
    else safeStorage.remove(statesKeyOf(endpoint, controller));
    return;
  }
  storeKeptStates(endpoint, controller, { file, update });
}

/** Keeps the newest live update of the controller's states beside its last states file. */
export function writeKeptStatesUpdate(
  endpoint: string,
  controller: string,
  update: KeptEnvelope,
): void {
  if (update.envelope.length > MAX_KEPT_STATES_CHARS) return;
  const kept = readKeptStates(endpoint, controller);
  if (kept?.update && kept.update.time > update.time) return;
  storeKeptStates(endpoint, controller, { file: kept?.file ?? null, update });
}

/** Removes every kept config and every kept states entry (sign-out). */
export function clearHomeConfigCache(): void {
  for (const key of safeStorage.keys()) {
    if (key.startsWith(PREFIX) || key.startsWith(STATES_PREFIX)) safeStorage.remove(key);
  }
}

/** Removes cached configs that are not encrypted envelopes (kept by an older app). */
export function removePlaintextConfigs(): void {
  for (const key of safeStorage.keys()) {
    if (key.startsWith(PREFIX) && !parse(safeStorage.get(key))) safeStorage.remove(key);
  }
}
