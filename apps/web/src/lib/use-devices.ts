import { subscribeDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/devices';
import { useEffect, useMemo } from 'react';
import { useChain } from './chain-store.ts';
import { readCachedDeviceList, writeCachedDevices } from './devices-cache.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

/** A device list and where it comes from: followed live, or the last one seen (with its time). */
export interface DeviceList {
  addresses: string[];
  live: boolean;
  /** When the list was seen, ms (now for a live one). */
  time: number;
}

/**
 * An owner's device list (SS58-32): followed live on the chain, else the list last seen on this
 * endpoint (at most a day old) and marked as such; undefined when there is neither.
 */
export function useDeviceList(owner: string | null | undefined): DeviceList | undefined {
  const endpoint = useChain((s) => s.endpoint);
  const live = useChainSubscription<string[]>(owner ? `devices:${owner}` : null, (client, set) =>
    subscribeDevices(client, owner!, set),
  ).value;
  useEffect(() => {
    if (owner && live) writeCachedDevices(endpoint, owner, live);
  }, [endpoint, owner, live]);
  return useMemo(() => {
    if (!owner) return undefined;
    if (live) return { addresses: live, live: true, time: Date.now() };
    const kept = readCachedDeviceList(endpoint, owner);
    return kept && { addresses: kept.value, live: false, time: kept.time };
  }, [owner, live, endpoint]);
}

/**
 * An owner's live device list (SS58-32). While it loads, the list last seen on this endpoint
 * (at most a day old); undefined when there is none.
 */
export function useDevices(owner: string | null | undefined): string[] | undefined {
  return useDeviceList(owner)?.addresses;
}
