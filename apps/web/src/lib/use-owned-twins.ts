import {
  fetchOwnedTwins,
  type TwinCache,
} from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { subscribeTwinTotal } from '@robonomics-dapp/robonomics/chain/subscriptions/twin-total';
import { useEffect, useState } from 'react';
import { useChain } from './chain-store.ts';
import { safeStorage } from './safe-storage.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

function cacheKey(endpoint: string, account: string): string {
  let host = endpoint;
  try {
    host = new URL(endpoint).host;
  } catch {
    // keep the raw endpoint
  }
  return `twins:${host}:${account}`;
}

function readCache(key: string): TwinCache | null {
  try {
    const value = JSON.parse(safeStorage.get(key) ?? 'null') as TwinCache | null;
    return value && Number.isInteger(value.total) && Array.isArray(value.twins) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The twins an account owns, refreshed when DigitalTwin.Total changes; cached per chain host
 * and account as {total, twins} so a revisit does not rescan every twin.
 */
export function useOwnedTwins(account: string | null): {
  twins: number[] | undefined;
  error: string | null;
} {
  const client = useChain((s) => s.client);
  const endpoint = useChain((s) => s.endpoint);
  const total = useChainSubscription<number>('twin-total', subscribeTwinTotal).value;
  const [state, setState] = useState<{ key: string; twins: number[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = account ? cacheKey(endpoint, account) : null;

  useEffect(() => {
    if (!client || !account || !key || total === undefined) return;
    let active = true;
    fetchOwnedTwins(client, account, readCache(key)).then(
      (result) => {
        if (!active) return;
        safeStorage.set(key, JSON.stringify(result));
        setState({ key, twins: result.twins });
        setError(null);
      },
      (e: unknown) => active && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      active = false;
    };
  }, [client, account, key, total]);

  return { twins: state && state.key === key ? state.twins : undefined, error };
}
