import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_ENDPOINTS } from '../endpoint.ts';
import { minimalBidOf } from './decode.ts';
import { RUNTIME_SNAPSHOTS, snapshotFor } from './snapshots.ts';

const metadata = new Uint8Array(
  readFileSync(
    fileURLToPath(
      new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
    ),
  ),
);
const KUSAMA = KNOWN_ENDPOINTS.find((e) => e.network === 'kusama')!.genesisHash!;

describe('runtime snapshots', () => {
  it('hold the values of the spec-43 metadata, for networks whose genesis the app knows', () => {
    const known = KNOWN_ENDPOINTS.flatMap((e) => (e.genesisHash ? [e.genesisHash] : []));
    for (const snapshot of RUNTIME_SNAPSHOTS) {
      expect(known).toContain(snapshot.genesisHash);
      expect(snapshot.specVersion).toBe(43);
      expect(snapshot.minimalBid).toBe(minimalBidOf(metadata));
    }
    expect(RUNTIME_SNAPSHOTS.length).toBeGreaterThan(0);
  });

  it('apply only when the genesis hash and the spec version both match', () => {
    expect(snapshotFor(KUSAMA, 43)?.minimalBid).toBe(1_000_000_000n);
    expect(snapshotFor(KUSAMA.toUpperCase().replace('0X', '0x'), 43)).toBeDefined();
    // A runtime upgrade: the snapshot says nothing about the new runtime.
    expect(snapshotFor(KUSAMA, 44)).toBeUndefined();
    expect(snapshotFor(KUSAMA, 42)).toBeUndefined();
    // Another chain at the same spec version.
    expect(snapshotFor(`0x${'12'.repeat(32)}`, 43)).toBeUndefined();
    const own = [{ genesisHash: `0x${'ab'.repeat(32)}`, specVersion: 7, minimalBid: 5n }];
    expect(snapshotFor(`0x${'ab'.repeat(32)}`, 7, own)?.minimalBid).toBe(5n);
    expect(snapshotFor(`0x${'ab'.repeat(32)}`, 8, own)).toBeUndefined();
  });
});
