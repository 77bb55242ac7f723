import { WebSocket } from 'ws';

// A bare JSON-RPC WebSocket client for tests that need to see the wire: every frame the server
// sends, in order, with no client library smoothing it over.

export interface RpcReply {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export class RawRpc {
  readonly socket: WebSocket;
  /** Frames received and not yet taken, oldest first. */
  readonly #inbox: unknown[] = [];
  #waiters: (() => void)[] = [];
  #nextId = 1;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      this.#inbox.push(JSON.parse(data.toString()));
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Opens a connection; `origin` sets the Origin header as a browser page would. */
  static open(url: string, origin?: string): Promise<RawRpc> {
    // A zero masking key: the client sends large frames without spending time masking them,
    // so what a test measures is the server's work.
    const socket = new WebSocket(url, {
      ...(origin ? { origin } : {}),
      generateMask: (mask: Buffer) => mask.fill(0),
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawRpc(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`refused with HTTP ${res.statusCode}`)),
      );
    });
  }

  /** Sends text as one frame. */
  sendRaw(text: string | Buffer): void {
    this.socket.send(text);
  }

  /** The next frame received (waits for it). */
  async next(timeoutMs = 30_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    while (this.#inbox.length === 0) {
      if (this.socket.readyState !== WebSocket.OPEN) throw new Error('the connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no frame in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const onClose = () => resolve();
        this.socket.once('close', onClose);
        this.#waiters.push(() => {
          clearTimeout(timer);
          this.socket.off('close', onClose);
          resolve();
        });
      });
    }
    return this.#inbox.shift();
  }

  /** The next frame that is not a subscription notification (a reply or a batch of them). */
  async nextReply(): Promise<unknown> {
    for (;;) {
      const frame = await this.next();
      const isNotification =
        frame !== null &&
        typeof frame === 'object' &&
        !Array.isArray(frame) &&
        'method' in frame &&
        !('id' in frame);
      if (!isNotification) return frame;
    }
  }

  /** The next frame that is a reply with `id` (notifications before it are skipped). */
  async reply(id: unknown): Promise<RpcReply> {
    for (;;) {
      const frame = (await this.next()) as RpcReply;
      if (!Array.isArray(frame) && frame && 'id' in frame && frame.id === id) return frame;
    }
  }

  /** Calls a method and waits for its reply. */
  async call(method: string, params: unknown[] = []): Promise<RpcReply> {
    const id = this.#nextId++;
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return this.reply(id);
  }

  close(): void {
    this.socket.terminate();
  }
}
