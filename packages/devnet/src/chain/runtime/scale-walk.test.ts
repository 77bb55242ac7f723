import { compactToU8a, u8aConcat } from '@polkadot/util';
import { beforeAll, describe, expect, it } from 'vitest';
import { robonomicsDescription } from '../pallets/robonomics.ts';
import { devPair, nestedBatchCall, recordCall, signedHex } from '../test-support.ts';
import { Runtime } from './runtime.ts';
import { ScaleWalkError } from './scale-walk.ts';

let runtime: Runtime;
beforeAll(() => {
  runtime = new Runtime(robonomicsDescription({}));
});

describe('walking SCALE by the metadata', () => {
  it('finds where a signed extrinsic’s parts end, as the decoder does', () => {
    const walk = runtime.extrinsicWalk!;
    const hex = signedHex(
      runtime,
      { genesisHash: `0x${'00'.repeat(32)}` },
      devPair('Alice'),
      recordCall(runtime, 'hello'),
      7,
    );
    const bytes = Buffer.from(hex.slice(2), 'hex');
    let p = (bytes[0]! & 3) === 1 ? 2 : 1; // the compact length
    p += 1; // version
    p = walk.walker.walk(bytes, p, walk.address, -1, 0);
    p = walk.walker.walk(bytes, p, walk.signature, -1, 0);
    p = walk.walker.walk(bytes, p, walk.extra, -1, 0);
    expect(walk.walker.walk(bytes, p, walk.call, walk.call, 256)).toBe(bytes.length);
  });

  it('counts how deep calls nest and stops past the limit', () => {
    const walk = runtime.extrinsicWalk!;
    const calls = (depth: number) => nestedBatchCall(runtime, depth);
    expect(walk.walker.walk(calls(256), 0, walk.call, walk.call, 256)).toBe(256 * 3 + 3);
    expect(() => walk.walker.walk(calls(257), 0, walk.call, walk.call, 256)).toThrow(
      expect.objectContaining({ tooDeep: true }),
    );
    // Far deeper than the decoder's stack: the walk has none to run out of.
    const deep = calls(1_000_000);
    expect(() => walk.walker.walk(deep, 0, walk.call, walk.call, 256)).toThrow(ScaleWalkError);
  });

  it('reports bytes that end early or do not fit', () => {
    const walk = runtime.extrinsicWalk!;
    const truncated = nestedBatchCall(runtime, 3).subarray(0, 7);
    expect(() => walk.walker.walk(truncated, 0, walk.call, walk.call, 256)).toThrow(
      expect.objectContaining({ tooDeep: false }),
    );
    const unknownCall = u8aConcat([250, 0], compactToU8a(0));
    expect(() => walk.walker.walk(unknownCall, 0, walk.call, walk.call, 256)).toThrow(
      /no variant 250/,
    );
  });
});
