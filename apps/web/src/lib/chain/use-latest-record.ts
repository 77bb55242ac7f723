import type { DatalogRecord } from '@robonomics-dapp/robonomics/chain/model/datalog';
import { subscribeDatalogRecords } from '@robonomics-dapp/robonomics/chain/subscriptions/datalog-records';
import { useChainSubscription } from './use-chain-subscription.ts';

/**
 * The controller's newest datalog record since the page started following it (shared with every
 * reader of the same controller): undefined until one arrives.
 */
export function useLatestRecord(controller: string | null): DatalogRecord | undefined {
  return useChainSubscription<DatalogRecord>(
    controller ? `datalog-latest:${controller}` : null,
    (client, set) => subscribeDatalogRecords(client, controller!, set),
  ).value;
}
