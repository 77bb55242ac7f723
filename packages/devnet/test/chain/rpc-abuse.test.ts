import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainServiceHandle, startChainService } from '../../src/chain/service.ts';
import { removeDir, tempDir, testOptions } from '../../src/common/test-support.ts';
import { type ChainAbuseContext, chainCases } from '../abuse/chain-cases.ts';
import { longestStall } from '../abuse/loop-delay.ts';
import { RawRpc } from '../abuse/raw-rpc.ts';

/**
 * A stall this long would show a defect (the probe found 3.6 s and 4.7 s). The goal, 50 ms, is
 * reported by `npm run bench`: here the other test files running beside this one share the two
 * cores, and a descheduled process shows as a stall too.
 */
const STALL_CEILING_MS = 1000;

const dir = tempDir('devnet-rpc-abuse-');
let chain: ChainServiceHandle;
let ctx: ChainAbuseContext;
const stalls: string[] = [];

beforeAll(async () => {
  chain = await startChainService(testOptions(dir));
  ctx = { url: chain.url, node: chain.node, rpc: await RawRpc.open(chain.url) };
});
afterAll(async () => {
  ctx?.rpc.close();
  await chain?.stop();
  removeDir(dir);
  console.log(`longest event-loop stall per input (ms): ${stalls.join('; ')}`);
});

describe('the chain JSON-RPC server under malformed and abusive input', () => {
  for (const abuse of chainCases) {
    it(abuse.name, async () => {
      const prepared = await abuse.prepare?.(ctx);
      const stall = await longestStall(() => abuse.run(ctx, prepared as never));
      stalls.push(`${abuse.name}: ${stall.toFixed(0)}`);
      if (!abuse.validAtLimit) expect(stall).toBeLessThan(STALL_CEILING_MS);
      // Still serving.
      expect((await ctx.rpc.call('system_name')).result).toBe('Robonomics Devnet');
    });
  }
});

describe('who may connect', () => {
  it('refuses pages of other origins and serves the app and tools', async () => {
    await expect(RawRpc.open(chain.url, 'http://evil.example')).rejects.toThrow(/HTTP 403/);
    await expect(RawRpc.open(chain.url, 'null')).rejects.toThrow(/HTTP 403/);
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:5173', undefined]) {
      const rpc = await RawRpc.open(chain.url, origin);
      expect(typeof (await rpc.call('dev_newBlock', [{ count: 1 }])).result).toBe('string');
      rpc.close();
    }
  });

  it('refuses connections past 100', async () => {
    const open: RawRpc[] = [ctx.rpc];
    try {
      while (open.length < 100) open.push(await RawRpc.open(chain.url));
      await expect(RawRpc.open(chain.url)).rejects.toThrow(/HTTP 429/);
    } finally {
      for (const rpc of open.slice(1)) rpc.close();
    }
  });

  it('answers JSON-RPC over HTTP POST on the same port, as a node does', async () => {
    const http = chain.url.replace('ws://', 'http://');
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(http, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect(await (await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}')).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'Robonomics Local Development',
    });
    expect(await (await post('{}')).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    const subscribe = await post('{"jsonrpc":"2.0","id":2,"method":"chain_subscribeNewHeads"}');
    expect((await subscribe.json()).error.code).toBe(-32600);
    const height = chain.node.best.number;
    const foreign = await post('{"jsonrpc":"2.0","id":3,"method":"dev_newBlock"}', {
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(chain.node.best.number).toBe(height);
    expect((await fetch(http)).status).toBe(405);
  });
});
