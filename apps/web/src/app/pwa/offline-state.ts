import { useEffect, useState, useSyncExternalStore } from 'react';
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

/** How often the app's own server is asked again while the parachain stays out of reach. */
export const REACHABILITY_PROBE_MS = 5_000;

/**
 * Whether the server the app came from answers at all (any HTTP status counts). A URL of the
 * app's own with a query the service worker's precache does not know, so the request goes to the
 * network instead of being answered from the cache.
 */
export async function originAnswers(
  fetchFn: typeof fetch = fetch,
  base: string = document.baseURI,
): Promise<boolean> {
  const url = new URL('manifest.webmanifest', base);
  url.searchParams.set('reachable', String(Date.now()));
  try {
    await fetchFn(url, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * While the parachain is out of reach and the browser still says it is online, asks the app's
 * server every few seconds: a browser may report a network that leads nowhere (a Wi-Fi without
 * internet, a captive portal, some versions' offline emulation after a reload).
 */
function useOriginProbe(active: boolean): boolean {
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    setUnreachable(false);
    if (!active) return;
    let stopped = false;
    const probe = () =>
      originAnswers().then((answers) => {
        if (!stopped) setUnreachable(!answers);
      });
    probe();
    const timer = setInterval(probe, REACHABILITY_PROBE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active]);
  return active && unreachable;
}

/**
 * Offline as the user meets it: the parachain cannot be reached, and neither can the network (the
 * browser says it has none, or the app's own server does not answer either). A node on this
 * machine or the local network keeps the app online even when the browser says it has no network.
 */
export function useOffline(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const chainFailed = useChainFailed((s) => s.failed);
  const originUnreachable = useOriginProbe(chainFailed && browserOnline);
  return chainFailed && (!browserOnline || originUnreachable);
}
