import {
  askSecondOpinion,
  decisionFacts,
  disagreementText,
} from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { TxFailedError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { publicNodesOf } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import { appConfig } from '../shell/config.ts';
import { useChain } from '../stores/chain-store.ts';

const sameNode = (a: string, b: string) =>
  a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase();

/**
 * The node asked for a second opinion on the chain with this genesis hash while `connected` is
 * the node in use: the build's own first, then the known network's public nodes; null for a
 * chain the app does not know, or a network with no other node.
 */
export function secondNodeFor(genesisHash: string, connected: string): string | null {
  const known = publicNodesOf(genesisHash);
  if (known.length === 0) return null;
  return (
    [...appConfig.secondOpinionNodes, ...known].find((node) => !sameNode(node, connected)) ?? null
  );
}

/**
 * Before a purchase, a renewal or a device-list change is signed: the facts it rests on (the
 * owner's subscription, device list and balance) as a second node has them at the same
 * finalized block. A disagreement stops it, in words naming both nodes; a second node that does
 * not answer does not (it cannot tell a lie from the truth), nor does a chain without one.
 */
export async function confirmWithSecondNode(
  client: RobonomicsClient,
  owner: string,
): Promise<void> {
  const connected = useChain.getState().endpoint;
  const second = secondNodeFor(client.genesisHash, connected);
  if (!second) return;
  const opinion = await askSecondOpinion(client, second, decisionFacts(client, owner));
  if (opinion.kind === 'disagree') throw new TxFailedError(disagreementText(connected, opinion));
}
