import type { TwinTopics } from '@robonomics-dapp/robonomics/chain/model/twin';
import { referenceCallWeight } from '@robonomics-dapp/robonomics/chain/queries/reference-call-weight';
import { subscribeTwin } from '@robonomics-dapp/robonomics/chain/subscriptions/twin';
import { fetchHomeCallWeights } from '@robonomics-dapp/robonomics/chain/tx/home-call-weights';
import {
  type ControllerTwinFacts,
  estimateFirstRecord,
  type FirstRecordEstimate,
} from '@robonomics-dapp/robonomics/rws/first-record';
import { useChainNow } from '../../../lib/chain/use-chain-now.ts';
import { useChainQuery } from '../../../lib/chain/use-chain-query.ts';
import { useChainSubscription } from '../../../lib/chain/use-chain-subscription.ts';
import { useOwnedTwins } from '../../../lib/chain/use-owned-twins.ts';
import { useChain } from '../../../lib/stores/chain-store.ts';
import type { Guide } from './use-guide.ts';

export interface FirstRecordView {
  estimate: FirstRecordEstimate;
  facts: ControllerTwinFacts;
  /** The ledger's last update (ms): when the subscription last paid for a call. */
  lastUpdate: number;
  /** The chain's clock now (ms). */
  now: number;
}

/**
 * The wait for the home's first record, from the chain (rws/first-record.ts): the ledger (live),
 * the twins the controller owns (live), the topics of the last one (live), and the weight of
 * each call as the runtime weighs it. Undefined while any of them is read.
 */
export function useFirstRecord(guide: Guide, controller: string): FirstRecordView | undefined {
  const client = useChain((s) => s.client);
  const now = useChainNow();
  const owner = guide.facts.owner;
  const weights = useChainQuery(owner ? ['home-call-weights', owner, controller] : null, (c) =>
    fetchHomeCallWeights(c, owner!, controller),
  ).data;
  const twins = useOwnedTwins(controller).twins;
  const twin = twins?.at(-1) ?? null;
  const topics = useChainSubscription<TwinTopics>(twin === null ? null : `twin:${twin}`, (c, set) =>
    subscribeTwin(c, twin!, set),
  ).value;
  const ledger = guide.ledger;
  if (!client || !ledger || !weights || !twins || now === undefined) return undefined;
  if (twin !== null && topics === undefined) return undefined;
  const configTopic = topics?.find((t) => t.source === controller)?.topic ?? null;
  const facts = { twins, configTopic };
  return {
    estimate: estimateFirstRecord(ledger, referenceCallWeight(client), weights, facts, now),
    facts,
    lastUpdate: Number(ledger.lastUpdate),
    now,
  };
}
