import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { concatU8a, stringToU8a, u8aToHex, xxhashAsU8a } from '@dedot/utils';
import { $Metadata, PortableRegistry } from 'dedot/codecs';
import { describe, expect, it } from 'vitest';
import { metadataConstant, minimalBidOf } from '../../metadata/constants.ts';
import { hexBytes, ScaleDecodeError } from '../../model/scale-reader.ts';
import { AUCTION_QUEUE_KEY, decodeAuctionQueue } from './decode.ts';

// The production runtime's metadata (spec 43), which the devnet serves too.
const bytes = new Uint8Array(
  readFileSync(
    fileURLToPath(
      new URL('../../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
    ),
  ),
);
const metadata = $Metadata.tryDecode(bytes);
const registry = new PortableRegistry(metadata.latest);
const rws = metadata.latest.pallets.find((p) => p.name === 'RWS')!;

describe('the first-data decoders against the metadata-based decoding', () => {
  it('finds every constant of every pallet with the bytes the full decoder finds', () => {
    let checked = 0;
    for (const pallet of metadata.latest.pallets) {
      for (const constant of pallet.constants) {
        expect(u8aToHex(metadataConstant(bytes, pallet.name, constant.name))).toBe(constant.value);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(metadataConstant(bytes, 'RWS', 'NoSuchConstant')).toBeUndefined();
    expect(metadataConstant(bytes, 'NoSuchPallet', 'MinimalBid')).toBeUndefined();
  });

  it('walks the hex string the node sends as it walks the bytes, reading only where it looks', () => {
    const hex = u8aToHex(bytes);
    for (const pallet of metadata.latest.pallets) {
      for (const constant of pallet.constants) {
        expect(u8aToHex(metadataConstant(hex, pallet.name, constant.name))).toBe(constant.value);
      }
    }
    expect(minimalBidOf(hex)).toBe(minimalBidOf(bytes));
    // What the walk reads must be hex (RWS.MinimalBid's entry: its name, type 6, 16 bytes)…
    const entry = `28${u8aToHex(new TextEncoder().encode('MinimalBid')).slice(2)}1840`;
    const at = hex.indexOf(entry);
    expect(at).toBeGreaterThan(0);
    expect(hex.indexOf(entry, at + 1)).toBe(-1);
    const value = at + entry.length;
    expect(minimalBidOf(`${hex.slice(0, value)}zz${hex.slice(value + 2)}`)).toBeUndefined();
    // …what it steps over is never looked at (the extrinsic's description at the end).
    expect(minimalBidOf(`${hex.slice(0, -4)}zzzz`)).toBe(1_000_000_000n);
    expect(minimalBidOf(hex.slice(0, -1))).toBeUndefined();
    expect(minimalBidOf(hex.slice(2))).toBeUndefined();
  });

  it('reads RWS.MinimalBid as the client decodes it', () => {
    const constant = rws.constants.find((c) => c.name === 'MinimalBid')!;
    const live = registry.findCodec(constant.typeId).tryDecode(constant.value);
    expect(minimalBidOf(bytes)).toBe(live);
    expect(live).toBe(1_000_000_000n);
  });

  it('answers nothing for other metadata versions and damaged bytes', () => {
    const v15 = bytes.slice();
    v15[4] = 15;
    expect(minimalBidOf(v15)).toBeUndefined();
    expect(minimalBidOf(bytes.slice(0, 10_000))).toBeUndefined();
    expect(minimalBidOf(new Uint8Array())).toBeUndefined();
    expect(() => metadataConstant(bytes.slice(0, 10_000), 'RWS', 'MinimalBid')).toThrow(
      ScaleDecodeError,
    );
  });

  it('uses the storage key the metadata gives RWS.AuctionQueue', () => {
    const entry = rws.storage!.entries.find((e) => e.name === 'AuctionQueue')!;
    expect(entry.storageType.type).toBe('Plain');
    const key = concatU8a(
      xxhashAsU8a(stringToU8a(rws.storage!.prefix), 128),
      xxhashAsU8a(stringToU8a(entry.name), 128),
    );
    expect(AUCTION_QUEUE_KEY).toBe(u8aToHex(key));
  });

  it('decodes the auction queue as the metadata’s codec does', () => {
    const entry = rws.storage!.entries.find((e) => e.name === 'AuctionQueue')!;
    if (entry.storageType.type !== 'Plain') throw new Error('not a plain value');
    const codec = registry.findCodec<number[], number[]>(entry.storageType.value.valueTypeId);
    for (const queue of [
      [],
      [0],
      [3, 4, 5],
      [70_000, 2 ** 32 - 1],
      Array.from({ length: 70 }, (_, i) => i),
    ]) {
      const encoded = u8aToHex(codec.tryEncode(queue));
      expect(decodeAuctionQueue(encoded)).toEqual(codec.tryDecode(encoded));
    }
    // Never written: the entry's default, an empty queue.
    expect(decodeAuctionQueue(null)).toEqual(codec.tryDecode(entry.default));
    expect(() => decodeAuctionQueue('0x0400')).toThrow(ScaleDecodeError);
    expect(() => decodeAuctionQueue('0x04000000000000')).toThrow(ScaleDecodeError);
    expect(() => decodeAuctionQueue('0xzz')).toThrow(ScaleDecodeError);
  });

  it('reads hex strings and refuses what is not one', () => {
    expect([...hexBytes('0x00ff10')]).toEqual([0, 255, 16]);
    expect(() => hexBytes('00ff')).toThrow(ScaleDecodeError);
    expect(() => hexBytes('0x0')).toThrow(ScaleDecodeError);
    expect([...hexBytes('0xAbCd')]).toEqual([0xab, 0xcd]);
    expect(() => hexBytes('0xab\u00e9f')).toThrow(ScaleDecodeError);
    expect(() => hexBytes('0xzz')).toThrow(ScaleDecodeError);
  });
});
