import { decodeFunctionData, encodeFunctionResult } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eip1193Provider } from './ethereum/eip1193.ts';
import { seasonPassAbi } from './ethereum/season-pass-contract.ts';
import { type IpfsAccess, readTokens } from './season-pass-reader.ts';

const OWNER = '0x00000000000000000000000000000000000000a1';
const CONTRACT = '0x00000000000000000000000000000000000000c0';

/** A wallet whose contract holds tokens 1… of the owner, token n's metadata at `uris[n - 1]`. */
function wallet(uris: string[]): Eip1193Provider {
  return {
    async request({ method, params }) {
      if (method !== 'eth_call') throw new Error(`not in this test: ${method}`);
      const { data } = (params as [{ data: `0x${string}` }])[0];
      const call = decodeFunctionData({ abi: seasonPassAbi, data });
      const result =
        call.functionName === 'balanceOf'
          ? BigInt(uris.length)
          : call.functionName === 'tokenOfOwnerByIndex'
            ? (call.args[1] as bigint) + 1n
            : call.functionName === 'tokenURI'
              ? uris[Number(call.args[0]) - 1]
              : false;
      return encodeFunctionResult({
        abi: seasonPassAbi,
        functionName: call.functionName,
        result,
      } as never);
    },
  };
}

const noIpfs: IpfsAccess = {
  readText: async () => {
    throw new Error('not in this test');
  },
  gateway: async () => 'http://gateway.test',
};

/** Metadata of exactly `bytes` bytes. */
function metadataOf(bytes: number): string {
  const empty = JSON.stringify({ name: 'Pass', description: '' });
  return JSON.stringify({ name: 'Pass', description: 'd'.repeat(bytes - empty.length) });
}

describe('readTokens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads metadata of up to 100,000 bytes and names a pass whose metadata is larger', async () => {
    let pulled = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/at')) return new Response(metadataOf(100_000));
        if (url.endsWith('/over')) return new Response(metadataOf(100_001));
        // No length, no end.
        return new Response(
          new ReadableStream({
            pull(controller) {
              pulled += 1;
              controller.enqueue(new Uint8Array(4096).fill(0x20));
            },
          }),
        );
      }),
    );
    const { balance, tokens, unreadable } = await readTokens(
      wallet(['https://meta.test/at', 'https://meta.test/over', 'https://meta.test/endless']),
      CONTRACT,
      OWNER,
      noIpfs,
    );
    expect(balance).toBe(3n);
    expect(tokens.map((t) => t.name)).toEqual(['Pass #1']);
    expect(unreadable).toEqual([
      "Season pass #2: its metadata (https://meta.test/over) is larger than 100,000 bytes, more than a pass's metadata can be; it was not read.",
      "Season pass #3: its metadata (https://meta.test/endless) is larger than 100,000 bytes, more than a pass's metadata can be; it was not read.",
    ]);
    expect(pulled).toBeLessThan(30);
  });

  it('names passes whose metadata is not JSON or has no usable address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>')),
    );
    const { tokens, unreadable } = await readTokens(
      wallet(['https://meta.test/page', 'ftp://meta.test/x']),
      CONTRACT,
      OWNER,
      noIpfs,
    );
    expect(tokens).toEqual([]);
    expect(unreadable).toEqual([
      'Season pass #1: its metadata (https://meta.test/page) is not JSON.',
      'Season pass #2: its metadata address (ftp://meta.test/x) is neither ipfs:// nor http(s).',
    ]);
  });
});
