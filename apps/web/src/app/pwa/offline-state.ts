import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { useChain } from '../../lib/stores/chain-store.ts';

type ChainView = { state: string; client: unknown };

/**
 * Whether the parachain has failed to answer since it last answered: its first connection failed,
 * or an open connection dropped. It stays failed while the app keeps retrying, until it connects.
 */
export function nextChainFailed(failed: boolean, chain: ChainView): boolean {
  if (chain.state === 'connected') return false;
  if (chain.state === 'error') return true;
  if (chain.state === 'connecting' && chain.client) return true;
  return failed;
}

const useChainFailed = create(() => ({ failed: false }));
useChain.subscribe((chain) =>
  useChainFailed.setState((s) => ({ failed: nextChainFailed(s.failed, chain) })),
);

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Offline as the user meets it: the browser has no network and the parachain cannot be reached.
 * A node on this machine or the local network keeps the app online even when the browser says
 * it has no network.
 */
export function useOffline(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const chainFailed = useChainFailed((s) => s.failed);
  return !browserOnline && chainFailed;
}
