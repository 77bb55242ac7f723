import { KNOWN_ENDPOINTS, type NetworkName } from '../endpoint.ts';

/**
 * Constants that live only in the runtime metadata, taken at build time for the runtimes users are
 * on, so a first visit can show the price before the metadata has been downloaded
 * (docs/first-data.md). A snapshot applies only to the node whose genesis hash AND runtime spec
 * version are both the snapshot's; the live metadata's values replace it as soon as they arrive,
 * and any other runtime (an upgrade, another chain) never sees it.
 */

export interface RuntimeSnapshot {
  /** The network's genesis hash (lower-case hex). */
  genesisHash: string;
  specVersion: number;
  /** RWS.MinimalBid, planck. */
  minimalBid: bigint;
}

/** A snapshot shipped with the build: which network it is for and where its values come from. */
export interface BuiltInSnapshot extends RuntimeSnapshot {
  network: NetworkName;
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
    provenance: SPEC_43_METADATA,
  },
  {
    network: 'kusama',
    genesisHash: pinnedGenesis('kusama'),
    specVersion: 43,
    minimalBid: 1_000_000_000n,
    provenance: SPEC_43_METADATA,
  },
  {
    network: 'kusama',
    genesisHash: pinnedGenesis('kusama'),
    specVersion: 42,
    minimalBid: 1_000_000_000n,
    // No metadata of spec 42 can be had offline: the value is read from the runtime's source.
    provenance: {
      from: 'runtime source',
      where:
        'runtime/robonomics/src/lib.rs (`MinimalBid: Balance = 1 * XRT`) and common.rs (`XRT = 1_000 * GLUSHKOV`, `GLUSHKOV = 1_000 * COASE`, `COASE = 1_000`) of airalab/robonomics at tag v4.2.0 (commit b40f2d35), whose runtime is spec_version 42',
    },
  },
];

/** The snapshot of exactly this runtime (genesis hash and spec version), if there is one. */
export function snapshotFor(
  genesisHash: string,
  specVersion: number,
  snapshots: readonly RuntimeSnapshot[] = RUNTIME_SNAPSHOTS,
): RuntimeSnapshot | undefined {
  const genesis = genesisHash.toLowerCase();
  return snapshots.find(
    (s) => s.genesisHash.toLowerCase() === genesis && s.specVersion === specVersion,
  );
}
