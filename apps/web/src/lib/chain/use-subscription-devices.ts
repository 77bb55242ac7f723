import { subscribeSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/subscription-devices';
import { useEffect, useMemo } from 'react';
import { readCachedDeviceList, writeCachedDevices } from '../storage/subscription-devices-cache.ts';
import { useChain } from '../stores/chain-store.ts';
import { useChainSubscription } from './use-chain-subscription.ts';

/** A device list and where it comes from. */
export interface SubscriptionDeviceList {
  /** The addresses (SS58-32); undefined when no list is known. */
  devices: string[] | undefined;
  /** Followed live on the chain; false for the list kept from an earlier visit. */
  live: boolean;
  /** When the list was seen (ms): now for a live one; undefined when there is none. */
  seen: number | undefined;
}

/**
 * An owner's device list: followed live on the chain, else the list last seen on this endpoint
 * (at most a day old) while the live one loads or the parachain does not answer. The kept one is
 * only for showing (marked as such) and for deciding who may send a command peer-to-peer; a list
 * written back to the chain must be the live one.
 */
export function useSubscriptionDeviceList(
  owner: string | null | undefined,
): SubscriptionDeviceList {
  const endpoint = useChain((s) => s.endpoint);
  const live = useChainSubscription<string[]>(owner ? `devices:${owner}` : null, (client, set) =>
    subscribeSubscriptionDevices(client, owner!, set),
  ).value;
  useEffect(() => {
    if (owner && live) writeCachedDevices(endpoint, owner, live);
  }, [endpoint, owner, live]);
  return useMemo((): SubscriptionDeviceList => {
    if (live || !owner) return { devices: live, live: live !== undefined, seen: Date.now() };
    const kept = readCachedDeviceList(endpoint, owner);
    return { devices: kept?.value, live: false, seen: kept?.time };
  }, [owner, live, endpoint]);
}

/** An owner's device list to show: the live one, else the one kept from an earlier visit. */
export function useSubscriptionDevices(owner: string | null | undefined): string[] | undefined {
  return useSubscriptionDeviceList(owner).devices;
}
