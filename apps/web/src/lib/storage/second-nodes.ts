import { validateEndpoint } from '@robonomics-dapp/robonomics/chain/network/endpoint';
import type { NetworkIdentity } from '@robonomics-dapp/robonomics/chain/network/network-identity';
import { safeStorage } from './safe-storage.ts';

/**
 * The second node the user named for a network (docs/security.md, "A second node before
 * decisions"): asked instead of the network's public nodes before anything is signed. Kept per
 * network: a known network and any other chain by its genesis hash, the build's devnet (whose
 * genesis changes with every fresh start) under one name.
 */
export const SECOND_NODES_KEY = 'robonomics-dapp.second-nodes.v1';

/** Which network a named node belongs to; null while the node in use is not identified. */
export function secondNodeNetworkKey(network: NetworkIdentity | null): string | null {
  if (!network || network.kind === 'refused') return null;
  if (network.kind === 'known' && network.devnet) return 'devnet';
  return network.genesisHash.toLowerCase();
}

/** Every named node, each checked as an endpoint is (anything else kept there is ignored). */
function readAll(): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(safeStorage.get(SECOND_NODES_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const nodes: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') continue;
    const check = validateEndpoint(value);
    if (check.ok) nodes[key] = check.url;
  }
  return nodes;
}

/** The node the user named for this network, if any. */
export function readOwnSecondNode(networkKey: string | null): string | null {
  if (!networkKey) return null;
  const nodes = readAll();
  return Object.hasOwn(nodes, networkKey) ? (nodes[networkKey] ?? null) : null;
}

/**
 * Names (or, with null, forgets) the second node of a network. The address is checked as an
 * endpoint is; the error is returned in words and nothing is kept.
 */
export function writeOwnSecondNode(networkKey: string, endpoint: string | null): string | null {
  const nodes = readAll();
  if (endpoint === null) delete nodes[networkKey];
  else {
    const check = validateEndpoint(endpoint);
    if (!check.ok) return check.error;
    nodes[networkKey] = check.url;
  }
  return safeStorage.set(SECOND_NODES_KEY, JSON.stringify(nodes))
    ? null
    : 'This browser does not let the app keep the address.';
}
