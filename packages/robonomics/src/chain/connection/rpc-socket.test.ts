import { describe, expect, it } from 'vitest';
import { MessageTooLargeError } from '../../http/bounded-message.ts';
import { DEFAULT_MAX_MESSAGE_BYTES, type MinimalWebSocket, openRpcSocket } from './rpc-socket.ts';

/** A socket the test plays the node on: what the client sent, and answers by hand. */
function fakeNode() {
  const sent: { id: number; method: string }[] = [];
  let closed = 0;
  const socket: MinimalWebSocket = {
    readyState: 0,
    send: (data) => sent.push(JSON.parse(data)),
    close: () => {
      closed += 1;
    },
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  return {
    socket,
    sent,
    closed: () => closed,
    open() {
      (socket as { readyState: number }).readyState = 1;
      socket.onopen?.({});
    },
    /** A JSON-RPC answer to request `id` of exactly `bytes` bytes of UTF-8 (padding in `fill`). */
    answer(id: number, bytes: number, fill = 'a') {
      const head = `{"jsonrpc":"2.0","id":${id},"result":"`;
      const tail = '"}';
      const room = bytes - head.length - tail.length;
      const unit = new TextEncoder().encode(fill).length;
      const text = `${head}${fill.repeat(Math.floor(room / unit))}${'a'.repeat(room % unit)}${tail}`;
      expect(new TextEncoder().encode(text).length).toBe(bytes);
      socket.onmessage?.({ data: text });
    },
  };
}

function open(maxMessageBytes?: number) {
  const node = fakeNode();
  let drops = 0;
  const rpc = openRpcSocket('ws://node.test', {
    requests: [],
    maxMessageBytes,
    createSocket: () => node.socket,
    onDrop: () => {
      drops += 1;
    },
  });
  node.open();
  return { node, rpc, drops: () => drops };
}

describe('the plain JSON-RPC socket', () => {
  it('takes an answer of exactly its bound', async () => {
    const { node, rpc } = open(1000);
    const answer = rpc.send('chain_getHeader', []);
    node.answer(1, 1000);
    // The whole answer is 1000 bytes: 36 of them are the JSON-RPC frame around the result.
    expect(await answer).toHaveLength(964);
    expect(node.closed()).toBe(0);
    rpc.close();
  });

  it('closes at one byte over and rejects what waits, in words, unparsed', async () => {
    const { node, rpc, drops } = open(1000);
    const first = rpc.send('chain_getHeader', []);
    const second = rpc.send('state_getStorage', ['0x00']);
    node.answer(1, 1001);
    await expect(first).rejects.toThrow(MessageTooLargeError);
    await expect(second).rejects.toThrow(
      'The node sent a message larger than 1,000 bytes, more than any answer the app asks for can be; the connection was closed without reading it.',
    );
    expect(node.closed()).toBe(1);
    // The node broke the connection: as a drop, so the first reads give way to the client.
    expect(drops()).toBe(1);
    // Nothing more goes out on it.
    await expect(rpc.send('system_chain', [])).rejects.toThrow('The connection is closed.');
    expect(node.sent).toHaveLength(2);
  });

  it('counts bytes, not characters: multi-byte text over the bound is refused', async () => {
    const { node, rpc } = open(1000);
    const within = rpc.send('a', []);
    node.answer(1, 1000, 'é');
    expect(await within).toMatch(/^é+a?$/);
    const over = rpc.send('b', []);
    // 981 characters, 1001 bytes.
    node.answer(2, 1001, '€');
    await expect(over).rejects.toThrow(MessageTooLargeError);
  });

  it('refuses a binary message over the bound by its size', async () => {
    const { node, rpc } = open(16);
    const answer = rpc.send('a', []);
    node.socket.onmessage?.({ data: new Uint8Array(17).buffer });
    await expect(answer).rejects.toThrow(MessageTooLargeError);
  });

  it("says so when Node's ws stopped reading a message at its maxPayload", async () => {
    const { node, rpc } = open(64);
    const answer = rpc.send('a', []);
    node.socket.onerror?.({ error: { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' } });
    await expect(answer).rejects.toThrow('larger than 64 bytes');
    const other = open(64);
    const failed = other.rpc.send('a', []);
    other.node.socket.onerror?.({});
    await expect(failed).rejects.toThrow('The node could not be reached.');
  });

  it('hands the bound to the socket it opens, 1 MB unless told', () => {
    const bounds: number[] = [];
    const node = fakeNode();
    for (const maxMessageBytes of [undefined, 4096]) {
      openRpcSocket('ws://node.test', {
        requests: [],
        maxMessageBytes,
        createSocket: (_url, max) => {
          bounds.push(max);
          return node.socket;
        },
      }).close();
    }
    expect(bounds).toEqual([DEFAULT_MAX_MESSAGE_BYTES, 4096]);
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(1024 * 1024);
  });
});
