import { DECRYPT_ERROR_TEXT, DecryptError } from '@robonomics-dapp/robonomics/crypto/box';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type NotifyOptions, useToasts } from '../../../lib/stores/toasts.ts';
import { findHomeRecord, type HomeRecord, NotPublishedError } from '../api/home-record.ts';
import { homeSources } from '../api/home-sources.ts';
import { keptOpenings } from '../api/kept-home.ts';
import { type HomeKeys, type LoadedHome, loadHome } from '../api/load-home.ts';
import { takeEarlyRecord } from '../first-paint/early-home.ts';
import { READ_ONCE } from './read-once.ts';

export type Notify = (text: string, options?: NotifyOptions) => unknown;

/** The loading messages of one home load replace each other, one toast at a time. */
const HOME_LOAD_STEP = 'home-load';

/** The text a failed home load shows in a toast: a file that does not open as the product rules say. */
export const loadErrorText = (error: Error) =>
  error instanceof DecryptError ? DECRYPT_ERROR_TEXT : `Error: ${error.message}`;

const recordQuery = (endpoint: string, controller: string | null, attempt: number) => ({
  queryKey: ['home-record', endpoint, controller, attempt],
  queryFn: (): Promise<HomeRecord> =>
    (attempt === 0 ? takeEarlyRecord(endpoint, controller!) : null) ??
    findHomeRecord(homeSources, controller!),
  ...READ_ONCE,
});

/**
 * The controller's last record and the states file it names, still encrypted, read once per
 * `attempt` as soon as `controller` is given: before the user's key is open, so the two go on
 * together.
 */
export function useHomeRecord(endpoint: string, controller: string | null, attempt: number) {
  useQuery({ ...recordQuery(endpoint, controller, attempt), enabled: controller !== null });
}

/**
 * The home as the controller's last datalog record and its twin describe it, read once per
 * `attempt` through TanStack Query (keyed by endpoint, controller and user), from the record
 * useHomeRecord reads. Status texts and a failure go to `notify` as they happen; a controller
 * that has not published yet is no failure to notify.
 */
export function useLoadedHome(
  endpoint: string,
  keys: HomeKeys | null,
  attempt: number,
  notify: Notify,
) {
  const queryClient = useQueryClient();
  // A load cut short by leaving the page leaves no progress message behind.
  useEffect(() => () => useToasts.getState().finish(HOME_LOAD_STEP), []);
  return useQuery({
    queryKey: ['home', endpoint, keys?.controller, keys?.userAddress, attempt],
    enabled: keys !== null,
    queryFn: async (): Promise<LoadedHome> => {
      try {
        const found = queryClient.fetchQuery(recordQuery(endpoint, keys!.controller, attempt));
        // What this device kept is opened first (the first card waits for it), and a file the
        // record or the twin names again is used as it is rather than opened twice.
        const kept = keptOpenings(endpoint, keys!);
        const [states, config] = await Promise.all([kept.states, kept.config]);
        const home = await loadHome(
          homeSources,
          keys!,
          (text) =>
            notify(text, {
              step: HOME_LOAD_STEP,
              kind: text === 'Config loaded' ? 'success' : 'info',
            }),
          found,
          { states: states?.file, config },
        );
        useToasts.getState().finish(HOME_LOAD_STEP);
        return home;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        useToasts.getState().finish(HOME_LOAD_STEP);
        if (!(failure instanceof NotPublishedError))
          notify(loadErrorText(failure), { kind: 'error' });
        throw failure;
      }
    },
    ...READ_ONCE,
  });
}
