import {
  fetchOwnedTwins,
  type TwinCache,
} from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { subscribeTwinTotal } from '@robonomics-dapp/robonomics/chain/subscriptions/twin-total';
import { safeStorage } from '../storage/safe-storage.ts';
import { useChain } from '../stores/chain-store.ts';
import { useChainQuery } from './use-chain-query.ts';
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
  const endpoint = useChain((s) => s.endpoint);
  const total = useChainSubscription<number>('twin-total', subscribeTwinTotal).value;
  const key = account ? cacheKey(endpoint, account) : null;
  const { data, error } = useChainQuery(
    key && total !== undefined ? ['owned-twins', account, total] : null,
    async (client) => {
      const result = await fetchOwnedTwins(client, account!, readCache(key!));
      safeStorage.set(key!, JSON.stringify(result));
      return result.twins;
    },
    { keepWhileSame: 2 },
  );
  return { twins: data, error };
}
