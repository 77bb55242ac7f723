import { KNOWN_ENDPOINTS, type NetworkName } from '../network/endpoint.ts';
import { sameGenesis } from '../network/genesis-hash.ts';

/**
 * What this build knows of the runtimes users are on, taken at build time (docs/security.md,
 * "Pinned runtimes"): the constants that decide what is signed, which a first visit shows before
 * any metadata has been downloaded (docs/first-data.md), and, where the runtime's metadata can be
 * had, the RFC-0078 hash of that metadata. A built-in snapshot applies only to the node whose
 * genesis hash AND runtime spec version are both the snapshot's, and there it is the truth: a
 * node whose metadata says otherwise is refused. Any other runtime (an upgrade, another chain)
 * never sees it. Snapshots kept from a node (metadata/cache.ts) are only a quicker start.
 */

export interface RuntimeSnapshot {
  /** The network's genesis hash (lower-case hex). */
  genesisHash: string;
  specVersion: number;
  /** RWS.MinimalBid, planck. */
  minimalBid: bigint;
}

/** The constants that decide what a device list may hold, besides what every snapshot has. */
export interface PinnedBounds {
  /** RWS.MaxDevicesAmount: the longest device list the runtime takes. */
  maxDevicesAmount: number;
}

/** A snapshot shipped with the build: which network it is for and where its values come from. */
export interface BuiltInSnapshot extends RuntimeSnapshot, PinnedBounds {
  network: NetworkName;
  /**
   * The RFC-0078 hash of the runtime's metadata with XRT and 9 decimals, as the on-chain build
   * has it: the node's metadata must give this one, and transactions commit to it (mode 1).
   * Absent where the metadata cannot be had offline.
   */
  metadataHash?: `0x${string}`;
  /**
   * Where the values were taken from (docs/first-data.md, "Runtime snapshots"): the runtime's
   * metadata, or, where that cannot be had offline, the runtime's source.
   */
  provenance: { from: 'metadata' | 'runtime source'; where: string };
}

/** The genesis hash the app pins for a network (endpoint.ts): a snapshot is keyed by it. */
function pinnedGenesis(network: NetworkName): string {
  const genesisHash = KNOWN_ENDPOINTS.find((e) => e.network === network)?.genesisHash;
  if (!genesisHash) throw new Error(`No genesis hash is pinned for ${network}.`);
  return genesisHash;
}

/** The spec-43 runtime's metadata, kept in packages/devnet/data (a test reads the values there). */
const SPEC_43_METADATA = {
  from: 'metadata',
  where:
    'runtime/robonomics/subxt-api/metadata.scale of airalab/robonomics at tag v4.3.0 (commit 2350783b), spec_version 43',
} as const;

/** The RFC-0078 hash of that metadata (XRT, 9 decimals); a test makes it again from the file. */
const SPEC_43_METADATA_HASH = '0xf874f577ba6b04caa15707baeb6f73a3ef2263f754bad1b43e832b6d8402f9a9';

/**
 * The runtimes Robonomics users are on: spec 43 on Polkadot, spec 42 on Kusama, and spec 43 on
 * Kusama too (the same runtime, for when Kusama is upgraded to it).
 */
export const RUNTIME_SNAPSHOTS: readonly BuiltInSnapshot[] = [
  {
    network: 'polkadot',
    genesisHash: pinnedGenesis('polkadot'),
    specVersion: 43,
    minimalBid: 1_000_000_000n,
    maxDevicesAmount: 32,
    metadataHash: SPEC_43_METADATA_HASH,
    provenance: SPEC_43_METADATA,
  },
  {
    network: 'kusama',
    genesisHash: pinnedGenesis('kusama'),
    specVersion: 43,
    minimalBid: 1_000_000_000n,
    maxDevicesAmount: 32,
    metadataHash: SPEC_43_METADATA_HASH,
    provenance: SPEC_43_METADATA,
  },
  {
    network: 'kusama',
    genesisHash: pinnedGenesis('kusama'),
    specVersion: 42,
    minimalBid: 1_000_000_000n,
    maxDevicesAmount: 32,
    // No metadata of spec 42 can be had offline: the value is read from the runtime's source.
    provenance: {
      from: 'runtime source',
      where:
        'runtime/robonomics/src/lib.rs (`MinimalBid: Balance = 1 * XRT`, `MaxDevicesAmount = ConstU32<32>`) and common.rs (`XRT = 1_000 * GLUSHKOV`, `GLUSHKOV = 1_000 * COASE`, `COASE = 1_000`) of airalab/robonomics at tag v4.2.0 (commit b40f2d35), whose runtime is spec_version 42',
    },
  },
];

/** The built-in snapshot of exactly this runtime (its pin), if this build has one. */
export function pinnedRuntime(
  genesisHash: string,
  specVersion: number,
): BuiltInSnapshot | undefined {
  return snapshotFor(genesisHash, specVersion) as BuiltInSnapshot | undefined;
}

/**
 * The pin whose values a runtime of this network takes: its own, else, for a runtime the build
 * has no pin for (an upgrade after this build), the newest pin of the same network, so that a
 * node can never set what is signed on a network the app knows (docs/security.md). Undefined for
 * a chain the build pins nothing of (the devnet, an unknown chain).
 */
export function decidingPin(genesisHash: string, specVersion: number): BuiltInSnapshot | undefined {
  return decidingSnapshot(genesisHash, specVersion, RUNTIME_SNAPSHOTS);
}

/** decidingPin over any list of snapshots: this runtime's, else the network's newest. */
export function decidingSnapshot<S extends RuntimeSnapshot>(
  genesisHash: string,
  specVersion: number,
  snapshots: readonly S[],
): S | undefined {
  const ofNetwork = snapshots.filter((s) => sameGenesis(s.genesisHash, genesisHash));
  return (
    ofNetwork.find((s) => s.specVersion === specVersion) ??
    ofNetwork.reduce<S | undefined>(
      (newest, s) => (!newest || s.specVersion > newest.specVersion ? s : newest),
      undefined,
    )
  );
}

/** The spec versions this build pins for the network with this genesis hash. */
export function pinnedSpecVersions(genesisHash: string): number[] {
  return RUNTIME_SNAPSHOTS.filter((s) => sameGenesis(s.genesisHash, genesisHash)).map(
    (s) => s.specVersion,
  );
}

/** The snapshot of exactly this runtime (genesis hash and spec version), if there is one. */
export function snapshotFor(
  genesisHash: string,
  specVersion: number,
  snapshots: readonly RuntimeSnapshot[] = RUNTIME_SNAPSHOTS,
): RuntimeSnapshot | undefined {
  return snapshots.find(
    (s) => sameGenesis(s.genesisHash, genesisHash) && s.specVersion === specVersion,
  );
}
