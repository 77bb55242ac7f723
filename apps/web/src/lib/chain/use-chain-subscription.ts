import { useCallback, useSyncExternalStore } from 'react';
import { useChain } from '../stores/chain-store.ts';
import { type LiveValue, LOADING, readLive, type Subscribe, watchLive } from './live-chain.ts';

/**
 * A live chain value for React, shared: every component reading the same `key` on the same
 * client reads one RPC subscription (lib/chain/live-chain.ts). `key` names what `subscribe` follows,
 * so it must differ for different subscriptions (e.g. `ledger:<owner>`); null reads nothing.
 * `value` is undefined while loading.
 */
export function useChainSubscription<T>(key: string | null, subscribe: Subscribe<T>): LiveValue<T> {
  return useLiveValue(
    useChain((s) => s.client),
    key,
    subscribe,
  );
}

/**
 * The same for any connection (e.g. the Crust client): every component reading `key` on the
 * same `client` shares one subscription. Null `client` or `key` reads nothing.
 */
export function useLiveValue<T, C extends object>(
  client: C | null,
  key: string | null,
  subscribe: Subscribe<T, C>,
): LiveValue<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `subscribe` is keyed by `key`
  const watch = useCallback(
    (onChange: () => void) =>
      client && key !== null ? watchLive(client, key, subscribe, onChange) : () => {},
    [client, key],
  );
  const read = useCallback(
    (): LiveValue<T> => (client && key !== null ? readLive<T>(client, key) : LOADING),
    [client, key],
  );
  return useSyncExternalStore(watch, read, read);
}
