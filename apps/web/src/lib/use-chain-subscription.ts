import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/client';
import { useEffect, useState } from 'react';
import { useChain } from './chain-store.ts';

type Unsubscribe = (() => void) | (() => Promise<void>);

/**
 * A live chain value for React: runs `subscribe` once the client is ready (and again when the
 * client or `key` changes) and unsubscribes on unmount. `undefined` while loading.
 */
export function useChainSubscription<T>(
  key: string | null,
  subscribe: (
    client: RobonomicsClient,
    set: (value: T) => void,
  ) => Promise<Unsubscribe> | Unsubscribe,
): { value: T | undefined; error: string | null } {
  const client = useChain((s) => s.client);
  const [state, setState] = useState<{
    key: string | null;
    value: T | undefined;
    error: string | null;
  }>({
    key: null,
    value: undefined,
    error: null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `subscribe` is keyed by `key`
  useEffect(() => {
    if (!client || key === null) return;
    let active = true;
    let unsubscribe: Unsubscribe | null = null;
    setState({ key, value: undefined, error: null });
    Promise.resolve(
      subscribe(client, (value) => {
        if (active) setState({ key, value, error: null });
      }),
    ).then(
      (unsub) => {
        unsubscribe = unsub;
        if (!active) void Promise.resolve(unsub()).catch(() => {});
      },
      (error: unknown) => {
        if (active)
          setState({
            key,
            value: undefined,
            error: error instanceof Error ? error.message : String(error),
          });
      },
    );
    return () => {
      active = false;
      if (unsubscribe) void Promise.resolve(unsubscribe()).catch(() => {});
    };
  }, [client, key]);
  return state.key === key
    ? { value: state.value, error: state.error }
    : { value: undefined, error: null };
}
