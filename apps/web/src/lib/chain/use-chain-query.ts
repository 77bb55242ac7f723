import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { useQuery } from '@tanstack/react-query';
import { useChain } from '../stores/chain-store.ts';

/**
 * A one-off chain read for React through TanStack Query, keyed by the endpoint and `key`:
 * components asking for the same key share one request and its answer, and an answer for a
 * key the component no longer shows is never applied (docs/architecture.md, Shared live data).
 * `key` null reads nothing. `data` is undefined while loading or after an error, except that
 * with `keepWhileSame` = n the previous answer stays shown while a new key whose first n parts
 * are unchanged loads (a list refreshed because a counter moved, not another account's list).
 */
export function useChainQuery<T>(
  key: readonly unknown[] | null,
  read: (client: RobonomicsClient) => Promise<T>,
  { keepWhileSame }: { keepWhileSame?: number } = {},
): { data: T | undefined; error: string | null } {
  const client = useChain((s) => s.client);
  const endpoint = useChain((s) => s.endpoint);
  const query = useQuery({
    queryKey: ['chain', endpoint, ...(key ?? [])],
    queryFn: () => read(client!),
    enabled: client !== null && key !== null,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: (previous, previousQuery) => {
      if (keepWhileSame === undefined || !previousQuery || key === null) return undefined;
      const before = previousQuery.queryKey.slice(2, 2 + keepWhileSame);
      const now = key.slice(0, keepWhileSame);
      return previousQuery.queryKey[1] === endpoint && before.every((part, i) => part === now[i])
        ? previous
        : undefined;
    },
  });
  return {
    data: query.data,
    error: query.error ? query.error.message : null,
  };
}
