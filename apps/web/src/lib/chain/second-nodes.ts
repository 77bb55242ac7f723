import type { SecondNode } from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { publicNodesOf, sameEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import type { NetworkIdentity } from '@robonomics-dapp/robonomics/chain/network/network-identity';
import { appConfig } from '../shell/config.ts';
import { readOwnSecondNode, secondNodeNetworkKey } from '../storage/second-nodes.ts';

/**
 * Which nodes are asked for a second opinion on the network in use (docs/security.md, "A second
 * node before decisions"). Apart from the check itself (second-opinion.ts), so that the network
 * menu can say it without loading the chain client's code.
 */

export interface SecondNodes {
  nodes: SecondNode[];
  /** Why no node is asked, when `nodes` is empty: the end of a sentence. */
  none: string;
}

/**
 * The nodes asked to confirm facts on `network` while `connected` is in use: the one the user
 * named for it, else the build's and the network's public nodes other than the connected one.
 */
export function secondNodesFor(network: NetworkIdentity | null, connected: string): SecondNodes {
  const others = (endpoints: readonly string[]) =>
    endpoints
      .filter(
        (e, i) =>
          !sameEndpoint(e, connected) && endpoints.findIndex((o) => sameEndpoint(o, e)) === i,
      )
      .map((endpoint) => ({ endpoint, own: false }));
  const own = readOwnSecondNode(secondNodeNetworkKey(network));
  if (own) {
    return sameEndpoint(own, connected)
      ? { nodes: [], none: 'the second node you named for this network is the node in use.' }
      : { nodes: [{ endpoint: own, own: true }], none: '' };
  }
  if (network?.kind === 'known' && network.devnet) {
    return { nodes: others(appConfig.devnetSecondNodes), none: 'the devnet has no second node.' };
  }
  if (network?.kind === 'known') {
    const nodes = others([...appConfig.secondOpinionNodes, ...publicNodesOf(network.genesisHash)]);
    return { nodes, none: `${network.name} has no public node besides the one in use.` };
  }
  return {
    nodes: [],
    none: 'the app does not know this chain, so it knows no second node of it.',
  };
}
