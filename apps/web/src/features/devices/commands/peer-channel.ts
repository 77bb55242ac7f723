import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import type { Connection } from '@libp2p/interface';
import { mplex } from '@libp2p/mplex';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import {
  dialAddresses,
  type HaConfig,
  peerIdOrError,
} from '@robonomics-dapp/robonomics/home-assistant/config';
import { dialFailureText, HomeNotListeningError } from '@robonomics-dapp/robonomics/p2p/home-call';
import { CALL_PROTOCOL, UPDATE_PROTOCOL } from '@robonomics-dapp/robonomics/p2p/home-protocols';
import {
  framingOf,
  JsonStreamError,
  readJsonMessage,
  requestJson,
  writeJsonMessage,
} from '@robonomics-dapp/robonomics/p2p/json-stream';
import { MPLEX_OPTIONS } from '@robonomics-dapp/robonomics/p2p/mplex-options';
import { createLibp2p } from 'libp2p';
import type { CallChannel } from './send-launch.ts';

/** Dial timeout and reconnect delay (docs/libp2p.md, docs/product-rules.md). */
// This module is the one place the libp2p stack is loaded: the devices panel imports it on
// demand, so the stack stays out of every page until a home is opened peer-to-peer.
export const DIAL_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAY_MS = 10_000;
/** An /update is the home's states without history; a reply is a few bytes. */
const MAX_UPDATE_BYTES = 8 * 1024 * 1024;
const MAX_REPLY_BYTES = 64 * 1024;
/** Time the home has to send a whole /update, or to answer a /call. */
const STREAM_TIMEOUT_MS = 10_000;
/**
 * /update streams open at once on one connection: the home sends one update of its states a second at most
 * (each on a stream of its own, closed once answered), so a few cover a slow link; more are
 * refused rather than each holding up to MAX_UPDATE_BYTES.
 */
export const MAX_UPDATE_STREAMS = 4;

export interface PeerConnection extends CallChannel {
  /** 'via relay' for a relayed connection, else null. */
  status: string | null;
  /** How the home is reached: through a relay, or directly. */
  path: 'relay' | 'direct';
  /** The home's multiplexer, which decides the framing: '/mplex/6.7.0' or '/yamux/1.0.0'. */
  multiplexer: string | undefined;
  close(): Promise<void>;
}

export interface PeerEvents {
  /** An /update arrived: return true once it was opened, false to say it could not be. */
  onUpdate(data: unknown): Promise<boolean>;
  /** The connection closed; the channel tries once more after 10 s. */
  onClosed(): void;
  onReconnected(connection: PeerConnection): void;
  /** That one more try failed: the home is out of reach peer-to-peer. */
  onReconnectFailed(): void;
}

/**
 * The address with the home's peer at its end, so that the handshake proves the home answers;
 * null for an address that ends in another peer (it would reach someone else).
 */
export function homeAddress(address: string, peer: string): string | null {
  const named = /\/p2p\/([^/]+)$/.exec(address)?.[1];
  if (named === undefined) return `${address.replace(/\/$/, '')}/p2p/${peer}`;
  return named === peer ? address : null;
}

const homeAddresses = (addresses: string[], peer: string) =>
  addresses.map((a) => homeAddress(a, peer)).filter((a): a is string => a !== null);

const pathOf = (remote: { toString(): string }) =>
  remote.toString().includes('p2p-circuit') ? ('relay' as const) : ('direct' as const);

const isUnsupportedProtocol = (error: unknown) =>
  (error as { name?: string } | undefined)?.name === 'UnsupportedProtocolError';

/**
 * Connects to the home's libp2p proxy (websockets, circuit relay v2, noise; yamux or mplex,
 * whichever the home speaks; see docs/libp2p.md): the config's direct addresses first, then its
 * relayed ones and the app's own relays, 10 s each. Each stream carries one JSON request and one
 * reply, framed as the connection's multiplexer implies: raw JSON over mplex (the proxy homes
 * run), length-prefixed over yamux. Rejects when the config has no peer id or no address answers.
 */
export async function connectPeer(
  config: HaConfig,
  relays: readonly string[],
  events: PeerEvents,
): Promise<PeerConnection> {
  const peer = peerIdOrError(config);
  if (!peer.ok) throw new Error(peer.error);
  const { direct, circuit } = dialAddresses(config, relays);
  const node = await createLibp2p({
    transports: [webSockets(), circuitRelayTransport()],
    connectionEncrypters: [noise()],
    // yamux first, so homes that have it keep it; mplex for the proxy homes run.
    streamMuxers: [yamux(), mplex(MPLEX_OPTIONS)],
    services: { identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false },
  });

  await node.handle(
    UPDATE_PROTOCOL,
    async (stream, connection) => {
      // Only the home speaks for the home: the relay, or any other peer this node is connected
      // to, could otherwise show old or made-up states as live (docs/libp2p.md, "Updates").
      if (connection.remotePeer.toString() !== peer.value) {
        stream.abort(new Error('Only the home may send its states.'));
        return;
      }
      const framing = framingOf(connection.multiplexer);
      let body: unknown;
      try {
        body = await readJsonMessage(stream, framing, {
          maxBytes: MAX_UPDATE_BYTES,
          signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
        });
      } catch (error) {
        // Too large, too slow or cut short: nothing to open. Not JSON: it cannot be opened.
        if (!(error instanceof JsonStreamError && error.reason === 'bad-json')) {
          stream.abort(error as Error);
          return;
        }
        body = undefined;
      }
      try {
        const data = (body as { data?: unknown } | undefined)?.data;
        if (await events.onUpdate(data)) {
          await writeJsonMessage(
            stream,
            framing,
            { result: true },
            {
              signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
            },
          );
        }
      } catch {
        // The home went away while we answered: the next /update will come on a new stream.
      } finally {
        await stream.close().catch(() => {});
      }
    },
    { runOnLimitedConnection: true, maxInboundStreams: MAX_UPDATE_STREAMS },
  );

  let lastError: unknown;
  const dialAll = async (addresses: string[]) => {
    if (addresses.length === 0) return null;
    try {
      return await node.dial(
        addresses.map((a) => multiaddr(a)),
        { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) },
      );
    } catch (error) {
      lastError = error;
      return null;
    }
  };
  // Each address names the home's peer, so the handshake proves it is the home that answers.
  let connection: Connection | null =
    (await dialAll(homeAddresses(direct, peer.value))) ??
    (await dialAll(homeAddresses(circuit, peer.value)));
  if (!connection) {
    await node.stop();
    throw new Error(dialFailureText(lastError));
  }
  let closed = false;
  const remote = () => connection!.remoteAddr;
  const describe = (channel: PeerConnection, open: Connection) => {
    channel.path = pathOf(open.remoteAddr);
    channel.status = channel.path === 'relay' ? 'via relay' : null;
    channel.multiplexer = open.multiplexer;
  };

  const channel: PeerConnection = {
    status: null,
    path: 'direct',
    multiplexer: undefined,
    async call(body) {
      const open = connection;
      if (open?.status !== 'open')
        throw new Error('Cannot perform HA request: connection is not established yet');
      let stream: Awaited<ReturnType<Connection['newStream']>>;
      try {
        stream = await open.newStream(CALL_PROTOCOL, {
          runOnLimitedConnection: true,
          signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
        });
      } catch (error) {
        // The proxy answers /call only while its Home Assistant listens to it.
        if (isUnsupportedProtocol(error)) {
          throw new HomeNotListeningError((error as Error).message);
        }
        throw error;
      }
      try {
        const reply = await requestJson(
          stream,
          framingOf(open.multiplexer),
          { data: body },
          {
            maxReplyBytes: MAX_REPLY_BYTES,
            signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
          },
        );
        if (
          reply &&
          typeof reply === 'object' &&
          (reply as { result?: unknown }).result === false
        ) {
          throw new Error(
            String((reply as { error?: unknown }).error ?? 'The controller refused the command.'),
          );
        }
        return reply;
      } catch (error) {
        // No answer at all: the command is not known to have reached the home.
        if (error instanceof JsonStreamError && error.reason !== 'bad-json') {
          throw new HomeNotListeningError(error.message);
        }
        throw error;
      } finally {
        await stream.close().catch(() => {});
      }
    },
    async close() {
      closed = true;
      await node.stop();
    },
  };
  describe(channel, connection);

  node.addEventListener('connection:close', (event) => {
    if (closed || !connection || event.detail.id !== connection.id) return;
    const address = remote();
    events.onClosed();
    setTimeout(() => {
      if (closed) return;
      node
        .dial(address, { signal: AbortSignal.timeout(30_000) })
        .then((again) => {
          connection = again;
          describe(channel, again);
          events.onReconnected(channel);
        })
        .catch(() => {
          if (!closed) events.onReconnectFailed();
        });
    }, RECONNECT_DELAY_MS);
  });
  return channel;
}
