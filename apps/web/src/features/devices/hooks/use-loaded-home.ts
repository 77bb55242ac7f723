import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/client';
import { fetchLastDatalog } from '@robonomics-dapp/robonomics/chain/queries/last-datalog';
import { fetchTwinTopics } from '@robonomics-dapp/robonomics/chain/queries/twin-topics';
import { type HaConfig, validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { readConfigEnvelope } from '../../../lib/home-config-cache.ts';
import { readIpfsText } from '../../../lib/ipfs-gateways.ts';
import { type NotifyOptions, useToasts } from '../../../lib/toasts.ts';
import {
  type HomeKeys,
  type HomeSources,
  type LoadedHome,
  loadHome,
  openHomeFile,
} from '../load-home.ts';

export type Notify = (text: string, options?: NotifyOptions) => unknown;

/** The loading messages of one home load replace each other, one toast at a time. */
const HOME_LOAD_STEP = 'home-load';

export function chainSources(client: RobonomicsClient): HomeSources {
  return {
    lastRecord: (account) => fetchLastDatalog(client, account),
    twinTopics: async (id) => {
      const [topics] = await fetchTwinTopics(client, [id]);
      return topics ?? [];
    },
    // Through the fastest working gateway (docs/ipfs-gateways.md).
    fetchText: (cid) => readIpfsText(cid),
  };
}

/** The text a failed home load shows in a toast: 'decryptMsg' is shown as the original app does. */
export const loadErrorText = (message: string) =>
  message === 'decryptMsg' ? 'Error: decryptMsg' : `Error: ${message}`;

/**
 * The home as the controller's last datalog record and its twin describe it, read once per
 * `attempt` through TanStack Query (keyed by endpoint, controller and user). Status texts and a
 * failure go to `notify` as they happen.
 */
export function useLoadedHome(
  client: RobonomicsClient | null,
  endpoint: string,
  keys: HomeKeys | null,
  attempt: number,
  notify: Notify,
) {
  // A load cut short by leaving the page leaves no progress message behind.
  useEffect(() => () => useToasts.getState().finish(HOME_LOAD_STEP), []);
  return useQuery({
    queryKey: ['home', endpoint, keys?.controller, keys?.userAddress, attempt],
    enabled: client !== null && keys !== null,
    queryFn: async (): Promise<LoadedHome> => {
      try {
        const home = await loadHome(chainSources(client!), keys!, (text) =>
          notify(text, {
            step: HOME_LOAD_STEP,
            kind: text === 'Config loaded' ? 'success' : 'info',
          }),
        );
        useToasts.getState().finish(HOME_LOAD_STEP);
        return home;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        useToasts.getState().finish(HOME_LOAD_STEP);
        notify(loadErrorText(message), { kind: 'error' });
        throw error instanceof Error ? error : new Error(message);
      }
    },
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * The config kept on this device for the controller: its encrypted envelope, opened here in
 * memory only. `settled` once it was opened or found missing or unreadable (then null).
 */
export function useCachedConfig(
  endpoint: string,
  keys: HomeKeys | null,
  attempt: number,
): { config: HaConfig | null; settled: boolean } {
  const query = useQuery({
    queryKey: ['home-config-cache', endpoint, keys?.controller, keys?.userAddress, attempt],
    enabled: keys !== null,
    queryFn: async (): Promise<HaConfig | null> => {
      const cached = readConfigEnvelope(endpoint, keys!.controller);
      if (!cached) return null;
      return openHomeFile(cached.envelope, keys!, validateHaConfig).catch(() => null);
    },
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return useMemo(
    () => ({ config: query.data ?? null, settled: keys !== null && !query.isPending }),
    [query.data, query.isPending, keys],
  );
}
