import { safeStorage } from './safe-storage.ts';

/**
 * The config cache (docs/security.md), `haconfig:{endpoint}:{controller}`. It keeps the encrypted
 * envelope exactly as IPFS served it (only the signed-in user's key opens it, in memory), never
 * the decrypted config: the home's services, dashboard and LAN addresses stay out of storage
 * (see docs/security.md). Signing out removes it.
 */
const PREFIX = 'haconfig:';

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

/** Removes every cached config (sign-out). */
export function clearHomeConfigCache(): void {
  for (const key of safeStorage.keys()) if (key.startsWith(PREFIX)) safeStorage.remove(key);
}

/** Removes cached configs that are not encrypted envelopes (kept by an older app). */
export function removePlaintextConfigs(): void {
  for (const key of safeStorage.keys()) {
    if (key.startsWith(PREFIX) && !parse(safeStorage.get(key))) safeStorage.remove(key);
  }
}
