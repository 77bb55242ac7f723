import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { identify } from '@libp2p/identify';
import type { Connection, PrivateKey } from '@libp2p/interface';
import { FaultTolerance } from '@libp2p/interface';
import { mplex } from '@libp2p/mplex';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import {
  type Framing,
  JsonStreamError,
  readJsonMessage,
  writeJsonMessage,
} from '@robonomics-dapp/robonomics/p2p/json-stream';
import { MPLEX_OPTIONS } from '@robonomics-dapp/robonomics/p2p/mplex-options';
import { createLibp2p } from 'libp2p';
import './node20.ts';

/**
 * The libp2p side of the home's proxy (see docs/libp2p.md): a node with the home's stable peer
 * key that reserves a slot on the relay (and listens directly on request), answers the protocols
 * its WebSocket clients listen to, and sends their messages to connected peers. Its generation
 * decides the stream multiplexer and the framing: `legacy` is the proxy Home Assistant homes run
 * (mplex only, raw JSON to the end of the stream), `current` the newer style (yamux only, JSON
 * with a varint length prefix).
 */

export type ProxyGeneration = 'legacy' | 'current';
export const proxyGenerations: readonly ProxyGeneration[] = ['legacy', 'current'];

/** How each generation multiplexes and frames. */
export const GENERATION_FRAMING: Record<ProxyGeneration, Framing> = {
  legacy: 'raw',
  current: 'length-prefixed',
};

/** Largest message the proxy reads from a peer (a /call is a sender and a boxed command). */
export const MAX_INBOUND_BYTES = 1024 * 1024;
/** Largest message it sends (an /update is a states envelope without history). */
export const MAX_OUTBOUND_BYTES = 8 * 1024 * 1024;
/** Time a peer has to send its whole message, or to answer one. */
const STREAM_TIMEOUT_MS = 10_000;

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

/** What a peer sent on a protocol: its JSON, or the text of a body that is not JSON. */
export type InboundBody = { json: unknown } | { text: string };

/** What became of one message sent to one connection: 'ok' or the error's message. */
export type SendOutcome = 'ok' | string;

export interface ProxyNodeOptions {
  generation: ProxyGeneration;
  host: string;
  /** Also listen directly on this port; no direct address without it. */
  directPort?: number;
  /** The relay to reserve a slot on: /ip4/…/tcp/…/ws/p2p/<relay id>. */
  relay?: string;
  relayPolicy?: RelayPolicy;
  privateKey: PrivateKey;
  /** A peer other than the relay connected. */
  onPeerConnect?(peer: string): void;
  /** The announced addresses changed (a reservation made or lost, a listener up). */
  onAddresses?(addresses: string[]): void;
  log(message: string): void;
}

type Node = Awaited<ReturnType<typeof createLibp2p>>;

/** The parts of a transport listener this module uses (libp2p's Listener interface). */
interface CircuitListener {
  listen(address: ReturnType<typeof multiaddr>): Promise<void>;
  getAddrs(): ReturnType<typeof multiaddr>[];
}

const isCircuit = (address: string) => address.includes('/p2p-circuit');

export class ProxyNode {
  private stopped = false;
  private announced: string[] = [];
  private reconnecting: Promise<void> | undefined;
  private wakeReconnect: (() => void) | undefined;
  private readonly relayPeer: string | undefined;
  private readonly listened = new Set<string>();
  readonly framing: Framing;

  private constructor(
    private readonly node: Node,
    private readonly options: ProxyNodeOptions,
  ) {
    this.relayPeer = options.relay?.split('/p2p/').at(-1);
    this.framing = GENERATION_FRAMING[options.generation];
  }

  static async start(options: ProxyNodeOptions): Promise<ProxyNode> {
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
      // One multiplexer each: what the generation's peers can negotiate and nothing else.
      streamMuxers: [options.generation === 'legacy' ? mplex(MPLEX_OPTIONS) : yamux()],
      services: { identify: identify() },
      // A relay that is down at start is retried below; it must not stop the node starting.
      transportManager: { faultTolerance: FaultTolerance.NO_FATAL },
    });
    const proxy = new ProxyNode(node, options);
    node.addEventListener('peer:connect', (event) => {
      const peer = event.detail.toString();
      if (peer !== proxy.relayPeer) options.onPeerConnect?.(peer);
    });
    node.addEventListener('self:peer:update', () => proxy.addressesMaybeChanged());
    node.addEventListener('connection:close', () => {
      // The reservation store drops the relay's addresses on the same event; look afterwards.
      setTimeout(() => proxy.ensureRelay(), 0);
    });
    proxy.addressesMaybeChanged();
    proxy.ensureRelay();
    return proxy;
  }

  get generation(): ProxyGeneration {
    return this.options.generation;
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

  /** Whether the node answers `protocol` now. */
  isListening(protocol: string): boolean {
    return this.listened.has(protocol);
  }

  /**
   * Answers `protocol`: reads one message in the generation's framing, acknowledges it with
   * {"result": true} as soon as it is read (also when it is not JSON), then hands it on. The
   * acknowledgement says "the proxy has it", never "Home Assistant did it".
   */
  async listen(
    protocol: string,
    onMessage: (body: InboundBody, remotePeer: string) => void,
  ): Promise<void> {
    if (this.listened.has(protocol)) return;
    this.listened.add(protocol);
    await this.node.handle(
      protocol,
      async (stream, connection) => {
        const remote = connection.remotePeer.toString();
        let body: InboundBody;
        try {
          body = {
            json: await readJsonMessage(stream, this.framing, {
              maxBytes: MAX_INBOUND_BYTES,
              signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
            }),
          };
        } catch (error) {
          if (!(error instanceof JsonStreamError && error.reason === 'bad-json')) {
            this.options.log(
              `${protocol} from ${remote} could not be read: ${(error as Error).message}`,
            );
            stream.abort(error as Error);
            return;
          }
          body = { text: error.text ?? '' };
        }
        try {
          await writeJsonMessage(
            stream,
            this.framing,
            { result: true },
            {
              signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
            },
          );
          await stream.close();
        } catch (error) {
          stream.abort(error as Error);
        }
        onMessage(body, remote);
      },
      { runOnLimitedConnection: true },
    );
  }

  /** Stops answering `protocol`: peers then fail to negotiate it. */
  async unlisten(protocol: string): Promise<void> {
    if (!this.listened.delete(protocol)) return;
    await this.node.unhandle(protocol);
  }

  /**
   * Sends `data` on `protocol` over every open connection but the relay's, as the proxy does
   * for a message with no `serverPeerId`: one outcome per connection.
   */
  async broadcast(protocol: string, data: unknown): Promise<SendOutcome[]> {
    const connections = this.node
      .getConnections()
      .filter((c) => c.remotePeer.toString() !== this.relayPeer);
    return Promise.all(connections.map((c) => this.sendOn(c, protocol, data)));
  }

  /**
   * Sends `data` to one peer: over its open connection, or dialled through the relay as the
   * proxy does. Null when the peer cannot be reached.
   */
  async sendTo(peer: string, protocol: string, data: unknown): Promise<SendOutcome | null> {
    let connection = this.node.getConnections().find((c) => c.remotePeer.toString() === peer);
    if (!connection && this.options.relay) {
      try {
        connection = await this.node.dial(
          multiaddr(`${this.options.relay}/p2p-circuit/p2p/${peer}`),
          { signal: AbortSignal.timeout(STREAM_TIMEOUT_MS) },
        );
      } catch (error) {
        this.options.log(
          `${peer} cannot be reached through the relay: ${(error as Error).message}`,
        );
        return null;
      }
    }
    return connection ? this.sendOn(connection, protocol, data) : null;
  }

  /** One stream: the message, then whatever the peer answers (no answer is no failure). */
  private async sendOn(
    connection: Connection,
    protocol: string,
    data: unknown,
  ): Promise<SendOutcome> {
    if (connection.status !== 'open') return 'ok';
    let stream: Awaited<ReturnType<Connection['newStream']>> | undefined;
    try {
      stream = await connection.newStream(protocol, {
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
        runOnLimitedConnection: true,
      });
      await writeJsonMessage(stream, this.framing, data, {
        maxBytes: MAX_OUTBOUND_BYTES,
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
      });
      await readJsonMessage(stream, this.framing, {
        maxBytes: 64 * 1024,
        signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
      }).catch(() => undefined);
      await stream.close().catch(() => {});
      return 'ok';
    } catch (error) {
      stream?.abort(error as Error);
      const message = (error as Error).message;
      if (!this.stopped) {
        this.options.log(`${protocol} to ${connection.remotePeer.toString()} failed: ${message}`);
      }
      return message;
    }
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

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeReconnect?.();
    await this.reconnecting;
    await this.node.stop();
  }
}
