import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawRpc } from '../../test/abuse/raw-rpc.ts';
import type { ChainServiceHandle } from '../chain/service.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { startTestCrust } from './test-support.ts';

/**
 * The Crust chain runs on the TypeScript engine and answers through the same JSON-RPC server as
 * both parachain engines (json-rpc/server.ts): WebSocket and HTTP POST on one port, the same
 * framing and origin gate.
 */
const dir = tempDir('devnet-crust-rpc-');
let crust: ChainServiceHandle;

beforeAll(async () => {
  crust = await startTestCrust(dir);
});
afterAll(async () => {
  await crust?.stop();
  removeDir(dir);
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(crust.url.replace('ws://', 'http://'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('the Crust chain behind the shared JSON-RPC server', () => {
  it('answers HTTP POST on its port, and {} with -32600 and id null', async () => {
    const name = await (await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}')).json();
    expect(name).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: crust.node.runtime.description.chainName,
    });
    expect(await (await post('{}')).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    const rpc = await RawRpc.open(crust.url);
    rpc.sendRaw('{}');
    expect(await rpc.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    expect((await rpc.call('constructor')).error?.code).toBe(-32601);
    rpc.close();
  });

  it('refuses pages of other origins', async () => {
    const foreign = await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}', {
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    await expect(RawRpc.open(crust.url, 'http://evil.example')).rejects.toThrow(/HTTP 403/);
  });
});
