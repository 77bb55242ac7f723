import { describe, expect, it } from 'vitest';
import type { CrustChain } from './chain-description.ts';
import { mortalEra } from './extrinsic.ts';
import { findExtrinsicOutcome } from './order-outcome.ts';

const legacy = {
  metadataVersion: 13,
  systemEvents: { pallet: 0, success: 0, failed: 1 },
  moduleErrorBytes: 1,
  weight: 'u64',
} as unknown as CrustChain;
const current = {
  metadataVersion: 14,
  systemEvents: { pallet: 0, success: 0, failed: 1 },
  moduleErrorBytes: 4,
  weight: 'v2',
} as unknown as CrustChain;

const bytes = (...parts: (number | number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
const phase = (index: number) => [0, ...u32(index)];
const infoV1 = (weight: number, klass = 0, pays = 0) => [...u32(weight), 0, 0, 0, 0, klass, pays];
/** A Balances.Transfer whose 80 bytes hold what looks like extrinsic 1's outcome. */
const decoy = () => {
  const payload = new Uint8Array(80);
  payload.set([...phase(1), 0, 0, ...infoV1(5), 0, ...phase(2)], 10);
  return [...phase(1), 5, 2, ...payload, 0];
};

describe("an extrinsic's outcome in a block's events", () => {
  it('is found after events of other pallets it cannot decode (V13 layout)', () => {
    const events = bytes(
      3 << 2,
      // 0: the timestamp inherent succeeds (Mandatory, no fee).
      phase(0),
      [0, 0],
      infoV1(1000, 2, 1),
      0,
      // 1: a transfer, then the module error 26/0 (Market.InsufficientCurrency).
      decoy(),
      phase(1),
      [0, 1, 3, 26, 0],
      infoV1(1_090_000_000),
      0,
    );
    expect(findExtrinsicOutcome(legacy, events, 0)).toEqual({ ok: true });
    expect(findExtrinsicOutcome(legacy, events, 1)).toEqual({
      ok: false,
      module: { pallet: 26, error: 0 },
      kind: 3,
    });
    expect(findExtrinsicOutcome(legacy, events, 2)).toBeNull();
  });

  it('reads a V14 outcome: compact weights and four error bytes', () => {
    const events = bytes(
      2 << 2,
      phase(0),
      [0, 0],
      [0x02, 0x09, 0x3d, 0x00, 0x04],
      [2, 1],
      0,
      phase(1),
      [0, 1, 3, 26, 6, 0, 0, 0],
      [0x04, 0x04],
      [0, 0],
      0,
    );
    expect(findExtrinsicOutcome(current, events, 0)).toEqual({ ok: true });
    expect(findExtrinsicOutcome(current, events, 1)).toEqual({
      ok: false,
      module: { pallet: 26, error: 6 },
      kind: 3,
    });
  });

  it('tells a non-module failure apart', () => {
    const events = bytes(1 << 2, phase(0), [0, 1, 2], infoV1(10), 0);
    expect(findExtrinsicOutcome(legacy, events, 0)).toEqual({ ok: false, module: null, kind: 2 });
  });
});

describe('a mortal era', () => {
  it('encodes the period and the phase of the current block as substrate does', () => {
    // Period 64, phase 3: 0x3500.
    expect([...mortalEra(64, 3)]).toEqual([0x35, 0x00]);
    expect([...mortalEra(64, 64 * 10 + 5)]).toEqual([0x55, 0x00]);
    // A period is rounded up to a power of two.
    expect([...mortalEra(50, 3)]).toEqual([0x35, 0x00]);
  });
});
