import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import { create } from 'zustand';
import { safeStorage } from '../storage/safe-storage.ts';
import {
  parseSavedSetups,
  SAVED_SETUPS_KEY,
  type SavedSetup,
  type StoredSetups,
  savedSetupsText,
} from './saved-setups-format.ts';

/** The setups this browser keeps, read now; malformed entries are dropped. */
export function readSavedSetups(
  raw: string | null = safeStorage.get(SAVED_SETUPS_KEY),
): StoredSetups {
  return parseSavedSetups(raw);
}

interface SavedSetupsState extends StoredSetups {
  reload(): void;
  /**
   * Adds a setup (or updates the one of the same owner and network) and makes it the active one
   * of its network. Returns the stored entry.
   */
  addSetup(setup: SavedSetup): SavedSetup;
  /** Merges changes into a saved setup; false when it does not exist. */
  updateSetup(
    owner: string,
    network: string,
    patch: Partial<Omit<SavedSetup, 'owner' | 'network'>>,
  ): boolean;
  /** Forgets a setup in this browser (nothing changes on chain). */
  removeSetup(owner: string, network: string): void;
  setActive(network: string, owner: string): void;
  /**
   * Removes controller keystores kept in this browser: one setup's, or every one ("Sign out and
   * forget"). The controllers' addresses stay.
   */
  forgetControllerKeys(only?: { owner: string; network: string }): void;
}

const adjectives = [
  'Sunny',
  'Quiet',
  'Bright',
  'Cosy',
  'Brave',
  'Calm',
  'Clever',
  'Gentle',
  'Happy',
  'Swift',
];
const nouns = [
  'Home',
  'House',
  'Cottage',
  'Loft',
  'Studio',
  'Cabin',
  'Garden',
  'Nest',
  'Harbor',
  'Haven',
];

/** A random "Adjective Noun" name for a setup the user has not named. */
export function randomSetupName(random = Math.random): string {
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] ?? list[0];
  return `${pick(adjectives)} ${pick(nouns)}`;
}

function persist(state: StoredSetups) {
  safeStorage.set(SAVED_SETUPS_KEY, savedSetupsText(state.setups, state.active));
}

export const useSavedSetups = create<SavedSetupsState>((set, get) => ({
  ...readSavedSetups(),
  reload: () => set(readSavedSetups()),
  addSetup(setup) {
    // Re-read first: another tab may have changed the list since this one loaded it.
    const current = readSavedSetups();
    const index = current.setups.findIndex(
      (s) => addressEq(s.owner, setup.owner) && s.network === setup.network,
    );
    const entry =
      index === -1
        ? setup
        : { ...current.setups[index], ...setup, name: current.setups[index]?.name || setup.name };
    const setups = [...current.setups];
    if (index === -1) setups.push(entry);
    else setups[index] = entry;
    const next: StoredSetups = {
      version: 1,
      setups,
      active: { ...current.active, [setup.network]: setup.owner },
    };
    persist(next);
    set(next);
    return (
      get().setups.find((s) => addressEq(s.owner, setup.owner) && s.network === setup.network) ??
      entry
    );
  },
  updateSetup(owner, network, patch) {
    const current = readSavedSetups();
    const index = current.setups.findIndex(
      (s) => addressEq(s.owner, owner) && s.network === network,
    );
    if (index === -1) return false;
    const setups = [...current.setups];
    setups[index] = { ...setups[index]!, ...patch };
    const next: StoredSetups = { ...current, setups };
    persist(next);
    set(next);
    return true;
  },
  removeSetup(owner, network) {
    const current = readSavedSetups();
    const setups = current.setups.filter(
      (s) => !(addressEq(s.owner, owner) && s.network === network),
    );
    const active = { ...current.active };
    if (active[network] === owner) {
      const replacement = setups.find((s) => s.network === network);
      if (replacement) active[network] = replacement.owner;
      else delete active[network];
    }
    const next: StoredSetups = { version: 1, setups, active };
    persist(next);
    set(next);
  },
  forgetControllerKeys(only) {
    const current = readSavedSetups();
    const chosen = (s: SavedSetup) =>
      !only || (addressEq(s.owner, only.owner) && s.network === only.network);
    if (!current.setups.some((s) => chosen(s) && s.controller?.keystore)) return;
    const setups = current.setups.map((s) => (chosen(s) ? withoutControllerKey(s) : s));
    const next: StoredSetups = { ...current, setups };
    persist(next);
    set(next);
  },
  setActive(network, owner) {
    const current = readSavedSetups();
    if (!current.setups.some((s) => addressEq(s.owner, owner) && s.network === network)) return;
    const next: StoredSetups = { ...current, active: { ...current.active, [network]: owner } };
    persist(next);
    set(next);
  },
}));

/** A setup without its controller's keystore (the controller's address stays). */
export function withoutControllerKey(setup: SavedSetup): SavedSetup {
  if (!setup.controller?.keystore) return setup;
  const { keystore: _dropped, ...controller } = setup.controller;
  return { ...setup, controller };
}

/** The active setup of a network: the chosen one, else the first saved for that network. */
export function activeSetupOf(state: StoredSetups, network: string): SavedSetup | null {
  const owner = state.active[network];
  return (
    state.setups.find((s) => s.network === network && addressEq(s.owner, owner)) ??
    state.setups.find((s) => s.network === network) ??
    null
  );
}

// Another tab changed the list: follow it without a reload.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SAVED_SETUPS_KEY || event.key === null) useSavedSetups.getState().reload();
  });
}
