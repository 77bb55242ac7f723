import type { IStorage } from '@dedot/storage';
import type { Metadata } from 'dedot/codecs';
import { knownEndpointOf } from '../network/endpoint.ts';
import { sameGenesis } from '../network/genesis-hash.ts';
import { metadataCacheKey as keyOf } from './cache-key.ts';
import { minimalBidOf } from './constants.ts';
import { IndexedDbStorage } from './indexed-db-storage.ts';
import type { RuntimeSnapshot } from './pinned-runtimes.ts';

/** The runtime's specName: a node that reports another is not a Robonomics node. */
export const ROBONOMICS_SPEC_NAME = 'robonomics';

/** dedot's own global cache, keyed only by the genesis hash a node claims. */
const LEGACY_PREFIX = 'RAW_META/';

type Hex = `0x${string}`;

/**
 * What is kept per endpoint in the summaries' store (localStorage), which the page's first script
 * reads synchronously: small, so that reading it costs every page load nothing worth measuring.
 */
interface KeptSummary {
  genesisHash: Hex;
  specName: string;
  specVersion: number;
  /** RWS.MinimalBid of this runtime (planck, decimal): the next visit's price before any read. */
  minimalBid?: string;
  /**
   * The metadata itself, in entries kept by earlier versions of the app; still used, and moved
   * to the bytes' store by the next connection.
   */
  metadata?: Hex;
}

/** What is kept per endpoint in the bytes' store (IndexedDB in browsers): the metadata. */
interface KeptBytes {
  genesisHash: Hex;
  specVersion: number;
  metadata: Hex;
}

/** The browser's store for the metadata's bytes: IndexedDB, where there is one. */
export function browserBytesStore(): IStorage | null {
  return typeof indexedDB === 'undefined' ? null : new IndexedDbStorage();
}

/** Where the metadata cache lives (docs/first-data.md, "Where the metadata is kept"). */
export interface MetadataStores {
  /** The summary of each endpoint's runtime, read by the page's first script. */
  summaries: IStorage;
  /** Each endpoint's metadata bytes, read when the client is created. */
  bytes: IStorage;
}

/**
 * The metadata cache's two stores: the summaries' store given (null: nothing is kept), with the
 * bytes' store given, else the summaries' own store when that was given, else the browser's.
 */
export function metadataStoresOf(
  summaries: IStorage | null,
  given: { cacheStorage?: IStorage | null; metadataStorage?: IStorage | null },
): MetadataStores | null {
  if (!summaries) return null;
  const bytes =
    given.metadataStorage !== undefined
      ? given.metadataStorage
      : given.cacheStorage !== undefined
        ? summaries
        : browserBytesStore();
  return bytes ? { summaries, bytes } : null;
}

/** What is kept for an endpoint: its metadata and the first values taken from it. */
export interface KeptRuntime {
  /**
   * As dedot's `metadata` option takes it: keyed by genesis hash and spec version. Empty when
   * only the summary is at hand (the bytes are read later, keptMetadataOf).
   */
  metadata: Record<string, Hex>;
  /** The values of exactly this runtime, when they were kept with it. */
  snapshot?: RuntimeSnapshot;
}

/** What is needed of a connected client to check its chain and keep its metadata. */
export interface ConnectedChain {
  genesisHash: string;
  runtimeVersion: { specName: string; specVersion: number };
  metadata: Metadata;
}

const GENESIS_HASH = /^0x[0-9a-f]{64}$/i;
const metadataKey = (genesisHash: string, specVersion: number) =>
  `${LEGACY_PREFIX}${genesisHash}/${specVersion}`;
/** Where an endpoint's metadata bytes are kept in the bytes' store. */
const bytesKeyOf = (endpoint: string) => `bytes:${keyOf(endpoint)}`;

function parseJson(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    // Not ours or damaged: ignored.
    return null;
  }
}

const isMetadataHex = (value: unknown): value is Hex =>
  typeof value === 'string' && value.startsWith('0x');

function parseSummary(raw: string | null): KeptSummary | null {
  const entry = parseJson(raw);
  if (
    typeof entry?.genesisHash === 'string' &&
    GENESIS_HASH.test(entry.genesisHash) &&
    entry.specName === ROBONOMICS_SPEC_NAME &&
    Number.isInteger(entry.specVersion) &&
    (entry.metadata === undefined || isMetadataHex(entry.metadata))
  ) {
    return entry as unknown as KeptSummary;
  }
  return null;
}

function parseBytes(raw: string | null): KeptBytes | null {
  const entry = parseJson(raw);
  if (
    typeof entry?.genesisHash === 'string' &&
    GENESIS_HASH.test(entry.genesisHash) &&
    Number.isInteger(entry.specVersion) &&
    isMetadataHex(entry.metadata)
  ) {
    return entry as unknown as KeptBytes;
  }
  return null;
}

/** Whether what was kept under `genesisHash` may be used for `endpoint` (a known network's). */
function fitsEndpoint(endpoint: string, genesisHash: string): boolean {
  const expected = knownEndpointOf(endpoint)?.genesisHash;
  return !expected || sameGenesis(expected, genesisHash);
}

/**
 * Whether a connected node is the chain the endpoint stands for: a Robonomics runtime and, for
 * the networks whose genesis hash the app knows, that genesis hash.
 */
export function isExpectedChain(
  endpoint: string,
  chain: Omit<ConnectedChain, 'metadata'>,
): boolean {
  if (chain.runtimeVersion.specName !== ROBONOMICS_SPEC_NAME) return false;
  return fitsEndpoint(endpoint, chain.genesisHash);
}

/**
 * What is kept for an endpoint, from its summary (`raw`, as the summaries' store holds it under
 * metadataCacheKey(endpoint)): the values taken from its runtime's metadata, keyed by genesis hash
 * and spec version so they are used only for that very runtime. Each endpoint has its own entry,
 * so what one node sent is never used for another. Synchronous, for the page's first script
 * (docs/first-data.md). Undefined when nothing usable is kept: the first reads then download the
 * metadata.
 */
export function keptRuntimeOf(raw: string | null, endpoint: string): KeptRuntime | undefined {
  const entry = parseSummary(raw);
  if (!entry || !fitsEndpoint(endpoint, entry.genesisHash)) return undefined;
  const { genesisHash, specVersion } = entry;
  const bid = typeof entry.minimalBid === 'string' && /^\d+$/.test(entry.minimalBid);
  if (!bid && !entry.metadata) return undefined;
  return {
    metadata: entry.metadata ? { [metadataKey(genesisHash, specVersion)]: entry.metadata } : {},
    snapshot: bid
      ? { genesisHash, specVersion, minimalBid: BigInt(entry.minimalBid as string) }
      : undefined,
  };
}

/** The summary kept for an endpoint (see keptRuntimeOf), from the summaries' store. */
export async function cachedRuntime(
  summaries: IStorage,
  endpoint: string,
): Promise<KeptRuntime | undefined> {
  try {
    return keptRuntimeOf(await summaries.get(keyOf(endpoint)), endpoint);
  } catch {
    return undefined;
  }
}

/**
 * The metadata bytes kept for an endpoint, as dedot's `metadata` option takes them (dedot uses
 * them only when the node reports the same genesis hash and spec version); empty when none are.
 */
export async function keptMetadataOf(
  bytes: IStorage,
  endpoint: string,
): Promise<Record<string, Hex>> {
  try {
    const entry = parseBytes(await bytes.get(bytesKeyOf(endpoint)));
    if (!entry || !fitsEndpoint(endpoint, entry.genesisHash)) return {};
    return { [metadataKey(entry.genesisHash, entry.specVersion)]: entry.metadata };
  } catch {
    // The store unavailable (a private window, storage blocked): the client downloads it.
    return {};
  }
}

/** Removes dedot's older global cache, which any node could fill under any genesis hash it claimed. */
export async function forgetLegacyCache(storage: IStorage): Promise<void> {
  try {
    for (const key of await storage.keys()) {
      if (key.startsWith(LEGACY_PREFIX)) await storage.remove(key);
    }
  } catch {
    // Storage unavailable: nothing kept there either.
  }
}

/**
 * Keeps a connected node's metadata for its endpoint, once its genesis hash and runtime version
 * were checked against the network the endpoint stands for: the bytes in their store, then the
 * summary with RWS.MinimalBid taken from them. Returns whether they are kept.
 * `given` is the metadata the client was created with (keyed as dedot's `metadata` option): when
 * it holds this runtime's, those bytes are kept as they came, without encoding the decoded
 * metadata again (and without loading the codecs that does it, docs/first-data.md, Weight).
 * `keptBytes` is what the bytes' store held when the client was created: when it already holds
 * this runtime's and the summary is current, nothing is written.
 */
export async function rememberMetadata(
  stores: MetadataStores,
  endpoint: string,
  chain: ConnectedChain,
  given: Record<string, Hex> = {},
  keptBytes: Record<string, Hex> = {},
): Promise<boolean> {
  if (!isExpectedChain(endpoint, chain)) return false;
  const { genesisHash } = chain;
  const { specName, specVersion } = chain.runtimeVersion;
  const key = keyOf(endpoint);
  const thisRuntime = metadataKey(genesisHash, specVersion);
  const current = parseSummary(await stores.summaries.get(key).catch(() => null));
  if (
    current &&
    sameGenesis(current.genesisHash, genesisHash) &&
    current.specVersion === specVersion &&
    current.minimalBid !== undefined &&
    current.metadata === undefined &&
    keptBytes[thisRuntime] !== undefined
  ) {
    return true;
  }
  const metadata = given[thisRuntime] ?? (await encodeMetadata(chain.metadata));
  const bytes: KeptBytes = { genesisHash: genesisHash as Hex, specVersion, metadata };
  const summary: KeptSummary = {
    genesisHash: genesisHash as Hex,
    specName,
    specVersion,
    minimalBid: minimalBidOf(metadata)?.toString(),
  };
  try {
    await stores.bytes.set(bytesKeyOf(endpoint), JSON.stringify(bytes));
  } catch {
    // Its store full or unavailable: no summary either, so the next visit's first reads download
    // the metadata instead of counting on bytes that are not there.
    await stores.summaries.remove(key).catch(() => {});
    return false;
  }
  try {
    await stores.summaries.set(key, JSON.stringify(summary));
    return true;
  } catch {
    // Storage full or unavailable: the next visit downloads the metadata again.
    return false;
  }
}

/**
 * Drops what is kept for an endpoint (its summary and its metadata's bytes): a description that
 * did not match the network's pinned runtime must not be used again (docs/security.md).
 */
export async function forgetMetadata(stores: MetadataStores, endpoint: string): Promise<void> {
  await stores.summaries.remove(keyOf(endpoint)).catch(() => {});
  await stores.bytes.remove(bytesKeyOf(endpoint)).catch(() => {});
}

/** The metadata's SCALE bytes, for metadata the client fetched itself (after a runtime upgrade). */
async function encodeMetadata(metadata: Metadata): Promise<Hex> {
  // Loaded here, not with the module: the codecs come with the client (docs/first-data.md).
  const [{ $Metadata }, { u8aToHex }] = await Promise.all([
    import('dedot/codecs'),
    import('@dedot/utils'),
  ]);
  return u8aToHex($Metadata.tryEncode(metadata));
}
