import type { AddressInfo } from 'node:net';
import {
  type MinimalWebSocket,
  openRpcSocket,
} from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import { MessageTooLargeError } from '@robonomics-dapp/robonomics/http/bounded-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

// The plain JSON-RPC socket's message bound over a real WebSocket (Node's `ws`, as tests and
// tools use it): a node answering every request with a message of the size the request names.

let server: WebSocketServer;
let url: string;

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (ws) => {
    ws.on('error', () => {});
    ws.on('message', (data) => {
      const { id, params } = JSON.parse(String(data)) as { id: number; params: [number] };
      const head = `{"jsonrpc":"2.0","id":${id},"result":"`;
      const size = params[0];
      ws.send(`${head}${'a'.repeat(size - head.length - 2)}"}`);
    });
  });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** `ws` told the bound: it refuses a frame by its header, before the payload arrives. */
const bounded = (endpoint: string, max: number) =>
  new WebSocket(endpoint, { maxPayload: max }) as unknown as MinimalWebSocket;

describe("the plain JSON-RPC socket's message bound, over ws", () => {
  it('takes a message of exactly the bound and refuses one byte more, in words', async () => {
    const rpc = openRpcSocket(url, { requests: [], maxMessageBytes: 4096, createSocket: bounded });
    expect(((await rpc.send('size', [4096])) as string).length).toBe(4096 - 36);
    await expect(rpc.send('size', [4097])).rejects.toThrow(MessageTooLargeError);
    await expect(rpc.send('size', [10])).rejects.toThrow('The connection is closed.');
  });

  it('takes the same bound without maxPayload (as a browser socket), checked before parsing', async () => {
    const plain = (endpoint: string) => new WebSocket(endpoint) as unknown as MinimalWebSocket;
    const rpc = openRpcSocket(url, { requests: [], maxMessageBytes: 4096, createSocket: plain });
    expect(((await rpc.send('size', [4096])) as string).length).toBe(4096 - 36);
    await expect(rpc.send('size', [4097])).rejects.toThrow(
      'The node sent a message larger than 4 KB',
    );
  });

  it('never holds a message far over the bound: ws stops at the frame header', async () => {
    let raw: { bytesRead: number } | undefined;
    const rpc = openRpcSocket(url, {
      requests: [],
      maxMessageBytes: 1024 * 1024,
      createSocket: (endpoint, max) => {
        const ws = new WebSocket(endpoint, { maxPayload: max });
        ws.on('upgrade', (response) => {
          raw = response.socket;
        });
        return ws as unknown as MinimalWebSocket;
      },
    });
    await expect(rpc.send('size', [256 * 1024 * 1024])).rejects.toThrow(MessageTooLargeError);
    // The node was sending 256 MB; the client read a few of its first packets and hung up.
    expect(raw?.bytesRead).toBeLessThan(16 * 1024 * 1024);
  }, 30_000);
});
