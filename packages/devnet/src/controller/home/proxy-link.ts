import { WebSocket } from 'ws';

/**
 * Home Assistant's link to its libp2p proxy, as the integration's client keeps it (see
 * docs/libp2p.md, "The proxy's WebSocket protocol"): a WebSocket to the proxy that is opened
 * again every 5 s while it is down, so the proxy may start after Home Assistant or restart; on
 * each connection it says which protocols it listens to. It learns the proxy's peer id and
 * addresses from the proxy's hello, receives what peers send on those protocols, and sends
 * messages to peers through the proxy.
 */

/** The integration's client reconnects every 5 s. */
export const RECONNECT_MS = 5_000;
/** Largest frame taken from the proxy. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export interface ProxyHello {
  peerId: string;
  addresses: string[];
}

export interface ProxyLinkOptions {
  url: string;
  /** The libp2p protocols Home Assistant listens to (`/call`). */
  protocols: readonly string[];
  /** The proxy's peer id and addresses, on each hello. */
  onHello(hello: ProxyHello): void;
  /** What a peer sent on one of `protocols`: the message's `data`, as the integration takes it. */
  onMessage(protocol: string, data: unknown): void;
  /** The proxy's word on a send: "ok" or an error message. */
  onFeedback?(feedback: string): void;
  reconnectMs?: number;
  log(message: string): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class ProxyLink {
  private socket: WebSocket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private enabled = true;
  private hello: ProxyHello | undefined;
  private helloWaiters: (() => void)[] = [];
  private wasDown = false;

  constructor(private readonly options: ProxyLinkOptions) {
    this.open();
  }

  /** The proxy's last hello, once one came. */
  get lastHello(): ProxyHello | undefined {
    return this.hello;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Resolves at the first hello, or after `ms` whatever happened. */
  helloWithin(ms: number): Promise<void> {
    if (this.hello) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.helloWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * Sends `data` on a libp2p protocol: to `peer`, or to every connected peer; `save` keeps it
   * for peers that connect later. False when the proxy is not connected (nothing is queued).
   */
  send(protocol: string, data: unknown, { save = false, peer = '' } = {}): boolean {
    if (!this.connected) return false;
    this.socket!.send(JSON.stringify({ protocol, serverPeerId: peer, save_data: save, data }));
    return true;
  }

  /** Drops the link and keeps it down (false) or lets it reconnect (true): a devnet lever. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.socket?.terminate();
      this.socket = undefined;
    } else if (!this.socket && !this.timer) {
      this.open();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.terminate();
    for (const wake of this.helloWaiters.splice(0)) wake();
  }

  private open(): void {
    if (this.stopped || !this.enabled) return;
    const socket = new WebSocket(this.options.url, { maxPayload: MAX_FRAME_BYTES });
    this.socket = socket;
    socket.on('open', () => {
      if (this.wasDown) this.options.log(`linked to the proxy at ${this.options.url} again`);
      this.wasDown = false;
      socket.send(JSON.stringify({ protocols_to_listen: this.options.protocols }));
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        this.options.log('the proxy sent a frame that is not JSON');
        return;
      }
      if (isObject(message)) this.receive(message);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped || !this.enabled) return;
      if (!this.wasDown) {
        this.options.log(`the proxy at ${this.options.url} is not reachable; retrying every 5 s`);
      }
      this.wasDown = true;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.open();
      }, this.options.reconnectMs ?? RECONNECT_MS);
    });
  }

  private receive(message: Record<string, unknown>): void {
    if (typeof message.peerId === 'string' && Array.isArray(message.multiAddresses)) {
      this.hello = {
        peerId: message.peerId,
        addresses: message.multiAddresses.filter((a): a is string => typeof a === 'string'),
      };
      for (const wake of this.helloWaiters.splice(0)) wake();
      this.options.onHello(this.hello);
      return;
    }
    const protocol = message.protocol;
    if (protocol === '/feedback') {
      const feedback = isObject(message.data) ? message.data.feedback : undefined;
      if (typeof feedback === 'string') this.options.onFeedback?.(feedback);
      return;
    }
    if (typeof protocol === 'string' && this.options.protocols.includes(protocol)) {
      this.options.onMessage(protocol, message.data);
    }
  }
}
