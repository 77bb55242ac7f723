import { KNOWN_ENDPOINTS, knownEndpointOf, sameEndpoint } from './endpoint.ts';
import { normalizeGenesisHash, sameGenesis } from './genesis-hash.ts';

/**
 * Which chain a node is, as far as the app can tell, and so how its amounts are shown and whether
 * its metadata may be offered to a wallet (docs/security.md, "What a node may claim").
 */

/** A token's decimals and symbol. */
export interface TokenFacts {
  decimals: number;
  symbol: string;
}

/** XRT, the token of every Robonomics network: 9 decimals. */
export const XRT: TokenFacts = { decimals: 9, symbol: 'XRT' };

export type NetworkIdentity =
  /**
   * A network the app knows: Robonomics on Polkadot or Kusama by their pinned genesis hash, or
   * the build's own devnet by its endpoint. Amounts use XRT's decimals, never the node's.
   */
  | {
      kind: 'known';
      name: string;
      genesisHash: string;
      token: TokenFacts;
      /**
       * The endpoint is one the build names for this network (not a custom node claiming its
       * genesis): only then is the chain's metadata offered to wallets, which keep it under the
       * genesis hash for every later transaction of that network.
       */
      ownEndpoint: boolean;
      /** The build's own devnet, known by its endpoint on this machine (never in production). */
      devnet: boolean;
    }
  /** A chain the app does not know: amounts are shown unscaled, nothing is offered to wallets. */
  | { kind: 'unknown'; genesisHash: string; reported: Partial<TokenFacts> }
  /** A node that contradicts what the app knows of the network it claims or is reached as. */
  | { kind: 'refused'; reason: string };

export interface IdentifyInput {
  endpoint: string;
  /** The genesis hash the node reports (chain_getBlockHash(0)). */
  genesisHash: string;
  /** The node's system_properties answer (anything: it is checked here). */
  properties: unknown;
  /**
   * Endpoints of the build's own devnet (its genesis changes with every fresh start, so it is
   * known by its address on this machine). Empty in production builds.
   */
  devnetEndpoints?: readonly string[];
}

const LABELS = { polkadot: 'Robonomics on Polkadot', kusama: 'Robonomics on Kusama' } as const;
const DEVNET_NAME = 'Local devnet';

/** The token decimals and symbol a node reports in system_properties, where it reports them. */
export function reportedToken(properties: unknown): Partial<TokenFacts> {
  const record =
    properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const decimals = first(record.tokenDecimals);
  const symbol = first(record.tokenSymbol);
  return {
    ...(typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0
      ? { decimals }
      : {}),
    ...(typeof symbol === 'string' && symbol !== '' ? { symbol: symbol.slice(0, 32) } : {}),
  };
}

const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

const describeToken = ({ decimals, symbol }: Partial<TokenFacts>) =>
  [
    symbol === undefined ? 'no symbol' : `the symbol ${symbol}`,
    decimals === undefined ? 'no decimals' : `${decimals} decimals`,
  ].join(' and ');

/**
 * What the app makes of a node: the network its endpoint stands for must have the pinned genesis
 * hash; a known network's node must report XRT with 9 decimals, or report nothing; a custom node
 * claiming a known genesis is that network, but is no endpoint of the build's; anything else is
 * an unknown network.
 */
export function identifyNetwork({
  endpoint,
  genesisHash: reportedGenesis,
  properties,
  devnetEndpoints = [],
}: IdentifyInput): NetworkIdentity {
  // One form from here on: every identity carries the lower-case hash.
  const genesisHash = normalizeGenesisHash(reportedGenesis) ?? reportedGenesis;
  const byEndpoint = knownEndpointOf(endpoint);
  const pinned = byEndpoint?.genesisHash ? byEndpoint : undefined;
  if (pinned?.genesisHash && !sameGenesis(pinned.genesisHash, genesisHash)) {
    const name = LABELS[pinned.network as keyof typeof LABELS];
    return {
      kind: 'refused',
      reason: `This node is not ${name}: it reports another chain (genesis ${shortHash(genesisHash)}). The app does not use it; choose another network.`,
    };
  }
  const claimed = KNOWN_ENDPOINTS.find((e) => sameGenesis(e.genesisHash, genesisHash));
  const devnet = devnetEndpoints.some((e) => sameEndpoint(e, endpoint));
  const reported = reportedToken(properties);
  const name = claimed
    ? LABELS[claimed.network as keyof typeof LABELS]
    : devnet
      ? DEVNET_NAME
      : null;
  if (!name) return { kind: 'unknown', genesisHash, reported };
  if (
    (reported.decimals !== undefined && reported.decimals !== XRT.decimals) ||
    (reported.symbol !== undefined && reported.symbol !== XRT.symbol)
  ) {
    return {
      kind: 'refused',
      reason: `This node says it is ${name}, whose token is XRT with 9 decimals, but it reports ${describeToken(reported)}. The app does not use it, so that no amount is shown or signed at the wrong scale; choose another network.`,
    };
  }
  return {
    kind: 'known',
    name,
    genesisHash,
    token: XRT,
    // A devnet node claiming a production genesis is no endpoint of that network.
    ownEndpoint: claimed ? pinned !== undefined : devnet,
    devnet: !claimed && devnet,
  };
}
