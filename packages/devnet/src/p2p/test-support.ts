import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import type { Connection, Stream } from '@libp2p/interface';
import { mplex } from '@libp2p/mplex';
import { lpStream } from '@libp2p/utils';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { MPLEX_OPTIONS } from '@robonomics-dapp/robonomics/p2p/mplex-options';
import { createLibp2p } from 'libp2p';
import './node20.ts';

// Shared by the proxy and controller tests and the bench (not a test file itself).

export interface UpdateMessage {
  body: { data?: unknown };
  at: number;
  /** The multiplexer of the connection it came on. */
  multiplexer: string | undefined;
}

export type Muxer = 'yamux' | 'mplex';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * One message in the framing a connection's multiplexer implies, written here by hand rather
 * than with the app's helper so the two are checked against each other: over mplex raw JSON
 * ended by closing the write side, otherwise a varint length prefix (lpStream).
 */
async function writeMessage(stream: Stream, raw: boolean, value: unknown): Promise<void> {
  const bytes = encoder.encode(JSON.stringify(value));
  if (raw) {
    stream.send(bytes);
    await stream.close();
  } else {
    await lpStream(stream).write(bytes);
  }
}

async function readMessage(stream: Stream, raw: boolean, signal?: AbortSignal): Promise<unknown> {
  if (!raw) {
    const lp = lpStream(stream, { maxDataLength: 8 * 1024 * 1024 });
    return JSON.parse(decoder.decode((await lp.read({ signal })).subarray()));
  }
  const chunks: Uint8Array[] = [];
  const reading = (async () => {
    for await (const chunk of stream) chunks.push(chunk.subarray());
  })();
  await (signal
    ? Promise.race([
        reading,
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
      ])
    : reading);
  return JSON.parse(decoder.decode(Buffer.concat(chunks)));
}

const isRaw = (connection: Connection) => connection.multiplexer?.startsWith('/mplex/') === true;

/**
 * A peer built like the app's (websockets, circuit relay, noise, yamux and mplex, identify),
 * choosing the framing from each connection's multiplexer: it answers /update with
 * {"result": true} and sends /call requests. `muxers` narrows what it offers.
 */
export async function startAppPeer(
  address: string,
  { muxers = ['yamux', 'mplex'] as Muxer[] } = {},
) {
  const updates: UpdateMessage[] = [];
  const waiters: ((message: UpdateMessage) => void)[] = [];
  const node = await createLibp2p({
    transports: [webSockets(), circuitRelayTransport()],
    connectionEncrypters: [noise()],
    streamMuxers: muxers.map((m) => (m === 'yamux' ? yamux() : mplex(MPLEX_OPTIONS))),
    services: { identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false },
  });
  await node.handle(
    '/update',
    async (stream, connection) => {
      const raw = isRaw(connection);
      const body = (await readMessage(stream, raw)) as { data?: unknown };
      const message = { body, at: performance.now(), multiplexer: connection.multiplexer };
      updates.push(message);
      for (const waiter of waiters.splice(0)) waiter(message);
      await writeMessage(stream, raw, { result: true });
      await stream.close();
    },
    { runOnLimitedConnection: true },
  );
  let connection: Connection;
  try {
    connection = await node.dial(multiaddr(address), { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    await node.stop();
    throw error;
  }

  return {
    node,
    updates,
    /** The next /update accepted by `accept` (already received ones included). */
    nextUpdate(accept: (message: UpdateMessage) => boolean, ms = 5_000): Promise<UpdateMessage> {
      const found = updates.find(accept);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching /update within ${ms} ms`)),
          ms,
        );
        const wait = (message: UpdateMessage) => {
          if (accept(message)) {
            clearTimeout(timer);
            resolve(message);
          } else {
            waiters.push(wait);
          }
        };
        waiters.push(wait);
      });
    },
    /** The connection in use: its remote address says whether it goes through the relay. */
    get connection() {
      return connection;
    },
    /** Dials the home again (after the relay came back, say). */
    async redial(ms = 10_000) {
      connection = await node.dial(multiaddr(address), { signal: AbortSignal.timeout(ms) });
      return connection;
    },
    /** One /call: the request, then its one reply, in the connection's framing. */
    async call(body: unknown): Promise<unknown> {
      const stream = await connection.newStream('/call', { runOnLimitedConnection: true });
      const raw = isRaw(connection);
      await writeMessage(stream, raw, body);
      const reply = await readMessage(stream, raw, AbortSignal.timeout(10_000));
      await stream.close().catch(() => {});
      return reply;
    },
    /** Opens a /call stream and writes `bytes` as they are (no framing), then ends writing. */
    async sendRaw(bytes: Uint8Array): Promise<Stream> {
      const stream = await connection.newStream('/call', { runOnLimitedConnection: true });
      stream.send(bytes);
      await stream.close();
      return stream;
    },
    stop: () => node.stop(),
  };
}

export type AppPeer = Awaited<ReturnType<typeof startAppPeer>>;

/** Polls `check` every 20 ms until it holds, or fails after `ms`. */
export async function until(check: () => boolean, ms = 10_000, what = 'the condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
