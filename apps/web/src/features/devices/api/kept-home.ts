/**
 * The home kept on this device (docs/security.md), opened in memory with the user's key: its last
 * states and its config. Opened once per page and user, by whoever asks first (early-home.ts, or
 * the page's hooks).
 */
import { type HaConfig, validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { readConfigEnvelope, readKeptStates } from '../../../lib/storage/home-config-cache.ts';
import { mergeLiveUpdate } from '../view/merge-states.ts';
import { type HomeKeys, type OpenedFile, openHomeFile } from './load-home.ts';

/** The home as this device last saw it, opened in memory; `time` is when it was current. */
export interface KeptHome {
  states: HaStates;
  time: number;
  /** The live update kept with it, newer than its states file, on its own. */
  update: { states: HaStates; time: number } | null;
  /** The kept states file as opened, for a load of the same file to use as it is. */
  file: OpenedFile<HaStates> | null;
}

/**
 * Opens the states kept for the controller: its last states file, with the newer live update
 * merged in. Null when nothing is kept, or nothing kept opens with this user's key (a home it no
 * longer belongs to, a damaged entry).
 */
export async function openKeptStates(endpoint: string, keys: HomeKeys): Promise<KeptHome | null> {
  const kept = readKeptStates(endpoint, keys.controller);
  if (!kept) return null;
  const open = (envelope: string) =>
    openHomeFile(envelope, keys, validateHaStates).catch(() => null);
  const [file, update] = await Promise.all([
    kept.file ? open(kept.file.envelope) : null,
    kept.update ? open(kept.update.envelope) : null,
  ]);
  const opened = file && kept.file ? { envelope: kept.file.envelope, value: file } : null;
  const newer =
    update && (!file || kept.update!.time > kept.file!.time)
      ? { states: update, time: kept.update!.time }
      : null;
  if (file && newer) {
    const states = mergeLiveUpdate(file, newer.states, newer.time);
    return { states, time: newer.time, update: newer, file: opened };
  }
  if (file) return { states: file, time: kept.file!.time, update: null, file: opened };
  if (newer) return { states: newer.states, time: newer.time, update: newer, file: null };
  return null;
}

/** The config kept for the controller, opened with this user's key; null when there is none. */
async function openKeptConfig(
  endpoint: string,
  keys: HomeKeys,
): Promise<OpenedFile<HaConfig> | null> {
  const cached = readConfigEnvelope(endpoint, keys.controller);
  if (!cached) return null;
  const config = await openHomeFile(cached.envelope, keys, validateHaConfig).catch(() => null);
  return config && { envelope: cached.envelope, value: config, cid: cached.cid };
}

/** What this device keeps of a home, opened once per page and user: the states, then the config. */
interface KeptOpenings {
  states: Promise<KeptHome | null>;
  config: Promise<OpenedFile<HaConfig> | null>;
}

/** The openings under way or done, by endpoint, controller and user; each with the key it used. */
const openings = new Map<string, { user: HomeKeys['user']; kept: KeptOpenings }>();

/**
 * The openings of the home kept on this device for `keys`, once per page and user (shared by
 * the early start, the page's hooks and the load from the chain, which uses the same files as
 * they are): the states first, as the first card waits for them, then the config.
 */
export function keptOpenings(endpoint: string, keys: HomeKeys): KeptOpenings {
  const name = `${endpoint} ${keys.controller} ${keys.userAddress}`;
  const known = openings.get(name);
  if (known?.user === keys.user) return known.kept;
  const states = openKeptStates(endpoint, keys).catch(() => null);
  const kept = { states, config: states.then(() => openKeptConfig(endpoint, keys)) };
  openings.set(name, { user: keys.user, kept });
  return kept;
}
