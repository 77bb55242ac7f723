import { subscribeDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/devices';
import { useEffect } from 'react';
import { useChain } from './chain-store.ts';
import { readCachedDevices, writeCachedDevices } from './devices-cache.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

/**
 * An owner's live device list (SS58-32). While it loads, the list last seen on this endpoint
 * (at most a day old); undefined when there is none. Only for showing: a list written back to
 * the chain must be the live one (useLiveDevices).
 */
export function useDevices(owner: string | null | undefined): string[] | undefined {
  return useLiveDevices(owner).devices;
}

/**
 * The device list to show, and whether it is the live one from the chain (`live`) or the one
 * kept from an earlier visit while the live one loads. Writes of the list wait for the live one.
 */
export function useLiveDevices(owner: string | null | undefined): {
  devices: string[] | undefined;
  live: boolean;
} {
  const endpoint = useChain((s) => s.endpoint);
  const live = useChainSubscription<string[]>(owner ? `devices:${owner}` : null, (client, set) =>
    subscribeDevices(client, owner!, set),
  ).value;
  useEffect(() => {
    if (owner && live) writeCachedDevices(endpoint, owner, live);
  }, [endpoint, owner, live]);
  if (live || !owner) return { devices: live, live: live !== undefined };
  return { devices: readCachedDevices(endpoint, owner), live: false };
}
