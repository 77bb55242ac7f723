import { type HaConfig, validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { type HaStates, validateHaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { readConfigEnvelope, readKeptStates } from '../../../lib/home-config-cache.ts';
import { type HomeKeys, openHomeFile } from '../load-home.ts';
import { mergeSnapshot } from '../merge-snapshot.ts';

/** The home as this device last saw it, opened in memory; `time` is when it was current. */
export interface KeptHome {
  states: HaStates;
  time: number;
  /** The live update kept with it, newer than its states file, on its own. */
  update: { snapshot: HaStates; time: number } | null;
}

const ONCE = {
  retry: false,
  gcTime: 0,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * The config kept on this device for the controller: its encrypted envelope, opened here in
 * memory only. `settled` once it was opened or found missing or unreadable (then null).
 */
export function useKeptConfig(
  endpoint: string,
  keys: HomeKeys | null,
  attempt: number,
): { config: HaConfig | null; settled: boolean } {
  const query = useQuery({
    queryKey: ['home-config-cache', endpoint, keys?.controller, keys?.userAddress, attempt],
    enabled: keys !== null,
    queryFn: async (): Promise<HaConfig | null> => {
      // The kept states first: they are what the first card waits for.
      await keptStatesOpening(endpoint, keys!);
      const cached = readConfigEnvelope(endpoint, keys!.controller);
      if (!cached) return null;
      return openHomeFile(cached.envelope, keys!, validateHaConfig).catch(() => null);
    },
    ...ONCE,
  });
  return useMemo(
    () => ({ config: query.data ?? null, settled: keys !== null && !query.isPending }),
    [query.data, query.isPending, keys],
  );
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
  const newer =
    update && (!file || kept.update!.time > kept.file!.time)
      ? { snapshot: update, time: kept.update!.time }
      : null;
  if (file && newer) {
    return {
      states: mergeSnapshot(file, newer.snapshot, newer.time),
      time: newer.time,
      update: newer,
    };
  }
  if (file) return { states: file, time: kept.file!.time, update: null };
  if (newer) return { states: newer.snapshot, time: newer.time, update: newer };
  return null;
}

/** The opening of the kept states, per user's keys and endpoint: once per page. */
const openings = new WeakMap<HomeKeys, Map<string, Promise<KeptHome | null>>>();

function keptStatesOpening(endpoint: string, keys: HomeKeys): Promise<KeptHome | null> {
  const byEndpoint = openings.get(keys) ?? new Map<string, Promise<KeptHome | null>>();
  openings.set(keys, byEndpoint);
  let opening = byEndpoint.get(endpoint);
  if (!opening) {
    opening = openKeptStates(endpoint, keys).catch(() => null);
    byEndpoint.set(endpoint, opening);
  }
  return opening;
}

/**
 * The home's last states kept on this device (docs/security.md), opened once per page for the
 * signed-in user: shown at once, marked with their time, until live data arrives.
 */
export function useKeptStates(endpoint: string, keys: HomeKeys | null): KeptHome | null {
  return (
    useQuery({
      queryKey: ['home-states-cache', endpoint, keys?.controller, keys?.userAddress],
      enabled: keys !== null,
      queryFn: () => keptStatesOpening(endpoint, keys!),
      ...ONCE,
    }).data ?? null
  );
}
