// @vitest-environment node
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayServer, circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import type { Libp2p, Stream } from '@libp2p/interface';
import { mplex } from '@libp2p/mplex';
import { webSockets } from '@libp2p/websockets';
import { type HaConfig, NO_PEER_ID } from '@robonomics-dapp/robonomics/home-assistant/config';
import { HomeNotListeningError } from '@robonomics-dapp/robonomics/p2p/home-call';
import { CALL_PROTOCOL, UPDATE_PROTOCOL } from '@robonomics-dapp/robonomics/p2p/home-protocols';
import '@robonomics-dapp/robonomics/p2p/with-resolvers';
import { createLibp2p } from 'libp2p';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import {
  connectPeer,
  homeAddress,
  MAX_UPDATE_STREAMS,
  type PeerConnection,
  type PeerEvents,
} from './peer-channel.ts';

// Node 20 has no global WebSocket; the websockets transport dials with it (browsers have one).
(globalThis as { WebSocket?: unknown }).WebSocket ??= NodeWebSocket;

/**
 * The app's peer channel against a home peer written here with libp2p's own stream calls, not
 * with the app's framing helpers: an mplex home that reads raw JSON to the end of the stream and
 * answers raw (the proxy Home Assistant homes run), and a yamux home that frames each message
 * with a varint length (docs/libp2p.md).
 */

type Generation = 'mplex' | 'yamux';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every byte of what the other side sends until it closes its write side. */
async function readToEnd(stream: Stream): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) parts.push(chunk.subarray());
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * One message as the generation frames it: mplex homes read to the end of the stream, yamux
 * homes one length-prefixed message (the other side may keep its write side open).
 */
async function readMessage(generation: Generation, stream: Stream): Promise<unknown> {
  if (generation === 'mplex') return unframe(generation, await readToEnd(stream));
  let bytes = new Uint8Array(0);
  for await (const chunk of stream) {
    const next = new Uint8Array(bytes.length + chunk.byteLength);
    next.set(bytes);
    next.set(chunk.subarray(), bytes.length);
    bytes = next;
    const { value, size } = readVarint(bytes);
    if (bytes.length >= size + value) return unframe(generation, bytes);
  }
  throw new Error('The stream ended before a whole message.');
}

/** One unsigned varint (lengths here stay far below 2^28). */
function varint(n: number): Uint8Array {
  const bytes: number[] = [];
  let rest = n;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return Uint8Array.from(bytes);
}

function readVarint(bytes: Uint8Array): { value: number; size: number } {
  let value = 0;
  let size = 0;
  for (;;) {
    const byte = bytes[size];
    if (byte === undefined) return { value: Number.POSITIVE_INFINITY, size };
    value |= (byte & 0x7f) << (7 * size);
    size += 1;
    if (byte < 0x80) return { value, size };
  }
}

/** A message as the generation frames it. */
function frame(generation: Generation, value: unknown): Uint8Array {
  const body = encoder.encode(JSON.stringify(value));
  if (generation === 'mplex') return body;
  const prefix = varint(body.length);
  const framed = new Uint8Array(prefix.length + body.length);
  framed.set(prefix);
  framed.set(body, prefix.length);
  return framed;
}

function unframe(generation: Generation, bytes: Uint8Array): unknown {
  if (generation === 'mplex') return JSON.parse(decoder.decode(bytes));
  const { value, size } = readVarint(bytes);
  return JSON.parse(decoder.decode(bytes.subarray(size, size + value)));
}

interface Home {
  node: Libp2p;
  config: HaConfig;
  calls: unknown[];
}

const homes: Libp2p[] = [];
const channels: PeerConnection[] = [];

afterEach(async () => {
  await Promise.all(channels.splice(0).map((c) => c.close()));
  await Promise.all(homes.splice(0).map((h) => h.stop()));
});

/** A home peer listening on loopback; `listening`: it answers /call (its HA subscribed). */
async function startHome(generation: Generation, { listening = true } = {}): Promise<Home> {
  const node = await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0/ws'] },
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [generation === 'mplex' ? mplex() : yamux()],
    services: { identify: identify() },
    connectionGater: { denyDialMultiaddr: () => false },
  });
  homes.push(node);
  const calls: unknown[] = [];
  if (listening) {
    await node.handle(
      CALL_PROTOCOL,
      async (stream) => {
        calls.push(await readMessage(generation, stream));
        stream.send(frame(generation, { result: true }));
        await stream.close();
      },
      { runOnLimitedConnection: true },
    );
  }
  const config = {
    peer_id: node.peerId.toString(),
    libp2p_multiaddress: node.getMultiaddrs().map((a) => a.toString()),
  } as unknown as HaConfig;
  return { node, config, calls };
}

function recordingEvents(onUpdate: (data: unknown) => Promise<boolean> = async () => true) {
  const updates: unknown[] = [];
  const events: PeerEvents = {
    onUpdate: async (data) => {
      updates.push(data);
      return onUpdate(data);
    },
    onClosed: vi.fn(),
    onReconnected: vi.fn(),
    onReconnectFailed: vi.fn(),
  };
  return { events, updates };
}

/** The home opens an /update stream to the app and reads the app's reply to the end. */
async function sendUpdate(home: Home, generation: Generation, data: unknown) {
  const connection = await vi.waitFor(() => {
    const open = home.node.getConnections()[0];
    if (!open) throw new Error('The app is not connected to the home yet.');
    return open;
  });
  const stream = await connection.newStream(UPDATE_PROTOCOL, { runOnLimitedConnection: true });
  stream.send(frame(generation, { data }));
  // Closes the write side; the reply is read to the end (the app closes after it).
  await stream.close();
  const reply = await readToEnd(stream);
  return reply.length === 0 ? null : unframe(generation, reply);
}

describe.each<Generation>(['mplex', 'yamux'])('peer channel with a %s home', (generation) => {
  it('dials the home directly and frames /call as the multiplexer implies', async () => {
    const home = await startHome(generation);
    const channel = await connectPeer(home.config, [], recordingEvents().events);
    channels.push(channel);
    expect(channel.path).toBe('direct');
    expect(channel.status).toBeNull();
    expect(channel.multiplexer).toBe(generation === 'mplex' ? '/mplex/6.7.0' : '/yamux/1.0.0');

    const reply = await channel.call({ sender: 'alice', data: 'boxed-command' });
    expect(reply).toEqual({ result: true });
    expect(home.calls).toEqual([{ data: { sender: 'alice', data: 'boxed-command' } }]);
  });

  it("opens the home's /update and answers it in the same framing", async () => {
    const home = await startHome(generation);
    const { events, updates } = recordingEvents();
    const channel = await connectPeer(home.config, [], events);
    channels.push(channel);
    const reply = await sendUpdate(home, generation, 'envelope-of-states');
    expect(updates).toEqual(['envelope-of-states']);
    expect(reply).toEqual({ result: true });
  });

  it('does not acknowledge an /update it could not open', async () => {
    const home = await startHome(generation);
    const { events } = recordingEvents(async () => false);
    const channel = await connectPeer(home.config, [], events);
    channels.push(channel);
    expect(await sendUpdate(home, generation, 'not-for-this-user')).toBeNull();
  });

  it('says the home is not listening when its proxy does not answer /call', async () => {
    const home = await startHome(generation, { listening: false });
    const channel = await connectPeer(home.config, [], recordingEvents().events);
    channels.push(channel);
    await expect(channel.call({ sender: 'alice', data: 'boxed-command' })).rejects.toBeInstanceOf(
      HomeNotListeningError,
    );
  });
});

describe('peer channel dial', () => {
  it('refuses a config without a peer id before dialing', async () => {
    const config = { libp2p_multiaddress: ['/ip4/127.0.0.1/tcp/1/ws'] } as unknown as HaConfig;
    await expect(connectPeer(config, [], recordingEvents().events)).rejects.toThrow(NO_PEER_ID);
  });

  it('reports in words when no address of the home answers', async () => {
    const home = await startHome('mplex');
    const config = home.config;
    await home.node.stop();
    await expect(connectPeer(config, [], recordingEvents().events)).rejects.toThrow(
      'The controller cannot be reached peer-to-peer.',
    );
  });
});

/** What `look` finds, once it finds something. */
function found<T>(look: () => T | undefined): Promise<T> {
  return vi.waitFor(() => {
    const value = look();
    if (value === undefined) throw new Error('Not there yet.');
    return value;
  });
}

describe('only the home speaks for the home', () => {
  const HOME = '12D3KooWHomeHomeHomeHomeHomeHomeHomeHomeHomeHomeHome';
  it('dials addresses that end in the home’s peer, and none that end in another', () => {
    expect(homeAddress('/ip4/127.0.0.1/tcp/9999/ws', HOME)).toBe(
      `/ip4/127.0.0.1/tcp/9999/ws/p2p/${HOME}`,
    );
    expect(homeAddress(`/ip4/127.0.0.1/tcp/9999/ws/p2p/${HOME}`, HOME)).toBe(
      `/ip4/127.0.0.1/tcp/9999/ws/p2p/${HOME}`,
    );
    expect(homeAddress('/ip4/127.0.0.1/tcp/9999/ws/p2p/12D3KooWSomeoneElse', HOME)).toBeNull();
    expect(homeAddress('/ip4/1.2.3.4/tcp/1/ws/p2p/12D3KooWRelay/p2p-circuit', HOME)).toBe(
      `/ip4/1.2.3.4/tcp/1/ws/p2p/12D3KooWRelay/p2p-circuit/p2p/${HOME}`,
    );
  });

  it('takes /update from the home through the relay, and refuses the relay’s own', async () => {
    const relay = await createLibp2p({
      addresses: { listen: ['/ip4/127.0.0.1/tcp/0/ws'] },
      transports: [webSockets()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: {
        identify: identify(),
        relay: circuitRelayServer({ reservations: { applyDefaultLimit: false } }),
      },
      connectionGater: { denyDialMultiaddr: () => false },
    });
    homes.push(relay);
    const relayAddress = relay.getMultiaddrs()[0]!.toString();
    const home = await createLibp2p({
      addresses: { listen: [`${relayAddress}/p2p-circuit`] },
      transports: [webSockets(), circuitRelayTransport()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: { identify: identify() },
      connectionGater: { denyDialMultiaddr: () => false },
    });
    homes.push(home);
    await vi.waitFor(
      () => {
        if (!home.getMultiaddrs().some((a) => a.toString().includes('p2p-circuit')))
          throw new Error('No reservation yet.');
      },
      { timeout: 10_000 },
    );
    const config = {
      peer_id: home.peerId.toString(),
      libp2p_multiaddress: [`${relayAddress}/p2p-circuit/p2p/${home.peerId}`],
    } as unknown as HaConfig;
    const { events, updates } = recordingEvents();
    const channel = await connectPeer(config, [], events);
    channels.push(channel);
    expect(channel.path).toBe('relay');

    // The relay holds a connection of its own to the app, and opens /update on it.
    const toApp = await found(() =>
      relay.getConnections().find((c) => !c.remotePeer.equals(home.peerId)),
    );
    const forged = await toApp.newStream(UPDATE_PROTOCOL, { runOnLimitedConnection: true });
    let answer: Uint8Array = new Uint8Array(0);
    try {
      // Reset by the app at once: writing may already fail.
      forged.send(frame('yamux', { data: 'old-states-from-ipfs' }));
      await forged.close();
      answer = await readToEnd(forged);
    } catch {}
    expect(answer.length).toBe(0);

    // The home's own, through the same relay, is taken.
    const fromHome = await found(() =>
      home.getConnections().find((c) => !c.remotePeer.equals(relay.peerId)),
    );
    const stream = await fromHome.newStream(UPDATE_PROTOCOL, { runOnLimitedConnection: true });
    stream.send(frame('yamux', { data: 'states-from-the-home' }));
    await stream.close();
    expect(unframe('yamux', await readToEnd(stream))).toEqual({ result: true });
    expect(updates).toEqual(['states-from-the-home']);
  });

  it(`keeps at most ${MAX_UPDATE_STREAMS} /update streams open at once on a connection`, async () => {
    const home = await startHome('yamux');
    // Updates that are never answered: each holds its stream open.
    const { events, updates } = recordingEvents(() => new Promise<boolean>(() => {}));
    const channel = await connectPeer(home.config, [], events);
    channels.push(channel);
    const connection = await found(() => home.node.getConnections()[0]);
    let refused = 0;
    for (let i = 0; i < MAX_UPDATE_STREAMS + 3; i++) {
      void connection
        .newStream(UPDATE_PROTOCOL, { runOnLimitedConnection: true })
        .then(async (stream) => {
          stream.send(frame('yamux', { data: 'held' }));
          void stream.close().catch(() => {});
          await readToEnd(stream);
        })
        .catch(() => {
          refused += 1;
        });
    }
    await vi.waitFor(() => expect(refused).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updates.length).toBe(MAX_UPDATE_STREAMS);
  });
});
