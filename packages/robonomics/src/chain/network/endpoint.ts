import { sameGenesis } from './genesis-hash.ts';

/**
 * Which Robonomics parachain RPC endpoint the app talks to.
 *
 * Order (docs/product-rules.md): the `rpc` query parameter, else the saved choice (localStorage
 * `rpc-parachain`), else the default. A `?rpc=` value is validated and is not saved until the
 * user accepts it: a crafted link must not silently and permanently move the app to a hostile
 * node.
 */

export const RPC_STORAGE_KEY = 'rpc-parachain';
export const DEFAULT_PARACHAIN_ENDPOINT = 'wss://polkadot.rpc.robonomics.network/';
export const LOCAL_DEVNET_ENDPOINT = 'ws://127.0.0.1:9944';

export type NetworkName = 'polkadot' | 'kusama' | 'local' | 'custom';

export interface KnownEndpoint {
  network: NetworkName;
  label: string;
  url: string;
  /** The chain's genesis hash, where the app knows it: a node there must report this one. */
  genesisHash?: string;
  /**
   * The network's public nodes (its own endpoint first), each run apart from the others: one
   * that is not the connected node gives a second opinion before signing (docs/security.md).
   */
  publicNodes?: readonly string[];
}

export const KNOWN_ENDPOINTS: readonly KnownEndpoint[] = [
  {
    network: 'polkadot',
    label: 'Polkadot',
    url: 'wss://polkadot.rpc.robonomics.network/',
    // Robonomics on Polkadot (parachain 3388); see docs/security.md for where it comes from.
    genesisHash: '0x29f4371dcc41045f5041489dfcd51389bf8ccd2161332e0de1ca803bcc3ee872',
    publicNodes: ['wss://polkadot.rpc.robonomics.network/'],
  },
  {
    network: 'kusama',
    label: 'Kusama',
    url: 'wss://kusama.rpc.robonomics.network/',
    // Robonomics on Kusama (parachain 2048).
    genesisHash: '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc',
    // The second is the one Home Assistant's integration falls back to.
    publicNodes: ['wss://kusama.rpc.robonomics.network/', 'wss://robonomics.0xsamsara.com/'],
  },
  { network: 'local', label: 'Local devnet', url: LOCAL_DEVNET_ENDPOINT },
];

export type EndpointCheck = { ok: true; url: string } | { ok: false; error: string };

const MAX_ENDPOINT_LENGTH = 2048;

/** Validates a user-supplied endpoint: a ws:// or wss:// URL with a host and no credentials. */
export function validateEndpoint(input: string): EndpointCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'Enter an endpoint address.' };
  if (text.length > MAX_ENDPOINT_LENGTH) {
    return { ok: false, error: 'The endpoint address is too long.' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'The endpoint must be a ws:// or wss:// address.' };
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    return { ok: false, error: 'The endpoint must be a ws:// or wss:// address.' };
  }
  if (url.hostname === '') return { ok: false, error: 'The endpoint address has no host.' };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: 'The endpoint address must not contain a user name or password.' };
  }
  if (url.hash !== '') return { ok: false, error: 'The endpoint address must not contain a #.' };
  return { ok: true, url: text };
}

/** True for endpoints on this machine, which the devnet serves. */
export function isLoopbackEndpoint(endpoint: string): boolean {
  try {
    const host = new URL(endpoint).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

/** The known endpoint with this exact URL (trailing slashes and case aside), if any. */
export function knownEndpointOf(endpoint: string): KnownEndpoint | undefined {
  const normalized = normalizeEndpoint(endpoint);
  return KNOWN_ENDPOINTS.find((e) => normalizeEndpoint(e.url) === normalized);
}

/** The network an endpoint belongs to, by exact known URL or loopback host. */
export function networkOfEndpoint(endpoint: string): NetworkName {
  const known = knownEndpointOf(endpoint);
  if (known) return known.network;
  if (isLoopbackEndpoint(endpoint)) return 'local';
  return 'custom';
}

function normalizeEndpoint(endpoint: string): string {
  return endpoint.trim().replace(/\/+$/, '').toLowerCase();
}

export type EndpointSource = 'query' | 'storage' | 'default';

export interface EndpointChoice {
  endpoint: string;
  source: EndpointSource;
  /** A `?rpc=` value that was rejected, with the reason, to show the user. */
  rejectedQuery?: { value: string; error: string };
}

export interface EndpointInputs {
  /** `window.location.search` (the part before the hash). */
  search: string;
  /** The saved value of `rpc-parachain`, if any. */
  stored: string | null;
  /** The build's default endpoint. */
  fallback?: string;
}

/** Applies the order of docs/product-rules.md to the query string, the saved choice and the default. */
export function chooseEndpoint({
  search,
  stored,
  fallback = DEFAULT_PARACHAIN_ENDPOINT,
}: EndpointInputs): EndpointChoice {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const query = params.get('rpc');
  let rejectedQuery: EndpointChoice['rejectedQuery'];
  if (query !== null) {
    const check = validateEndpoint(query);
    if (check.ok) return { endpoint: check.url, source: 'query' };
    rejectedQuery = { value: query, error: check.error };
  }
  if (stored !== null) {
    const check = validateEndpoint(stored);
    if (check.ok) return { endpoint: check.url, source: 'storage', rejectedQuery };
  }
  return { endpoint: fallback, source: 'default', rejectedQuery };
}

/**
 * The public nodes of the known network with this genesis hash (in any case of its digits); none
 * for any other chain.
 */
export function publicNodesOf(genesisHash: string): readonly string[] {
  return KNOWN_ENDPOINTS.find((e) => sameGenesis(e.genesisHash, genesisHash))?.publicNodes ?? [];
}

/** Whether two endpoints are the same node (trailing slashes and case aside). */
export function sameEndpoint(a: string, b: string): boolean {
  return normalizeEndpoint(a) === normalizeEndpoint(b);
}
