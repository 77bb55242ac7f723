import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type KeptHome, keptOpenings } from '../api/kept-home.ts';
import type { HomeKeys } from '../api/load-home.ts';
import { homeSnapshotIfOpen, openHomeSnapshotFor } from '../first-paint/home-snapshot.ts';
import { READ_ONCE } from './read-once.ts';

/**
 * The config kept on this device for the controller: its encrypted envelope, opened here in
 * memory only. `settled` once it was opened or found missing or unreadable (then null).
 */
export function useKeptConfig(
  endpoint: string,
  keys: HomeKeys | null,
): { config: HaConfig | null; settled: boolean } {
  const query = useQuery({
    queryKey: ['home-config-cache', endpoint, keys?.controller, keys?.userAddress],
    enabled: keys !== null,
    queryFn: () => keptOpenings(endpoint, keys!).config,
    ...READ_ONCE,
  });
  return useMemo(
    () => ({ config: query.data?.value ?? null, settled: keys !== null && !query.isPending }),
    [query.data, query.isPending, keys],
  );
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
      queryFn: () => keptOpenings(endpoint, keys!).states,
      ...READ_ONCE,
    }).data ?? null
  );
}

/**
 * The home as this device last showed it to `user`, sealed with their kept key's device key
 * (first-paint/home-snapshot.ts): opened before the user's phrase is, so a returning user's first card does
 * not wait for it. Null when there is none.
 */
export function useHomeSnapshot(
  endpoint: string,
  controller: string | null,
  user: string | null,
): KeptHome | null {
  // Opened already (the early start): shown in this very render, not a query's round later.
  const known = controller && user ? homeSnapshotIfOpen(user, endpoint, controller) : undefined;
  const query = useQuery({
    queryKey: ['home-snapshot', endpoint, controller, user],
    enabled: controller !== null && user !== null,
    queryFn: () => openHomeSnapshotFor(user!, endpoint, controller!),
    initialData: known,
    ...READ_ONCE,
  });
  return controller && user ? (query.data ?? known ?? null) : null;
}
