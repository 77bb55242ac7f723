import { createServer } from 'node:http';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import {
  type FirstData,
  readFirstData,
} from '@robonomics-dapp/robonomics/chain/connection/first-data/read';
import { firstReadRequests } from '@robonomics-dapp/robonomics/chain/connection/first-data/requests';
import { startFirstData } from '@robonomics-dapp/robonomics/chain/connection/first-data/start';
import { readFirstAnswers } from '@robonomics-dapp/robonomics/chain/connection/first-data/worker-reads';
import {
  type MinimalWebSocket,
  openRpcSocket,
  type RpcSocket,
} from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import { followOffer } from '@robonomics-dapp/robonomics/rws/follow-offer';
import { WsProvider } from 'dedot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The page's first-data socket (packages/robonomics/src/chain/connection/rpc-socket.ts): opened by the page's
// first script with the first reads sent at once, then read by the app. Against a real devnet.
let devnet: DevnetProcess;
let provider: WsProvider;

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  provider = new WsProvider(devnet.url);
  await provider.connect();
});

afterAll(async () => {
  await provider?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const nodeSocket = (url: string) => new WebSocket(url) as unknown as MinimalWebSocket;

/** A first-data socket to `url` with the first reads of a first visit, and its open count. */
function firstReadsSocket(url: string, options: { timeoutMs?: number } = {}) {
  const opened = { count: 0 };
  const socket = openRpcSocket(url, {
    requests: firstReadRequests(true),
    createSocket: nodeSocket,
    onOpen: () => opened.count++,
    ...options,
  });
  return { socket, opened };
}

describe('the first-data socket', () => {
  it('answers the reads sent at the start as the node does, each once, then asks again', async () => {
    const { socket, opened } = firstReadsSocket(devnet.url);
    try {
      const genesis = await socket.send('chain_getBlockHash', [0]);
      expect(genesis).toBe(await provider.send('chain_getBlockHash', [0]));
      expect(opened.count).toBe(1);
      expect(await socket.send('state_getMetadata', [])).toBe(
        await provider.send('state_getMetadata', []),
      );
      // Not among the first reads: a new request on the same socket.
      const header = (await socket.send('chain_getHeader', [])) as { number: string };
      expect(header.number).toMatch(/^0x/);
      // Asked a second time: the first answer was handed out, this one is new.
      expect(await socket.send('chain_getBlockHash', [0])).toBe(genesis);
    } finally {
      socket.close();
    }
  });

  it('gives readFirstData the same values as the node’s own socket', async () => {
    const read = async (send: RpcSocket['send']) => {
      const published: FirstData[] = [];
      const downloaded = await readFirstData({
        endpoint: devnet.url,
        send,
        onData: (data) => published.push(data),
      });
      return { last: published.at(-1), downloaded };
    };
    const { socket } = firstReadsSocket(devnet.url);
    try {
      const viaSocket = await read(socket.send);
      const viaProvider = await read((method, params) => provider.send(method, params));
      expect(viaSocket).toEqual(viaProvider);
      expect(viaSocket.last?.minimalBid).toBe(1_000_000_000n);
      // Started as the page's first script starts them: the same values, the socket closed after.
      const started = startFirstData({ endpoint: devnet.url, createSocket: nodeSocket });
      const seen: FirstData[] = [];
      started.watch((data) => seen.push(data));
      expect(await started.done).toEqual(viaProvider.downloaded);
      expect(started.latest()).toEqual(viaProvider.last);
      expect(seen.at(-1)).toEqual(viaProvider.last);
      // A late watcher gets the latest at once.
      const late: FirstData[] = [];
      started.watch((data) => late.push(data));
      expect(late).toEqual([viaProvider.last]);
    } finally {
      socket.close();
    }
  });

  it('rejects in words when the node cannot be reached, is closed, or stays silent', async () => {
    const unreachable = firstReadsSocket('ws://127.0.0.1:1');
    await expect(unreachable.socket.send('chain_getBlockHash', [0])).rejects.toThrow(
      /could not be reached|closed/,
    );

    const closed = firstReadsSocket(devnet.url);
    const waiting = closed.socket.send('state_getRuntimeVersion', []);
    closed.socket.close();
    await expect(waiting).rejects.toThrow('The connection is closed.');
    await expect(closed.socket.send('system_properties', [])).rejects.toThrow(
      'The connection is closed.',
    );

    const silent = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => silent.once('listening', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const started = Date.now();
      const quiet = firstReadsSocket(`ws://127.0.0.1:${port}`, { timeoutMs: 300 });
      await expect(quiet.socket.send('chain_getBlockHash', [0])).rejects.toThrow(
        'The node did not answer in time.',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const client of silent.clients) client.terminate();
      silent.close();
    }
  });
});

/** Node WebSockets that note the methods sent on them and when they close. */
function watchedSockets() {
  const log: string[] = [];
  const createSocket = (url: string) => {
    const socket = new WebSocket(url);
    const send = socket.send.bind(socket);
    socket.send = ((data: string) => {
      log.push((JSON.parse(data) as { method: string }).method);
      send(data);
    }) as typeof socket.send;
    socket.on('close', () => log.push('close'));
    return socket as unknown as MinimalWebSocket;
  };
  return { log, createSocket };
}

describe('a chain connection given the first reads the page started', () => {
  it('takes the first values from them, closes their socket, and becomes ready on its own', async () => {
    const { log, createSocket } = watchedSockets();
    const firstData = startFirstData({ endpoint: devnet.url, createSocket });
    const connection = new ChainConnection(devnet.url, { cacheStorage: null, firstData });
    const offer = followOffer(connection);
    // First values before the client's socket has opened are not a drop.
    const dropped: boolean[] = [];
    connection.onChange(() => dropped.push(connection.socketDropped));
    try {
      const client = await connection.ready();
      expect(dropped.length).toBeGreaterThan(0);
      expect(dropped.every((d) => !d)).toBe(true);
      expect(offer.current.minimalBid).toBe(client.consts.rws.minimalBid);
      await expect.poll(() => log.at(-1)).toBe('close');
      expect(log).toEqual([
        'chain_getBlockHash',
        'state_getRuntimeVersion',
        'system_properties',
        'state_getStorage',
        'state_getMetadata',
        'close',
      ]);
      // The client reads on its own socket after the first-data one closed.
      expect(await client.query.rws.auctionQueue()).toEqual(offer.current.auctionQueue);
    } finally {
      await connection.disconnect();
    }
  });

  it('closes first reads for another endpoint unread, and failed ones do not hold it up', async () => {
    const elsewhere = watchedSockets();
    const other = startFirstData({
      endpoint: 'ws://127.0.0.1:1',
      createSocket: elsewhere.createSocket,
    });
    const connection = new ChainConnection(devnet.url, { cacheStorage: null, firstData: other });
    const offer = followOffer(connection);
    try {
      await connection.ready();
      await expect(other.done).resolves.toBeUndefined();
      expect(other.latest()).toBeNull();
      expect(offer.current.minimalBid).toBe(1_000_000_000n);
    } finally {
      await connection.disconnect();
    }

    const failed = startFirstData({ endpoint: devnet.url, createSocket: nodeSocket });
    failed.close();
    const afterFailure = new ChainConnection(devnet.url, {
      cacheStorage: null,
      firstData: failed,
    });
    try {
      const client = await afterFailure.ready();
      expect(client.consts.rws.minimalBid).toBe(1_000_000_000n);
    } finally {
      await afterFailure.disconnect();
    }
  });
});

describe('a drop of the first reads’ socket kept open for the app', () => {
  it('is the connection’s drop until the client’s own socket opens', async () => {
    const sockets: WebSocket[] = [];
    const firstData = startFirstData({
      endpoint: devnet.url,
      keepOpen: true,
      createSocket: (url) => {
        const socket = new WebSocket(url);
        sockets.push(socket);
        return socket as unknown as MinimalWebSocket;
      },
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connection = new ChainConnection(devnet.url, {
      cacheStorage: null,
      firstData,
      beforeClient: () => held,
    });
    const offer = followOffer(connection);
    try {
      await firstData.done;
      await expect.poll(() => offer.current.minimalBid).toBe(1_000_000_000n);
      expect(connection.socketDropped).toBe(false);
      // The network drops the socket (not the app closing it): the page must say so.
      sockets[0]?.terminate();
      await expect.poll(() => connection.socketDropped).toBe(true);
      expect(connection.state).toBe('connecting');
      // Reads by key wait for the client's socket, which opens once the client may start.
      const genesis = connection.request('chain_getBlockHash', [0]);
      release();
      await connection.ready();
      expect(connection.socketDropped).toBe(false);
      expect(connection.state).toBe('connected');
      expect(await genesis).toBe(await provider.send('chain_getBlockHash', [0]));
    } finally {
      await connection.disconnect();
    }
  });

  it('ends a hold on the client’s start when a read by key has nothing else to go on', async () => {
    const firstData = startFirstData({
      endpoint: devnet.url,
      keepOpen: true,
      createSocket: nodeSocket,
    });
    let needed = false;
    const connection = new ChainConnection(devnet.url, {
      cacheStorage: null,
      firstData,
      // A hold that never ends by itself (the page waiting for a card that needs this read).
      beforeClient: (clientNeeded) =>
        clientNeeded.then(() => {
          needed = true;
        }),
    });
    try {
      await firstData.done;
      // While the first socket is open, reads go on it and the hold stays.
      await connection.request('chain_getBlockHash', [0]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(needed).toBe(false);
      firstData.close();
      const genesis = await connection.request('chain_getBlockHash', [0]);
      expect(needed).toBe(true);
      expect(genesis).toBe(await provider.send('chain_getBlockHash', [0]));
    } finally {
      await connection.disconnect();
    }
  });

  it('is not announced when the app closes it itself', async () => {
    const read = startFirstData({ endpoint: devnet.url, keepOpen: true, createSocket: nodeSocket });
    let drops = 0;
    read.onDrop(() => drops++);
    await read.done;
    read.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drops).toBe(0);
  });
});

/** Node WebSockets whose answers reach the page `delayMs` late (a slow socket of the page's own). */
const lateSocket = (delayMs: number) => (url: string) => {
  const socket = new WebSocket(url);
  Object.defineProperty(socket, 'onmessage', {
    set(handler: (event: { data: unknown }) => void) {
      socket.on('message', (data) => setTimeout(() => handler({ data: String(data) }), delayMs));
    },
  });
  return socket as unknown as MinimalWebSocket;
};

describe('the first reads the service worker started with the navigation', () => {
  it('are the node’s answers to the first reads but the metadata, in one batch over HTTP', async () => {
    const posts: { url: string; body: string }[] = [];
    const watchedFetch: typeof fetch = (input, init) => {
      posts.push({ url: String(input), body: String(init?.body) });
      return fetch(input, init);
    };
    const reads = await readFirstAnswers(devnet.url, { fetch: watchedFetch });
    expect(reads.endpoint).toBe(devnet.url);
    expect(posts.map((p) => p.url)).toEqual([devnet.url.replace(/^ws:/, 'http:')]);
    expect((JSON.parse(posts[0]!.body) as { method: string }[]).map((r) => r.method)).toEqual([
      'chain_getBlockHash',
      'state_getRuntimeVersion',
      'system_properties',
      'state_getStorage',
    ]);
    expect(reads.answers.map((a) => a.method)).toEqual([
      'chain_getBlockHash',
      'state_getRuntimeVersion',
      'system_properties',
      'state_getStorage',
    ]);
    for (const { method, params, result, error } of reads.answers) {
      expect(error).toBeUndefined();
      expect(result).toEqual(await provider.send(method, params));
    }
    // A node that cannot be reached, speaks only WebSocket, or does not answer in time: each read
    // carries the failure in words, nothing throws.
    const unreachable = await readFirstAnswers('ws://127.0.0.1:1');
    const wsOnly = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    const silent = createServer(() => {});
    // A node that answers without end (chunked, no length): read up to the bound, then dropped.
    let flooded = 0;
    const flooding = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && flooded < 64 * 1024 * 1024) {
          flooded += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.write('[');
      more();
    });
    await Promise.all([
      new Promise((resolve) => wsOnly.once('listening', resolve)),
      new Promise((resolve) => silent.listen(0, '127.0.0.1', () => resolve(undefined))),
      new Promise((resolve) => flooding.listen(0, '127.0.0.1', () => resolve(undefined))),
    ]);
    try {
      const portOf = (server: { address(): unknown }) =>
        (server.address() as { port: number }).port;
      const refused = await readFirstAnswers(`ws://127.0.0.1:${portOf(wsOnly)}`);
      const quiet = await readFirstAnswers(`ws://127.0.0.1:${portOf(silent)}`, { timeoutMs: 300 });
      const flood = await readFirstAnswers(`ws://127.0.0.1:${portOf(flooding)}`);
      // Dropped near the bound (1 MiB), not read to the end (64 MiB).
      expect(flooded).toBeLessThan(16 * 1024 * 1024);
      for (const [reads, text] of [
        [unreachable, 'The node could not be reached.'],
        [refused, 'The node answered HTTP 426.'],
        [quiet, 'The node did not answer in time.'],
        [flood, 'The node answered too much.'],
      ] as const) {
        expect(reads.answers).toHaveLength(4);
        for (const answer of reads.answers) {
          expect(answer.result).toBeUndefined();
          expect(answer.error).toBe(text);
        }
      }
    } finally {
      wsOnly.close();
      silent.closeAllConnections();
      silent.close();
      flooding.closeAllConnections();
      flooding.close();
    }
  });

  it('give the first values before the page’s own slow socket, and only for their endpoint', async () => {
    const LATE_MS = 1_500;
    /** When the first values are published, in ms since the start, and what they hold. */
    const firstValues = async (workerEndpoint: string) => {
      const worker = readFirstAnswers(devnet.url);
      const started = Date.now();
      const read = startFirstData({
        endpoint: devnet.url,
        createSocket: lateSocket(LATE_MS),
        workerReads: worker.then((reads) => ({ ...reads, endpoint: workerEndpoint })),
      });
      try {
        const first = await new Promise<FirstData>((resolve) =>
          read.watch((data) => data.auctionQueue !== undefined && resolve(data)),
        );
        const at = Date.now() - started;
        // The rest (the metadata, for the price) still comes on the page's socket.
        await read.done;
        return { at, first, last: read.latest() };
      } finally {
        read.close();
      }
    };
    const taken = await firstValues(devnet.url);
    expect(taken.at).toBeLessThan(LATE_MS / 2);
    expect(taken.first.genesisHash).toBe(await provider.send('chain_getBlockHash', [0]));
    expect(taken.last?.minimalBid).toBe(1_000_000_000n);
    // Answers read from another endpoint are not this page's: its own socket's are waited for.
    const elsewhere = await firstValues('ws://127.0.0.1:1');
    expect(elsewhere.at).toBeGreaterThanOrEqual(LATE_MS);
    expect(elsewhere.last).toEqual(taken.last);
  });
});
