import assert from 'node:assert/strict';
import { compactToU8a, u8aConcat, u8aToHex } from '@polkadot/util';
import type { ChainNode } from '../../src/chain/node/node.ts';
import { DEFAULT_POOL_LIMITS } from '../../src/chain/node/pool.ts';
import { DEFAULT_RPC_LIMITS } from '../../src/chain/rpc/server.ts';
import {
  devPair,
  makeCall,
  nestedBatchCall,
  recordCall,
  signedHex,
  unsignedHex,
} from '../../src/chain/test-support.ts';
import { seededRandom } from './loop-delay.ts';
import { RawRpc, type RpcReply } from './raw-rpc.ts';

// Abusive and malformed JSON-RPC input for the devnet chain, shared by the test (which checks
// the answers and that no input stalls the server) and `npm run bench` (which reports the
// longest stall). Each case prepares its input unmeasured, then sends it.

export interface ChainAbuseContext {
  url: string;
  node: ChainNode;
  /** A connection with no Origin header (a tool). */
  rpc: RawRpc;
}

export interface AbuseCase<C> {
  name: string;
  /**
   * Valid input at a limit, whose cost is the decoder's (calls nested 256 deep): its answer is
   * checked, and its stall reported by the bench, but it is not abuse the server could refuse.
   */
  validAtLimit?: boolean;
  /** Builds the input (signing, serialising): not part of what is measured. */
  prepare?: (ctx: C) => Promise<unknown> | unknown;
  /** Sends it and checks the answers (throws on a wrong one). */
  run: (ctx: C, prepared: never) => Promise<void>;
}

const errorCode = (reply: RpcReply) => reply.error?.code;

/** An unsigned extrinsic from raw call bytes: compact length ++ version 4 ++ call. */
function unsignedFromCall(call: Uint8Array): string {
  const body = u8aConcat([4], call);
  return u8aToHex(u8aConcat(compactToU8a(body.length), body));
}

/** Checks that a frame is a well-formed JSON-RPC reply (or a batch of them). */
export function assertReplyShape(frame: unknown): void {
  const replies = Array.isArray(frame) ? frame : [frame];
  if (Array.isArray(frame)) assert.ok(frame.length > 0, 'an empty batch reply');
  for (const reply of replies as RpcReply[]) {
    assert.equal(reply.jsonrpc, '2.0', JSON.stringify(reply).slice(0, 200));
    assert.ok('id' in reply, 'a reply without id');
    assert.ok(
      reply.id === null || typeof reply.id === 'number' || typeof reply.id === 'string',
      'a reply id of another type',
    );
    assert.ok('result' in reply !== 'error' in reply, 'result and error both or neither');
    if (reply.error) {
      assert.ok(Number.isInteger(reply.error.code), 'an error code that is not an integer');
      assert.equal(typeof reply.error.message, 'string');
    }
  }
}

const METHODS_FOR_FUZZ = [
  'chain_getBlock',
  'chain_getBlockHash',
  'chain_getHeader',
  'state_getStorage',
  'state_getKeysPaged',
  'state_queryStorageAt',
  'state_call',
  'state_subscribeStorage',
  'system_accountNextIndex',
  'author_submitExtrinsic',
  'author_submitAndWatchExtrinsic',
  'chain_unsubscribeNewHead',
  'dev_timeTravel',
  'no_such_method',
  'constructor',
];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 6 : 9));
  const text = (length: number) =>
    Array.from({ length }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('');
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(random() * 2 ** 40) * (random() < 0.2 ? -1 : 1);
    case 2:
      return random() < 0.5;
    case 3:
      return text(Math.floor(random() ** 3 * 5000));
    case 4:
      return `0x${'0123456789abcdef'.repeat(8).slice(0, Math.floor(random() * 80))}`;
    case 5:
      return `5${'GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'.repeat(Math.ceil(random() * 300))}`;
    case 6:
      return Array.from({ length: Math.floor(random() * 5) }, () => randomValue(random, depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
          `k${i}`,
          randomValue(random, depth + 1),
        ]),
      );
    default:
      return 1.5;
  }
}

/** Random frames: invalid JSON, other JSON values, requests with random methods and params. */
export function randomFrames(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const frames: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.1) frames.push(`{"jsonrpc":"2.0","id":${i},"method":"system_name"`);
    else if (kind < 0.2) frames.push(JSON.stringify(randomValue(random)));
    else if (kind < 0.3) {
      frames.push(
        JSON.stringify(
          Array.from({ length: 1 + Math.floor(random() * 5) }, (_, j) => ({
            jsonrpc: '2.0',
            id: `${i}.${j}`,
            method: METHODS_FOR_FUZZ[Math.floor(random() * METHODS_FOR_FUZZ.length)],
            params: [randomValue(random), randomValue(random)],
          })),
        ),
      );
    } else {
      const request: Record<string, unknown> = {
        jsonrpc: '2.0',
        method: METHODS_FOR_FUZZ[Math.floor(random() * METHODS_FOR_FUZZ.length)],
        params: random() < 0.9 ? [randomValue(random), randomValue(random)] : randomValue(random),
      };
      if (random() < 0.9) request.id = random() < 0.8 ? i : randomValue(random);
      frames.push(JSON.stringify(request));
    }
  }
  return frames;
}

/** Sends frames one by one, each followed by a sentinel request; checks every reply's shape. */
async function sendAndCheck(rpc: RawRpc, frames: string[]): Promise<number> {
  let replies = 0;
  for (const [index, frame] of frames.entries()) {
    rpc.sendRaw(frame);
    const sentinel = `sentinel-${index}`;
    rpc.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: sentinel, method: 'system_name' }));
    for (;;) {
      const received = (await rpc.next()) as RpcReply;
      if (!Array.isArray(received) && received?.id === sentinel) break;
      // Subscription notifications carry a method, not an id.
      if (!Array.isArray(received) && 'method' in received && !('id' in received)) continue;
      assertReplyShape(received);
      replies += 1;
    }
  }
  return replies;
}

export const chainCases: AbuseCase<ChainAbuseContext>[] = [
  {
    name: 'method names that are Object.prototype properties are unknown methods',
    run: async ({ rpc }) => {
      for (const method of [
        'constructor',
        'toString',
        '__proto__',
        'hasOwnProperty',
        'valueOf',
        '__defineGetter__',
        'isPrototypeOf',
      ]) {
        const reply = await rpc.call(method, []);
        assert.deepEqual(reply.error, { code: -32601, message: 'Method not found' }, method);
      }
    },
  },
  {
    name: 'requests without an id (notifications) get no reply, alone or in a batch',
    run: async ({ rpc }) => {
      rpc.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'system_name', params: [] }));
      rpc.sendRaw(
        JSON.stringify([
          { jsonrpc: '2.0', method: 'system_name' },
          { jsonrpc: '2.0', method: 'chain_getHead' },
        ]),
      );
      rpc.sendRaw(
        JSON.stringify([
          { jsonrpc: '2.0', method: 'system_chain' },
          { jsonrpc: '2.0', id: 'in-batch', method: 'system_name' },
        ]),
      );
      // Only the one request with an id in the mixed batch is answered, then the call below.
      const batch = (await rpc.nextReply()) as RpcReply[];
      assert.ok(Array.isArray(batch));
      assert.deepEqual(
        batch.map((r) => r.id),
        ['in-batch'],
      );
      const after = await rpc.call('system_name');
      assert.equal(typeof after.result, 'string');
    },
  },
  {
    name: 'an empty batch gets one Invalid request error',
    run: async ({ rpc }) => {
      rpc.sendRaw('[]');
      const reply = (await rpc.nextReply()) as RpcReply;
      assert.ok(!Array.isArray(reply));
      assert.deepEqual(reply, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request' },
      });
    },
  },
  {
    name: 'hashes, addresses and call data of the wrong length are invalid params',
    run: async ({ rpc }) => {
      assert.equal(errorCode(await rpc.call('chain_getBlock', ['0x1234'])), -32602);
      assert.equal(errorCode(await rpc.call('chain_getHeader', [`0x${'00'.repeat(33)}`])), -32602);
      assert.equal(errorCode(await rpc.call('state_getStorage', ['0x00', '0x12'])), -32602);
      assert.equal(errorCode(await rpc.call('system_accountNextIndex', ['0x1234'])), -32602);
      assert.equal(errorCode(await rpc.call('chain_getBlockHash', ['0x123456789abc'])), -32602);
      const nonce = await rpc.call('state_call', ['AccountNonceApi_account_nonce', '0x1234']);
      assert.equal(errorCode(nonce), -32000);
      assert.match(nonce.error!.message, /Execution failed/);
    },
  },
  {
    name: 'a 30,000-character address is refused before it is decoded',
    prepare: () => '5'.repeat(30_000),
    run: async ({ rpc }, address: string) => {
      const reply = await rpc.call('system_accountNextIndex', [address]);
      assert.equal(errorCode(reply), -32602);
      assert.match(String(reply.error!.data), /at most 64 characters/);
    },
  },
  {
    name: 'unsigned calls: 1011 for a transfer, 1010 for the timestamp inherent',
    prepare: ({ node }) => [
      unsignedHex(
        node.runtime,
        makeCall(node.runtime, 'Balances', 3, { dest: { Id: devPair('Bob').publicKey }, value: 1 }),
      ),
      unsignedHex(node.runtime, makeCall(node.runtime, 'Timestamp', 0, { now: 1 })),
    ],
    run: async ({ rpc }, [transfer, inherent]: [string, string]) => {
      assert.deepEqual((await rpc.call('author_submitExtrinsic', [transfer])).error, {
        code: 1011,
        message: 'Unknown Transaction Validity',
        data: 'Could not find an unsigned validator for the unsigned transaction',
      });
      assert.deepEqual((await rpc.call('author_submitExtrinsic', [inherent])).error, {
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction dispatch is mandatory; transactions must not be validated.',
      });
    },
  },
  {
    name: 'an all-zero signature is a bad signature (1010), not undecodable',
    prepare: ({ node }) => {
      const hex = signedHex(
        node.runtime,
        node,
        devPair('Charlie'),
        recordCall(node.runtime, 'z'),
        0,
      );
      // compact length (2 bytes here) ++ version ++ MultiAddress::Id (33) ++ signature type ++ 64
      const bytes = Buffer.from(hex.slice(2), 'hex');
      const start = (bytes[0]! & 3) === 1 ? 2 : 1;
      bytes.fill(0, start + 1 + 33 + 1, start + 1 + 33 + 1 + 64);
      return `0x${bytes.toString('hex')}`;
    },
    run: async ({ rpc }, hex: string) => {
      assert.deepEqual((await rpc.call('author_submitExtrinsic', [hex])).error, {
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction has a bad signature',
      });
    },
  },
  {
    name: 'resubmitting an included transaction is temporarily banned (1012)',
    prepare: async ({ node, rpc }) => {
      const dave = devPair('Dave');
      const nonce = (await rpc.call('system_accountNextIndex', [dave.address])).result as number;
      return signedHex(node.runtime, node, dave, recordCall(node.runtime, 'once'), nonce);
    },
    run: async ({ rpc }, hex: string) => {
      const id = await rpc.call('author_submitAndWatchExtrinsic', [hex]);
      assert.equal(typeof id.result, 'string');
      for (;;) {
        const frame = (await rpc.next()) as { params?: { result: unknown } };
        const status = frame.params?.result;
        if (status && typeof status === 'object' && 'inBlock' in status) break;
      }
      assert.deepEqual((await rpc.call('author_submitExtrinsic', [hex])).error, {
        code: 1012,
        message: 'Transaction is temporarily banned',
      });
    },
  },
  {
    name: 'calls nested deeper than 256 are undecodable (1002), refused before decoding',
    prepare: ({ node }) => [
      unsignedFromCall(nestedBatchCall(node.runtime, 257)),
      unsignedFromCall(nestedBatchCall(node.runtime, 100_000)),
    ],
    run: async ({ rpc }, hexes: string[]) => {
      for (const hex of hexes) {
        const reply = await rpc.call('author_submitExtrinsic', [hex]);
        assert.equal(errorCode(reply), 1002);
        assert.match(String(reply.error!.data), /Maximum recursion depth/);
      }
    },
  },
  {
    name: 'calls nested 256 deep decode',
    validAtLimit: true,
    prepare: ({ node }) => unsignedFromCall(nestedBatchCall(node.runtime, 256)),
    run: async ({ rpc }, hex: string) => {
      // It decodes; unsigned, it is then refused for having no validator.
      assert.equal(errorCode(await rpc.call('author_submitExtrinsic', [hex])), 1011);
    },
  },
  {
    name: 'a frame of 16 MiB with one oversized extrinsic is refused for its length',
    prepare: () =>
      Buffer.from(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'big',
          method: 'author_submitExtrinsic',
          params: [`0x${'ab'.repeat(DEFAULT_RPC_LIMITS.maxFrameBytes / 2 - 200)}`],
        }),
      ),
    run: async ({ rpc }, frame: Buffer) => {
      rpc.sendRaw(frame);
      assert.deepEqual((await rpc.reply('big')).error, {
        code: 1010,
        message: 'Invalid Transaction',
        data: 'Transaction would exhaust the block limits',
      });
    },
  },
  {
    name: 'a 2 MiB batch of tiny requests is refused without parsing it',
    prepare: () =>
      Buffer.from(
        JSON.stringify(
          Array.from({ length: 40_000 }, (_, i) => ({
            jsonrpc: '2.0',
            id: i,
            method: 'system_name',
          })),
        ),
      ),
    run: async ({ rpc }, frame: Buffer) => {
      rpc.sendRaw(frame);
      const reply = (await rpc.nextReply()) as RpcReply;
      assert.equal(reply.id, null);
      assert.equal(errorCode(reply), -32600);
    },
  },
  {
    name: 'a batch of more than 1000 requests gets one error',
    prepare: () =>
      JSON.stringify(
        Array.from({ length: DEFAULT_RPC_LIMITS.maxBatchLength + 1 }, (_, i) => ({
          jsonrpc: '2.0',
          id: i,
          method: 'system_name',
        })),
      ),
    run: async ({ rpc }, frame: string) => {
      rpc.sendRaw(frame);
      const reply = (await rpc.nextReply()) as RpcReply;
      assert.deepEqual(reply.error, {
        code: -32010,
        message: 'The batch request was too large',
        data: `Exceeded max limit of ${DEFAULT_RPC_LIMITS.maxBatchLength}`,
      });
    },
  },
  {
    name: 'subscriptions past 1024 on one connection are refused (-32006)',
    prepare: async ({ url }) => RawRpc.open(url),
    run: async (_ctx, rpc: RawRpc) => {
      try {
        const limit = DEFAULT_RPC_LIMITS.maxSubscriptionsPerConnection;
        for (let start = 0; start < limit; start += 512) {
          rpc.sendRaw(
            JSON.stringify(
              Array.from({ length: 512 }, (_, i) => ({
                jsonrpc: '2.0',
                id: start + i,
                method: 'chain_subscribeNewHead',
              })),
            ),
          );
        }
        const ids = new Set<unknown>();
        while (ids.size < limit) {
          const frame = (await rpc.next()) as RpcReply[] | { method: string };
          if (!Array.isArray(frame)) continue;
          for (const reply of frame) {
            assert.equal(typeof reply.result, 'string');
            ids.add(reply.id);
          }
        }
        assert.deepEqual((await rpc.call('chain_subscribeNewHead')).error, {
          code: -32006,
          message: 'Too many subscriptions on the connection',
          data: `Exceeded max limit of ${limit}`,
        });
      } finally {
        rpc.close();
      }
    },
  },
  {
    name: 'the pool takes 819 future transactions and answers 1016 after',
    prepare: ({ node }) => {
      const ferdie = devPair('Ferdie');
      const count = DEFAULT_POOL_LIMITS.futureCount + 1;
      // Nonces far ahead: none can become ready, all wait in the future queue.
      return Array.from({ length: count }, (_, i) =>
        signedHex(node.runtime, node, ferdie, recordCall(node.runtime, `f${i}`), 10_000 + i),
      );
    },
    run: async ({ rpc }, txs: string[]) => {
      const replies: RpcReply[] = [];
      for (let start = 0; start < txs.length; start += 100) {
        const chunk = txs.slice(start, start + 100);
        rpc.sendRaw(
          JSON.stringify(
            chunk.map((hex, i) => ({
              jsonrpc: '2.0',
              id: `pool-${start + i}`,
              method: 'author_submitExtrinsic',
              params: [hex],
            })),
          ),
        );
        replies.push(...((await rpc.nextReply()) as RpcReply[]));
      }
      assert.equal(replies.filter((r) => typeof r.result === 'string').length, txs.length - 1);
      assert.deepEqual(replies.at(-1)!.error, {
        code: 1016,
        message: 'Immediately Dropped',
        data: "The transaction couldn't enter the pool because of the limit",
      });
    },
  },
  {
    name: '500 random frames all get well-formed answers',
    prepare: () => randomFrames(15, 500),
    run: async ({ rpc }, frames: string[]) => {
      const replies = await sendAndCheck(rpc, frames);
      assert.ok(replies > 300, `only ${replies} replies`);
    },
  },
];
