import { useEffect, useSyncExternalStore } from 'react';
import { type KeepingAnswer, keyKeepingCheck } from './key-keeping-check.ts';

/**
 * This page's answer to whether keys may be kept (key-keeping-check.ts), kept current: options
 * that keep a key show it ('checking' as waiting, never as allowed). Mounting starts the check if
 * the app's start has not yet.
 */
export function useKeyKeeping(): KeepingAnswer {
  useEffect(() => keyKeepingCheck.start(), []);
  return useSyncExternalStore(
    keyKeepingCheck.watch,
    keyKeepingCheck.current,
    keyKeepingCheck.current,
  );
}
