/**
 * How this browser keeps the subscriptions (setups) it knows, in localStorage. Versioned so a
 * future shape can migrate the old one. Secrets never live here in plain text. No store and no
 * browser API here: tests and tools write the same format through these functions.
 */
export const SAVED_SETUPS_KEY = 'robonomics-dapp.setups.v1';

export interface SavedSetupUser {
  address: string;
  label: string;
}

export interface SavedSetup {
  owner: string;
  name: string;
  /** The network's name as the endpoint gives it (`networkOfEndpoint`): polkadot, kusama, local, custom. */
  network: string;
  controller?: { address: string; keystore?: string };
  users?: SavedSetupUser[];
  datalog?: { interval: number };
  ipfs?: { url: string; port: number };
}

export interface StoredSetups {
  version: 1;
  setups: SavedSetup[];
  /** Active setup owner per network. */
  active: Record<string, string>;
}

const empty: StoredSetups = { version: 1, setups: [], active: {} };

function isSetup(value: unknown): value is SavedSetup {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.owner === 'string' && typeof v.name === 'string' && typeof v.network === 'string';
}

/** Reads the kept text, dropping malformed entries instead of failing. */
export function parseSavedSetups(raw: string | null): StoredSetups {
  if (!raw) return empty;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSetups>;
    if (parsed?.version !== 1 || !Array.isArray(parsed.setups)) return empty;
    const active = typeof parsed.active === 'object' && parsed.active !== null ? parsed.active : {};
    return { version: 1, setups: parsed.setups.filter(isSetup), active };
  } catch {
    return empty;
  }
}

/**
 * The text kept for a list of setups. Without `active`, the first setup of each network is its
 * active one.
 */
export function savedSetupsText(setups: SavedSetup[], active?: Record<string, string>): string {
  const chosen = active ?? {};
  if (!active) for (const s of setups) chosen[s.network] ??= s.owner;
  return JSON.stringify({ version: 1, setups, active: chosen } satisfies StoredSetups);
}
