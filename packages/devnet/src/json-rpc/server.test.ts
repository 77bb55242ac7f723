import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawRpc } from '../../test/abuse/raw-rpc.ts';
import type { ClientConnection } from './request.ts';
import {
  type JsonRpcServer,
  SUBSCRIPTION_OVER_HTTP,
  startJsonRpcServer,
  tooManySubscriptions,
} from './server.ts';

/** A small engine: a call, a dev method, a subscription (at most 2 per connection), a failure. */
interface Session {
  connection: ClientConnection;
  subscriptions: number;
  closed: boolean;
}

const APP = 'http://127.0.0.1:5173';
const ran: string[] = [];
const sessions: Session[] = [];
let server: JsonRpcServer;
let http: string;

const methods = new Map<string, (params: unknown[], session: Session) => unknown>([
  ['system_chain', () => 'Test chain'],
  [
    'echo',
    (params) => {
      ran.push(String(params[0]));
      return params[0];
    },
  ],
  ['dev_poke', () => 'poked'],
  [
    'fails',
    () => {
      throw Object.assign(new Error('Pool is full'), { code: 1016, data: 'extra' });
    },
  ],
  [
    'throws',
    () => {
      throw new Error('unexpected');
    },
  ],
  [
    'ticks_subscribe',
    (_params, session) => {
      if (session.connection.transport !== 'websocket') throw SUBSCRIPTION_OVER_HTTP;
      if (session.subscriptions >= 2) throw tooManySubscriptions(2);
      session.subscriptions += 1;
      const id = `sub-${session.subscriptions}`;
      setTimeout(() =>
        session.connection.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'ticks',
            params: { subscription: id, result: 1 },
          }),
        ),
      );
      return id;
    },
  ],
]);

beforeAll(async () => {
  server = await startJsonRpcServer<Session>({
    host: '127.0.0.1',
    port: 0,
    limits: { maxBatchLength: 3, maxFrameBytes: 4096, largeFrameBytes: 1024, maxConnections: 4 },
    methods,
    openSession: (connection) => {
      const session = { connection, subscriptions: 0, closed: false };
      sessions.push(session);
      return session;
    },
    closeSession: (session) => {
      session.closed = true;
    },
  });
  http = server.url.replace('ws://', 'http://');
});
afterAll(() => server?.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(http, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('the devnet JSON-RPC server over WebSocket', () => {
  it('answers anything that is not a request object with -32600 and id null', async () => {
    const rpc = await RawRpc.open(server.url);
    for (const frame of ['{}', '42', '"text"', 'null', '{"id":7}', '{"jsonrpc":"1.0","id":7}']) {
      rpc.sendRaw(frame);
      const reply = await rpc.next();
      const id = frame.includes('"id":7') ? 7 : null;
      expect(reply, frame).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32600, message: 'Invalid request' },
      });
    }
    // A request without an id is a notification: neither run nor answered.
    rpc.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'echo', params: ['unseen'] }));
    expect((await rpc.call('echo', ['seen'])).result).toBe('seen');
    expect(ran).not.toContain('unseen');
    rpc.close();
  });

  it('looks methods up in a Map and answers errors with their codes', async () => {
    const rpc = await RawRpc.open(server.url);
    for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect((await rpc.call(method)).error).toEqual({ code: -32601, message: 'Method not found' });
    }
    expect((await rpc.call('fails')).error).toEqual({
      code: 1016,
      message: 'Pool is full',
      data: 'extra',
    });
    expect((await rpc.call('throws')).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'unexpected',
    });
    expect((await rpc.call('echo', {} as never)).error?.code).toBe(-32602);
    rpc.close();
  });

  it('bounds batches and frames', async () => {
    const rpc = await RawRpc.open(server.url);
    rpc.sendRaw('[]');
    expect(await rpc.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    rpc.sendRaw(
      JSON.stringify([1, 2, 3, 4].map((id) => ({ jsonrpc: '2.0', id, method: 'system_chain' }))),
    );
    expect(((await rpc.next()) as { error: { code: number } }).error.code).toBe(-32010);
    // Over 1 KiB with many values: refused unparsed.
    rpc.sendRaw(`[${'1,'.repeat(600)}1]`);
    expect(((await rpc.next()) as { error: { code: number } }).error.code).toBe(-32600);
    // Over the frame limit: the connection is closed (1009).
    const closed = new Promise<number>((resolve) => rpc.socket.once('close', resolve));
    rpc.sendRaw('x'.repeat(5000));
    expect(await closed).toBe(1009);
  });

  it('refuses pages of other origins, serves the app and tools, and ends sessions on close', async () => {
    await expect(RawRpc.open(server.url, 'http://evil.example')).rejects.toThrow(/HTTP 403/);
    await expect(RawRpc.open(server.url, 'null')).rejects.toThrow(/HTTP 403/);
    const app = await RawRpc.open(server.url, APP);
    expect((await app.call('dev_poke')).result).toBe('poked');
    const session = sessions.at(-1)!;
    expect(session.connection.origin).toBe(APP);
    // Subscriptions notify over the connection, up to the engine's limit.
    expect((await app.call('ticks_subscribe')).result).toBe('sub-1');
    expect(await app.next()).toMatchObject({ method: 'ticks', params: { subscription: 'sub-1' } });
    expect((await app.call('ticks_subscribe')).result).toBe('sub-2');
    expect((await app.call('ticks_subscribe')).error?.code).toBe(-32006);
    const closed = new Promise((resolve) => app.socket.once('close', resolve));
    app.close();
    await closed;
    await expect.poll(() => session.closed).toBe(true);
  });

  it('refuses connections past the limit', async () => {
    await expect.poll(() => server.connectionCount).toBe(0);
    const open = await Promise.all([1, 2, 3, 4].map(() => RawRpc.open(server.url)));
    await expect(RawRpc.open(server.url)).rejects.toThrow(/HTTP 429/);
    for (const rpc of open) rpc.close();
  });
});

describe('the devnet JSON-RPC server under a burst of frames on one connection', () => {
  it('works on a bounded number at once and answers every one, as a node does', async () => {
    let running = 0;
    let most = 0;
    const slow = await startJsonRpcServer<null>({
      host: '127.0.0.1',
      port: 0,
      limits: { maxPendingPerConnection: 2 },
      methods: new Map([
        [
          'slow',
          async () => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 20));
            running -= 1;
            return 'done';
          },
        ],
      ]),
      openSession: () => null,
      closeSession: () => {},
    });
    const rpc = await RawRpc.open(slow.url);
    try {
      for (let id = 1; id <= 12; id++) {
        rpc.sendRaw(JSON.stringify({ jsonrpc: '2.0', id, method: 'slow' }));
      }
      const replies: unknown[] = [];
      for (let i = 0; i < 12; i++) replies.push(await rpc.next());
      const byId = (a: unknown, b: unknown) =>
        ((a as { id: number }).id ?? 0) - ((b as { id: number }).id ?? 0);
      expect(replies.sort(byId)).toEqual(
        Array.from({ length: 12 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, result: 'done' })),
      );
      expect(most).toBe(2);
    } finally {
      rpc.close();
      await slow.close();
    }
  });
});

describe('the devnet JSON-RPC server over HTTP POST (the same port)', () => {
  it('answers a request and a batch, as `curl -d` gets them from a node', async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'Test chain' });
    const batch = await post(
      '[{"jsonrpc":"2.0","id":1,"method":"system_chain"},{"jsonrpc":"2.0","method":"echo","params":["n"]},{}]',
    );
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'Test chain' },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } },
    ]);
    expect(ran).not.toContain('n');
  });

  it('answers {} with -32600 and id null, and notifications with no content', async () => {
    expect(await (await post('{}')).json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    });
    expect((await post('{"jsonrpc":"2.0","method":"echo","params":["quiet"]}')).status).toBe(204);
    expect(ran).not.toContain('quiet');
    expect(await (await post('{"jsonrpc":"2.0",')).json()).toMatchObject({
      error: { code: -32700 },
    });
  });

  it('has no subscriptions: they need a WebSocket', async () => {
    const reply = await (await post('{"jsonrpc":"2.0","id":2,"method":"ticks_subscribe"}')).json();
    expect(reply.error).toEqual(SUBSCRIPTION_OVER_HTTP);
    expect(sessions.at(-1)!.closed).toBe(true);
  });

  it('applies the origin gate: other pages get 403 and nothing runs; the app gets CORS', async () => {
    const foreign = await post('{"jsonrpc":"2.0","id":1,"method":"echo","params":["evil"]}', {
      origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(ran).not.toContain('evil');
    // A "simple" request (text/plain, no preflight) from another page is refused the same way.
    const simple = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      body: '{"jsonrpc":"2.0","id":1,"method":"echo","params":["simple"]}',
    });
    expect(simple.status).toBe(403);
    expect(ran).not.toContain('simple');
    const app = await post('{"jsonrpc":"2.0","id":1,"method":"dev_poke"}', { origin: APP });
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect((await app.json()).result).toBe('poked');
    const preflight = await fetch(http, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('refuses other methods, other content types and bodies over the bound', async () => {
    const get = await fetch(http);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const text = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"jsonrpc":"2.0","id":1,"method":"system_chain"}',
    });
    expect(text.status).toBe(415);
    // What `curl -d` sends without a Content-Type of its own: a node refuses it too.
    const form = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '{"jsonrpc":"2.0","id":1,"method":"system_chain"}',
    });
    expect(form.status).toBe(415);
    expect(await form.text()).toMatch(/Content-Type: application\/json is required/);
    const jsonRpc = await post('{"jsonrpc":"2.0","id":1,"method":"system_chain"}', {
      'content-type': 'application/json-rpc',
    });
    expect((await jsonRpc.json()).result).toBe('Test chain');
    const large = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['x'.repeat(5000)] }),
    );
    expect(large.status).toBe(413);
  });
});
