import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import {
  dialAddresses,
  type HaConfig,
  peerIdOrError,
} from '@robonomics-dapp/robonomics/home-assistant/config';
import { readJson, writeJson } from '@robonomics-dapp/robonomics/p2p/lp-json';
import { createLibp2p } from 'libp2p';
import type { CallChannel } from './send-launch.ts';

/** Dial timeout and reconnect delay (docs/libp2p.md, docs/product-rules.md). */
// This module is the one place the libp2p stack is loaded: the devices panel imports it on
// demand, so the stack stays out of every page until a home is opened peer-to-peer.
export const DIAL_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAY_MS = 10_000;
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export interface PeerConnection extends CallChannel {
  /** 'via relay' for a relayed connection, else null. */
  status: string | null;
  /** How the home is reached: through a relay, or directly. */
  path: 'relay' | 'direct';
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

const pathOf = (remote: { toString(): string }) =>
  remote.toString().includes('p2p-circuit') ? ('relay' as const) : ('direct' as const);

/**
 * Connects to the controller's libp2p node (websockets, circuit relay v2, noise, yamux, one
 * length-prefixed JSON request and one reply per stream; see docs/libp2p.md): direct addresses
 * first, then relayed ones (the config's, then the app's own relays), 10 s each. Rejects when no
 * address answers or the config has no peer id.
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
    streamMuxers: [yamux()],
    services: { identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false },
  });

  await node.handle(
    '/update',
    async (stream) => {
      try {
        const body = (await readJson(stream, { maxBytes: MAX_MESSAGE_BYTES })) as {
          data?: unknown;
        };
        if (await events.onUpdate(body?.data)) await writeJson(stream, { result: true });
      } catch {
        await events.onUpdate(undefined);
      } finally {
        await stream.close().catch(() => {});
      }
    },
    { runOnLimitedConnection: true },
  );

  const dialAll = async (addresses: string[]) => {
    if (addresses.length === 0) return null;
    try {
      return await node.dial(
        addresses.map((a) => multiaddr(a)),
        { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) },
      );
    } catch {
      return null;
    }
  };
  let connection = (await dialAll(direct)) ?? (await dialAll(circuit));
  if (!connection) {
    await node.stop();
    throw new Error('The controller cannot be reached peer-to-peer.');
  }
  let closed = false;
  const remote = () => connection!.remoteAddr;

  const channel: PeerConnection = {
    status: pathOf(remote()) === 'relay' ? 'via relay' : null,
    path: pathOf(remote()),
    async call(body) {
      if (connection?.status !== 'open')
        throw new Error('Cannot perform HA request: connection is not established yet');
      const stream = await connection.newStream('/call', { runOnLimitedConnection: true });
      try {
        await writeJson(stream, { data: body });
        const reply = await readJson(stream, {
          maxBytes: MAX_MESSAGE_BYTES,
          signal: AbortSignal.timeout(DIAL_TIMEOUT_MS),
        });
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
      } finally {
        await stream.close().catch(() => {});
      }
    },
    async close() {
      closed = true;
      await node.stop();
    },
  };

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
          channel.path = pathOf(again.remoteAddr);
          channel.status = channel.path === 'relay' ? 'via relay' : null;
          events.onReconnected(channel);
        })
        .catch(() => {
          if (!closed) events.onReconnectFailed();
        });
    }, RECONNECT_DELAY_MS);
  });
  return channel;
}
