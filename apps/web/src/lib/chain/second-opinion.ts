import {
  type CheckedFacts,
  checkFacts,
  type DecisionConstant,
  type DecisionFact,
} from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { decidingPin } from '@robonomics-dapp/robonomics/chain/metadata/pinned-runtimes';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import {
  decodeOwnerFacts,
  type OwnerFacts,
  ownerFacts,
} from '@robonomics-dapp/robonomics/chain/queries/decision-facts';
import { useChain } from '../stores/chain-store.ts';
import { secondNodesFor } from './second-nodes.ts';

/**
 * The second opinion before a decision (docs/security.md, "A second node before decisions"):
 * which nodes are asked for the network in use, and the facts of a purchase, a renewal, a
 * device-list change or a transfer read and checked through them.
 */

/** The constants a decision rests on that the build pins no value for: the second node's too. */
function unpinnedConstants(client: RobonomicsClient, wanted: readonly DecisionConstant[]) {
  if (decidingPin(client.genesisHash, client.runtimeVersion.specVersion)) return [];
  return wanted.filter(({ pallet, name }) =>
    client.metadata.latest.pallets.some(
      (p) => p.name === pallet && p.constants.some((c) => c.name === name),
    ),
  );
}

/** RWS.MaxDevicesAmount: how many devices a list may hold. */
export const DEVICE_BOUND: readonly DecisionConstant[] = [
  { label: 'the device bound', pallet: 'RWS', name: 'MaxDevicesAmount' },
];

/** RWS.MinimalBid and RWS.MaxDevicesAmount: what a purchase bids and its device list may hold. */
export const PRICE_AND_BOUND: readonly DecisionConstant[] = [
  { label: 'the minimal bid', pallet: 'RWS', name: 'MinimalBid' },
  ...DEVICE_BOUND,
];

/** What a check found, with the constants it took from the node where nothing pins them. */
export interface FactsCheck {
  check: CheckedFacts;
  /** The constants the decision takes from the node (none on a pinned network). */
  nodeConstants: readonly DecisionConstant[];
}

/** A check with the facts decoded from the bytes it compared. */
export interface Checked<T> extends FactsCheck {
  facts: T;
}

/**
 * Reads `facts` (and, where nothing pins them, `constants`) at the connected node's final block
 * and has them confirmed by a second node. A disagreement or an old block rejects in words;
 * unconfirmed facts resolve with the reason, for the user to decide.
 */
export async function checkDecisionFacts(
  client: RobonomicsClient,
  facts: readonly DecisionFact[],
  constants: readonly DecisionConstant[] = [],
): Promise<FactsCheck> {
  const { endpoint, network } = useChain.getState();
  const { nodes, none } = secondNodesFor(network, endpoint);
  const nodeConstants = unpinnedConstants(client, constants);
  const check = await checkFacts(client, facts, {
    connected: endpoint,
    secondNodes: nodes,
    noSecondNode: none,
    constants: nodeConstants,
  });
  return { check, nodeConstants };
}

/** An owner's subscription, device list and balance, read and checked for a decision. */
export async function checkOwnerFacts(
  client: RobonomicsClient,
  owner: string,
  constants: readonly DecisionConstant[] = [],
): Promise<Checked<OwnerFacts>> {
  const { check, nodeConstants } = await checkDecisionFacts(
    client,
    ownerFacts(client, owner),
    constants,
  );
  return { facts: decodeOwnerFacts(client, check.values), check, nodeConstants };
}
