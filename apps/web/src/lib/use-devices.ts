import { subscribeDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/devices';
import { useChainSubscription } from './use-chain-subscription.ts';

/** An owner's live device list (SS58-32), undefined while loading. */
export function useDevices(owner: string | null | undefined): string[] | undefined {
  return useChainSubscription<string[]>(owner ? `devices:${owner}` : null, (client, set) =>
    subscribeDevices(client, owner!, set),
  ).value;
}
