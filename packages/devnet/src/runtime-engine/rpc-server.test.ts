import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawRpc } from '../../test/abuse/raw-rpc.ts';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { type RuntimeChainHandle, startRuntimeChainService } from './service.ts';

/**
 * The runtime engine answers through the devnet's shared JSON-RPC server: the origin gate, the
 * bounds and the Map method table of the TypeScript engine, and HTTP POST on the same port.
 */
const dir = tempDir('devnet-runtime-rpc-');
let chain: RuntimeChainHandle;

beforeAll(async () => {
  chain = await startRuntimeChainService(testOptions(dir));
}, 240_000);
afterAll(async () => {
  await chain?.stop();
  removeDir(dir);
});

describe('the runtime engine behind the shared JSON-RPC server', () => {
  it('refuses pages of other origins before any method, dev_setStorage included', async () => {
    await expect(RawRpc.open(chain.url, 'http://evil.example')).rejects.toThrow(/HTTP 403/);
    const http = chain.url.replace('ws://', 'http://');
    const head = chain.chain.head.number;
    const foreign = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      body: '{"jsonrpc":"2.0","id":1,"method":"dev_newBlock","params":[]}',
    });
    expect(foreign.status).toBe(403);
    expect(chain.chain.head.number).toBe(head);
  });

  it('looks methods up in a Map and answers {} with -32600 and id null', async () => {
    const rpc = await RawRpc.open(chain.url, 'http://127.0.0.1:5173');
    for (const method of ['constructor', 'toString', '__proto__']) {
      expect((await rpc.call(method)).error?.code, method).toBe(-32601);
    }
    rpc.sendRaw('{}');
    expect(await rpc.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    rpc.sendRaw('[]');
    expect(((await rpc.next()) as { error: { code: number } }).error.code).toBe(-32600);
    expect(typeof (await rpc.call('chain_getBlockHash', [0])).result).toBe('string');
    rpc.close();
  });

  it('answers HTTP POST on the chain port, without subscriptions', async () => {
    const http = chain.url.replace('ws://', 'http://');
    const post = (body: string) =>
      fetch(http, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const name = await (await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}')).json();
    expect(name).toMatchObject({ jsonrpc: '2.0', id: 1 });
    expect(typeof name.result).toBe('string');
    const sub = await (
      await post('{"jsonrpc":"2.0","id":2,"method":"chain_subscribeNewHead"}')
    ).json();
    expect(sub.error.code).toBe(-32600);
  });
});
