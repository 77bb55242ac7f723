import type { AccountBalance } from '@robonomics-dapp/robonomics/chain/model/balance';
import { subscribeBalance } from '@robonomics-dapp/robonomics/chain/subscriptions/balance';
import { useChainSubscription } from './use-chain-subscription.ts';

/** The live balance of an address, or undefined while loading / without an address. */
export function useBalance(address: string | null): AccountBalance | undefined {
  return useChainSubscription<AccountBalance>(
    address ? `balance:${address}` : null,
    (client, set) => subscribeBalance(client, address!, set),
  ).value;
}
