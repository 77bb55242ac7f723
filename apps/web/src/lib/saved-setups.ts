import { create } from 'zustand';
import { safeStorage } from './safe-storage.ts';

/**
 * The subscriptions (setups) this browser knows. Versioned so a future shape can migrate the
 * old one. Secrets never live here in plain text.
 */
export const SAVED_SETUPS_KEY = 'robonomics-dapp.setups.v1';

export interface SavedSetupUser {
  address: string;
  label: string;
}

export interface SavedSetup {
  owner: string;
  name: string;
  network: string;
  controller?: { address: string; keystore?: string };
  users?: SavedSetupUser[];
  datalog?: { interval: number };
  ipfs?: { url: string; port: number };
}

interface StoredSetups {
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

/** Reads the saved list, dropping malformed entries instead of failing. */
export function readSavedSetups(
  raw: string | null = safeStorage.get(SAVED_SETUPS_KEY),
): StoredSetups {
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

interface SavedSetupsState extends StoredSetups {
  reload(): void;
}

export const useSavedSetups = create<SavedSetupsState>((set) => ({
  ...readSavedSetups(),
  reload: () => set(readSavedSetups()),
}));

// Another tab changed the list: follow it without a reload.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SAVED_SETUPS_KEY || event.key === null) useSavedSetups.getState().reload();
  });
}
