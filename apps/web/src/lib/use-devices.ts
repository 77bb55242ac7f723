import { subscribeDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/devices';
import { useEffect } from 'react';
import { useChain } from './chain-store.ts';
import { readCachedDevices, writeCachedDevices } from './devices-cache.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

/**
 * An owner's live device list (SS58-32). While it loads, the list last seen on this endpoint
 * (at most a day old); undefined when there is none.
 */
export function useDevices(owner: string | null | undefined): string[] | undefined {
  const endpoint = useChain((s) => s.endpoint);
  const live = useChainSubscription<string[]>(owner ? `devices:${owner}` : null, (client, set) =>
    subscribeDevices(client, owner!, set),
  ).value;
  useEffect(() => {
    if (owner && live) writeCachedDevices(endpoint, owner, live);
  }, [endpoint, owner, live]);
  if (live || !owner) return live;
  return readCachedDevices(endpoint, owner);
}
