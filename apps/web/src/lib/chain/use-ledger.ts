import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { subscribeLedger } from '@robonomics-dapp/robonomics/chain/subscriptions/ledger';
import { useChainSubscription } from './use-chain-subscription.ts';

/** An owner's live subscription ledger: undefined while loading, null when there is none. */
export function useLedger(owner: string | null | undefined): SubscriptionLedger | null | undefined {
  return useChainSubscription<SubscriptionLedger | null>(
    owner ? `ledger:${owner}` : null,
    (client, set) => subscribeLedger(client, owner!, set),
  ).value;
}
