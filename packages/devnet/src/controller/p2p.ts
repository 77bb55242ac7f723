import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import { FaultTolerance } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { LpJsonError, readJson, writeJson } from '@robonomics-dapp/robonomics/p2p/lp-json';
import { createLibp2p } from 'libp2p';
import './node20.ts';
import type { PrivateKey } from './peer-key.ts';

/**
 * The controller's libp2p node, built like Home Assistant's libp2p proxy (see docs/libp2p.md):
 * websockets, noise, yamux, identify, circuit relay v2; one uvarint-length-prefixed JSON request
 * and one reply per stream. By default it listens nowhere itself: it reserves a slot on the relay
 * and is reached at `<relay>/p2p-circuit/p2p/<peer id>`, reconnecting to the relay as the proxy
 * does. `/call` is acknowledged with {"result": true} as soon as it is read, before the command
 * runs; `/update` goes to every connected peer but the relay, and the last one is replayed to
 * each peer that connects.
 */

export const CALL_PROTOCOL = '/call';
export const UPDATE_PROTOCOL = '/update';
/** A /call body is a sender and a boxed command: small. */
export const MAX_CALL_BYTES = 256 * 1024;
/** An /update body is a states envelope without history. */
export const MAX_UPDATE_BYTES = 8 * 1024 * 1024;
const STREAM_TIMEOUT_MS = 10_000;
/** Retries of the last /update towards a peer that just connected. */
const WELCOME_RETRIES_MS = [0, 500, 1_500, 3_500];

/** The proxy's relay policy: 5 dials 5 s apart, then a 30-minute pause, again and again. */
export interface RelayPolicy {
  attempts: number;
  intervalMs: number;
  pauseMs: number;
}
export const PROXY_RELAY_POLICY: RelayPolicy = {
  attempts: 5,
  intervalMs: 5_000,
  pauseMs: 30 * 60_000,
};

/** What came in on /call: the parsed JSON body, or the text of a body that is not JSON. */
export type CallBody = { json: unknown } | { text: string };

export interface P2pOptions {
  host: string;
  /** Also listen directly on this port (--controller-direct); no direct address without it. */
  directPort?: number;
  /** The relay to reserve a slot on: /ip4/…/tcp/…/ws/p2p/<relay id>. */
  relay?: string;
  relayPolicy?: RelayPolicy;
  privateKey: PrivateKey;
  /** A /call body, after the caller got its {"result": true}. */
  onCall(body: CallBody, remotePeer: string): void;
  /** The announced addresses changed (a reservation made or lost, a listener up). */
  onAddresses?(addresses: string[]): void;
  log(message: string): void;
}

type Node = Awaited<ReturnType<typeof createLibp2p>>;
type PeerId = Node['peerId'];

/** The parts of a transport listener this module uses (libp2p's Listener interface). */
interface CircuitListener {
  listen(address: ReturnType<typeof multiaddr>): Promise<void>;
  getAddrs(): ReturnType<typeof multiaddr>[];
}

const isCircuit = (address: string) => address.includes('/p2p-circuit');

export class P2pNode {
  private lastUpdate: unknown;
  private stopped = false;
  private announced: string[] = [];
  private reconnecting: Promise<void> | undefined;
  private wakeReconnect: (() => void) | undefined;
  private readonly relayPeer: string | undefined;

  private constructor(
    private readonly node: Node,
    private readonly options: P2pOptions,
  ) {
    this.relayPeer = options.relay?.split('/p2p/').at(-1);
  }

  static async start(options: P2pOptions): Promise<P2pNode> {
    const listen: string[] = [];
    if (options.directPort !== undefined) {
      listen.push(`/ip4/${options.host}/tcp/${options.directPort}/ws`);
    }
    if (options.relay) listen.push(`${options.relay}/p2p-circuit`);
    const node = await createLibp2p({
      privateKey: options.privateKey,
      addresses: { listen },
      transports: [webSockets(), circuitRelayTransport()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: { identify: identify() },
      // A relay that is down at start is retried below; it must not stop the node starting.
      transportManager: { faultTolerance: FaultTolerance.NO_FATAL },
    });
    const p2p = new P2pNode(node, options);
    await node.handle(
      CALL_PROTOCOL,
      async (stream, connection) => {
        const remote = connection.remotePeer.toString();
        let body: CallBody;
        try {
          body = {
            json: await readJson(stream, {
              maxBytes: MAX_CALL_BYTES,
              signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
            }),
          };
        } catch (error) {
          if (!(error instanceof LpJsonError && error.reason === 'bad-json')) {
            options.log(`/call from ${remote} could not be read: ${(error as Error).message}`);
            stream.abort(error as Error);
            return;
          }
          body = { text: error.text ?? '' };
        }
        // The proxy answers as soon as it has the message, whatever becomes of it.
        try {
          await writeJson(
            stream,
            { result: true },
            { signal: AbortSignal.timeout(STREAM_TIMEOUT_MS) },
          );
          await stream.close();
        } catch (error) {
          stream.abort(error as Error);
        }
        options.onCall(body, remote);
      },
      { runOnLimitedConnection: true },
    );
    node.addEventListener('peer:connect', (event) => {
      if (event.detail.toString() === p2p.relayPeer) return;
      void p2p.welcome(event.detail);
    });
    node.addEventListener('self:peer:update', () => p2p.addressesMaybeChanged());
    node.addEventListener('connection:close', () => {
      // The reservation store drops the relay's addresses on the same event; look afterwards.
      setTimeout(() => p2p.ensureRelay(), 0);
    });
    p2p.addressesMaybeChanged();
    p2p.ensureRelay();
    return p2p;
  }

  get peerId(): string {
    return this.node.peerId.toString();
  }

  /** The direct listening port, when there is one. */
  get directPort(): number | undefined {
    for (const address of this.node.getMultiaddrs()) {
      if (isCircuit(address.toString())) continue;
      const tcp = address.getComponents().find((c) => c.name === 'tcp');
      if (tcp?.value) return Number(tcp.value);
    }
    return undefined;
  }

  /** What the node announces: its relay circuit address and, with a direct listener, that. */
  get addresses(): string[] {
    const list = this.node.getMultiaddrs().map((a) => a.toString());
    // The relay circuit first: that is how a home behind NAT is reached.
    return [...list.filter(isCircuit), ...list.filter((a) => !isCircuit(a))];
  }

  /** True while a relay reservation is held. */
  get relayed(): boolean {
    return this.addresses.some(isCircuit);
  }

  /** Peers with an open connection now, the relay left out. */
  connectedPeers(): string[] {
    return this.node
      .getPeers()
      .map((peer) => peer.toString())
      .filter((peer) => peer !== this.relayPeer);
  }

  /**
   * Sends an /update body to every connected peer but the relay and keeps it for peers that
   * connect later (the proxy's save_data). Resolves when every peer answered or gave up.
   */
  async broadcast(body: unknown): Promise<void> {
    this.lastUpdate = body;
    const peers = this.node.getPeers().filter((peer) => peer.toString() !== this.relayPeer);
    await Promise.all(peers.map((peer) => this.sendUpdate(peer, body)));
  }

  private addressesMaybeChanged(): void {
    if (this.stopped) return;
    const now = this.addresses;
    if (now.length === this.announced.length && now.every((a, i) => a === this.announced[i])) {
      return;
    }
    this.announced = now;
    this.options.log(`announcing ${now.length ? now.join(', ') : 'no address'}`);
    this.options.onAddresses?.(now);
  }

  /** The listener of the relay circuit address (the one whose addresses are all circuits). */
  private circuitListener(): CircuitListener | undefined {
    const components = (
      this.node as unknown as {
        components: { transportManager: { getListeners(): CircuitListener[] } };
      }
    ).components;
    return components.transportManager
      .getListeners()
      .find((listener) => listener.getAddrs().every((a) => isCircuit(a.toString())));
  }

  /**
   * Without a reservation, dials the relay and reserves again as the proxy does: up to
   * `attempts` dials `intervalMs` apart, then a `pauseMs` pause, repeated until it holds one.
   */
  private ensureRelay(): void {
    if (!this.options.relay || this.stopped || this.reconnecting || this.relayed) return;
    const relay = multiaddr(`${this.options.relay}/p2p-circuit`);
    const policy = this.options.relayPolicy ?? PROXY_RELAY_POLICY;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wakeReconnect = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    this.reconnecting = (async () => {
      // A reservation made at start needs no retry.
      await sleep(0);
      while (!this.stopped && !this.relayed) {
        for (let attempt = 1; attempt <= policy.attempts && !this.stopped; attempt++) {
          try {
            const listener = this.circuitListener();
            if (!listener) throw new Error('the node has no relay listener');
            await listener.listen(relay);
            this.options.log(`reserved a slot on the relay ${this.options.relay}`);
            return;
          } catch (error) {
            this.options.log(
              `relay attempt ${attempt} of ${policy.attempts} failed: ${(error as Error).message}`,
            );
          }
          if (attempt < policy.attempts) await sleep(policy.intervalMs);
        }
        if (this.stopped) return;
        this.options.log(
          `the relay cannot be reached; trying again in ${Math.round(policy.pauseMs / 60_000)} min`,
        );
        await sleep(policy.pauseMs);
      }
    })().finally(() => {
      this.reconnecting = undefined;
      this.wakeReconnect = undefined;
      this.addressesMaybeChanged();
    });
  }

  private async welcome(peer: PeerId): Promise<void> {
    for (const delay of WELCOME_RETRIES_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.stopped || this.lastUpdate === undefined) return;
      if (this.node.getConnections(peer).length === 0) return;
      if (await this.sendUpdate(peer, this.lastUpdate)) return;
    }
  }

  /** One /update stream; true when the peer took the message. */
  private async sendUpdate(peer: PeerId, body: unknown): Promise<boolean> {
    let stream: Awaited<ReturnType<Node['dialProtocol']>> | undefined;
    try {
      stream = await this.node.dialProtocol(peer, UPDATE_PROTOCOL, {
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
        runOnLimitedConnection: true,
      });
      await writeJson(stream, body, {
        maxBytes: MAX_UPDATE_BYTES,
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
      });
      // The app answers {"result": true} once it could decrypt; no answer is no failure here.
      await readJson(stream, {
        maxBytes: 64 * 1024,
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
      }).catch(() => undefined);
      await stream.close().catch(() => {});
      return true;
    } catch (error) {
      stream?.abort(error as Error);
      if (!this.stopped) {
        this.options.log(`/update to ${peer.toString()} failed: ${(error as Error).message}`);
      }
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeReconnect?.();
    await this.reconnecting;
    await this.node.stop();
  }
}
