import type { IStorage } from '@dedot/storage';
import type { Metadata } from 'dedot/codecs';
import { knownEndpointOf } from './endpoint.ts';
import { minimalBidOf } from './first-data/decode.ts';
import type { RuntimeSnapshot } from './first-data/snapshots.ts';
import { metadataCacheKey as keyOf } from './metadata-cache-key.ts';

/** The runtime's specName: a node that reports another is not a Robonomics node. */
export const ROBONOMICS_SPEC_NAME = 'robonomics';

/** dedot's own global cache, keyed only by the genesis hash a node claims. */
const LEGACY_PREFIX = 'RAW_META/';

type Hex = `0x${string}`;

interface CachedMetadata {
  genesisHash: Hex;
  specName: string;
  specVersion: number;
  metadata: Hex;
  /**
   * RWS.MinimalBid of this metadata (planck, decimal), taken when it was kept, so the next visit
   * shows the price without decoding the metadata first.
   */
  minimalBid?: string;
}

/** What is kept for an endpoint: its metadata and the first values taken from it. */
export interface KeptRuntime {
  /** As dedot's `metadata` option takes it: keyed by genesis hash and spec version. */
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

function parse(raw: string | null): CachedMetadata | null {
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Partial<CachedMetadata>;
    if (
      typeof entry.genesisHash === 'string' &&
      /^0x[0-9a-f]{64}$/i.test(entry.genesisHash) &&
      entry.specName === ROBONOMICS_SPEC_NAME &&
      Number.isInteger(entry.specVersion) &&
      typeof entry.metadata === 'string' &&
      entry.metadata.startsWith('0x')
    ) {
      return entry as CachedMetadata;
    }
  } catch {
    // Not ours or damaged: ignored.
  }
  return null;
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
  const expected = knownEndpointOf(endpoint)?.genesisHash;
  return !expected || expected.toLowerCase() === chain.genesisHash.toLowerCase();
}

/**
 * What is kept for an endpoint, from its stored entry (`raw`, as storage holds it under
 * metadataCacheKey(endpoint)): the metadata (keyed by genesis hash and spec version: dedot uses
 * it only when the node reports the same) and the first values taken from it. Each endpoint has
 * its own entry, so what one node sent is never used for another. Synchronous, for the page's
 * first script (docs/first-data.md).
 */
export function keptRuntimeOf(raw: string | null, endpoint: string): KeptRuntime | undefined {
  const entry = parse(raw);
  if (!entry) return undefined;
  const expected = knownEndpointOf(endpoint)?.genesisHash;
  if (expected && expected.toLowerCase() !== entry.genesisHash.toLowerCase()) return undefined;
  const { genesisHash, specVersion } = entry;
  const bid = typeof entry.minimalBid === 'string' && /^\d+$/.test(entry.minimalBid);
  return {
    metadata: { [`${LEGACY_PREFIX}${genesisHash}/${specVersion}`]: entry.metadata },
    snapshot: bid
      ? { genesisHash, specVersion, minimalBid: BigInt(entry.minimalBid as string) }
      : undefined,
  };
}

/** The metadata kept for an endpoint in `storage` (see keptRuntimeOf). */
export async function cachedRuntime(
  storage: IStorage,
  endpoint: string,
): Promise<KeptRuntime | undefined> {
  try {
    return keptRuntimeOf(await storage.get(keyOf(endpoint)), endpoint);
  } catch {
    return undefined;
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
 * were checked against the network the endpoint stands for. Returns whether it was kept.
 * `given` is the metadata the client was created with (keyed as dedot's `metadata` option): when
 * it holds this runtime's, those bytes are kept as they came, without encoding the decoded
 * metadata again (and without loading the codecs that does it, docs/first-data.md, Weight).
 */
export async function rememberMetadata(
  storage: IStorage,
  endpoint: string,
  chain: ConnectedChain,
  given: Record<string, Hex> = {},
): Promise<boolean> {
  if (!isExpectedChain(endpoint, chain)) return false;
  const key = keyOf(endpoint);
  const current = parse(await storage.get(key).catch(() => null));
  if (
    current?.genesisHash === chain.genesisHash &&
    current.specVersion === chain.runtimeVersion.specVersion &&
    current.minimalBid !== undefined
  ) {
    return true;
  }
  const metadata =
    given[`${LEGACY_PREFIX}${chain.genesisHash}/${chain.runtimeVersion.specVersion}`] ??
    (await encodeMetadata(chain.metadata));
  const entry: CachedMetadata = {
    genesisHash: chain.genesisHash as Hex,
    specName: chain.runtimeVersion.specName,
    specVersion: chain.runtimeVersion.specVersion,
    metadata,
    minimalBid: minimalBidOf(metadata)?.toString(),
  };
  try {
    await storage.set(key, JSON.stringify(entry));
    return true;
  } catch {
    // Storage full or unavailable: the next visit downloads the metadata again.
    return false;
  }
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
