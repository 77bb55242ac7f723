/**
 * Constants that live only in the runtime metadata, taken at build time for the networks whose
 * genesis hash the app knows, so a first visit can show the price before the metadata has been
 * downloaded (docs/first-data.md). A snapshot applies only to the node whose genesis hash AND
 * runtime spec version are both the snapshot's; the live metadata's values replace it as soon as
 * they arrive, and any other runtime (an upgrade, another chain) never sees it.
 */

export interface RuntimeSnapshot {
  /** The network's genesis hash (lower-case hex). */
  genesisHash: string;
  specVersion: number;
  /** RWS.MinimalBid, planck. */
  minimalBid: bigint;
}

/**
 * Robonomics on Kusama (genesis of parachain 2048) at spec 43, from the spec-43 metadata kept in
 * packages/devnet/data (a test checks the values against it).
 */
export const RUNTIME_SNAPSHOTS: readonly RuntimeSnapshot[] = [
  {
    genesisHash: '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc',
    specVersion: 43,
    minimalBid: 1_000_000_000n,
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
