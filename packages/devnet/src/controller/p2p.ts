import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { identify } from '@libp2p/identify';
import { webSockets } from '@libp2p/websockets';
import { readJson, writeJson } from '@robonomics-dapp/robonomics/p2p/lp-json';
import { createLibp2p } from 'libp2p';
import './node20.ts';
import type { PrivateKey } from './peer-key.ts';

/**
 * The controller's libp2p node, speaking what the app speaks (interop §5.3–§5.4): websockets,
 * noise, yamux, identify; one uvarint-length-prefixed JSON request and one reply per stream.
 * It answers `/call` and opens `/update` streams towards every connected peer.
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

export type CallReply = { result: true } | { result: false; error: string };

export interface P2pOptions {
  host: string;
  port: number;
  privateKey: PrivateKey;
  /** Handles a /call request body; the reply goes back on the same stream. */
  onCall(body: unknown, remotePeer: string): Promise<CallReply>;
  log(message: string): void;
}

type Node = Awaited<ReturnType<typeof createLibp2p>>;
type PeerId = Node['peerId'];

export class P2pNode {
  private lastUpdate: unknown;
  private stopped = false;

  private constructor(
    private readonly node: Node,
    private readonly options: P2pOptions,
  ) {}

  static async start(options: P2pOptions): Promise<P2pNode> {
    const node = await createLibp2p({
      privateKey: options.privateKey,
      addresses: { listen: [`/ip4/${options.host}/tcp/${options.port}/ws`] },
      transports: [webSockets()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: { identify: identify() },
    });
    const p2p = new P2pNode(node, options);
    await node.handle(
      CALL_PROTOCOL,
      async (stream, connection) => {
        let reply: CallReply;
        try {
          const body = await readJson(stream, {
            maxBytes: MAX_CALL_BYTES,
            signal: AbortSignal.timeout(STREAM_TIMEOUT_MS),
          });
          reply = await options.onCall(body, connection.remotePeer.toString());
        } catch (error) {
          reply = { result: false, error: (error as Error).message };
        }
        try {
          await writeJson(stream, reply, { signal: AbortSignal.timeout(STREAM_TIMEOUT_MS) });
          await stream.close();
        } catch (error) {
          stream.abort(error as Error);
        }
      },
      { runOnLimitedConnection: true },
    );
    node.addEventListener('peer:connect', (event) => {
      void p2p.welcome(event.detail);
    });
    return p2p;
  }

  get peerId(): string {
    return this.node.peerId.toString();
  }

  /** The listening port (the configured one, or the one the OS chose for port 0). */
  get port(): number {
    for (const address of this.node.getMultiaddrs()) {
      const tcp = address.getComponents().find((c) => c.name === 'tcp');
      if (tcp?.value) return Number(tcp.value);
    }
    return this.options.port;
  }

  /** Where the app dials: /ip4/<host>/tcp/<port>/ws/p2p/<peer id>. */
  get multiaddr(): string {
    return `/ip4/${this.options.host}/tcp/${this.port}/ws/p2p/${this.peerId}`;
  }

  /** Peers with an open connection now. */
  connectedPeers(): string[] {
    return this.node.getPeers().map((peer) => peer.toString());
  }

  /**
   * Sends an /update body to every connected peer and keeps it for peers that connect later
   * (the proxy's save_data). Resolves when every peer answered or gave up.
   */
  async broadcast(body: unknown): Promise<void> {
    this.lastUpdate = body;
    await Promise.all(this.node.getPeers().map((peer) => this.sendUpdate(peer, body)));
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
      this.options.log(`/update to ${peer.toString()} failed: ${(error as Error).message}`);
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.node.stop();
  }
}
