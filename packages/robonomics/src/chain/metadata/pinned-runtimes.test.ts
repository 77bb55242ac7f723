import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_ENDPOINTS } from '../network/endpoint.ts';
import { XRT } from '../network/network-identity.ts';
import { metadataConstant, minimalBidOf } from './constants.ts';
import { metadataHashOf } from './hash.ts';
import {
  decidingPin,
  pinnedSpecVersions,
  RUNTIME_SNAPSHOTS,
  snapshotFor,
} from './pinned-runtimes.ts';

// The production runtime's metadata (spec 43), which the devnet serves too.
const metadata = new Uint8Array(
  readFileSync(
    fileURLToPath(
      new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
    ),
  ),
);
const pinned = (network: string) =>
  KNOWN_ENDPOINTS.find((e) => e.network === network)!.genesisHash!;
const POLKADOT = pinned('polkadot');
const KUSAMA = pinned('kusama');

describe('runtime snapshots', () => {
  it('are for the runtimes users are on, each under its network’s pinned genesis hash', () => {
    expect(RUNTIME_SNAPSHOTS.map((s) => [s.network, s.specVersion])).toEqual([
      ['polkadot', 43],
      ['kusama', 43],
      ['kusama', 42],
    ]);
    for (const snapshot of RUNTIME_SNAPSHOTS) {
      expect(snapshot.genesisHash).toBe(pinned(snapshot.network));
    }
  });

  it('pin the RFC-0078 hash of the metadata they were taken from', () => {
    for (const snapshot of RUNTIME_SNAPSHOTS.filter((s) => s.provenance.from === 'metadata')) {
      expect(snapshot.metadataHash).toBe(metadataHashOf(metadata, XRT));
    }
    // The hash covers the types a transaction is made of, not the constants: those are pinned
    // by value. A call described otherwise gives another hash; a changed constant does not.
    const name = new TextEncoder().encode('set_devices');
    const renamed = metadata.slice();
    const at = renamed.findIndex((_, i) => name.every((b, j) => renamed[i + j] === b));
    renamed[at + name.length - 1] = 'x'.charCodeAt(0);
    expect(metadataHashOf(renamed, XRT)).not.toBe(metadataHashOf(metadata, XRT));
    expect(metadataHashOf(metadata, { decimals: 12, symbol: 'XRT' })).not.toBe(
      metadataHashOf(metadata, XRT),
    );
    const rebid = metadata.slice();
    const bid = metadataConstant(rebid, 'RWS', 'MinimalBid')!;
    bid[0] = bid[0]! ^ 1;
    expect(minimalBidOf(rebid)).not.toBe(minimalBidOf(metadata));
    expect(metadataHashOf(rebid, XRT)).toBe(metadataHashOf(metadata, XRT));
  });

  it('hold the values of the metadata they were taken from', () => {
    const fromMetadata = RUNTIME_SNAPSHOTS.filter((s) => s.provenance.from === 'metadata');
    expect(fromMetadata.length).toBe(2);
    for (const snapshot of fromMetadata) {
      // The one runtime metadata at hand is spec 43's.
      expect(snapshot.specVersion).toBe(43);
      expect(snapshot.minimalBid).toBe(minimalBidOf(metadata));
    }
  });

  it('never apply to another genesis hash or spec version', () => {
    const others = [`0x${'12'.repeat(32)}`, `0x${'00'.repeat(32)}`];
    for (const genesis of [POLKADOT, KUSAMA, ...others]) {
      for (let spec = 0; spec <= 100; spec++) {
        const found = snapshotFor(genesis, spec);
        if (found === undefined) continue;
        expect(found.genesisHash).toBe(genesis);
        expect(found.specVersion).toBe(spec);
      }
      for (const spec of [42, 43])
        expect(snapshotFor(genesis, spec) === undefined).toBe(
          others.includes(genesis) || (genesis === POLKADOT && spec === 42),
        );
    }
    // A runtime upgrade: the snapshot says nothing about the new runtime.
    expect(snapshotFor(POLKADOT, 44)).toBeUndefined();
    expect(snapshotFor(KUSAMA, 44)).toBeUndefined();
    expect(snapshotFor(KUSAMA, 41)).toBeUndefined();
    expect(snapshotFor(KUSAMA, 42)?.minimalBid).toBe(1_000_000_000n);
    // The hash is compared as a number: its letters' case does not matter.
    expect(snapshotFor(KUSAMA.toUpperCase().replace('0X', '0x'), 42)).toBeDefined();
    const own = [{ genesisHash: `0x${'ab'.repeat(32)}`, specVersion: 7, minimalBid: 5n }];
    expect(snapshotFor(`0x${'ab'.repeat(32)}`, 7, own)?.minimalBid).toBe(5n);
    expect(snapshotFor(`0x${'ab'.repeat(32)}`, 8, own)).toBeUndefined();
    expect(snapshotFor(KUSAMA, 42, own)).toBeUndefined();
  });

  it('decide a newer runtime of their network by the newest pin, never by the node', () => {
    // Kusama upgraded past this build: its newest pin (spec 43) decides the price and the bound.
    expect(decidingPin(KUSAMA, 44)).toMatchObject({ specVersion: 43, minimalBid: 1_000_000_000n });
    expect(decidingPin(KUSAMA, 42)?.specVersion).toBe(42);
    expect(decidingPin(POLKADOT, 50)?.maxDevicesAmount).toBe(32);
    // In any case of the hash's digits.
    expect(decidingPin(`0x${POLKADOT.slice(2).toUpperCase()}`, 50)?.specVersion).toBe(43);
    // A chain the build pins nothing of (the devnet, an unknown chain) has no deciding pin.
    expect(decidingPin(`0x${'ab'.repeat(32)}`, 43)).toBeUndefined();
    expect(pinnedSpecVersions(`0x${KUSAMA.slice(2).toUpperCase()}`).sort()).toEqual([42, 43]);
  });

  it('bound the device list as the runtimes do', () => {
    // Spec 43's metadata has the constant; spec 42's source bounds RWS.Devices to 32 too.
    const bound = metadataConstant(metadata, 'RWS', 'MaxDevicesAmount');
    expect(bound && new DataView(bound.buffer, bound.byteOffset, 4).getUint32(0, true)).toBe(32);
    for (const snapshot of RUNTIME_SNAPSHOTS) expect(snapshot.maxDevicesAmount).toBe(32);
  });
});
