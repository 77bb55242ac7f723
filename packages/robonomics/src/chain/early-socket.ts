import type { RpcSend } from './first-data.ts';

/** A JSON-RPC request: method and parameters. */
export type RpcRequest = readonly [method: string, params: readonly unknown[]];

/**
 * A WebSocket to the node opened by a tiny script in the page's head, before the app's own
 * scripts are even downloaded: the first reads go out at once and their answers wait here until
 * the app asks for them (docs/first-data.md).
 */
export interface EarlySocket {
  readonly endpoint: string;
  /**
   * The answer of a request sent at the start when the same method and parameters are asked
   * (each such answer is handed out once), else a new request on this socket.
   */
  send: RpcSend;
  /** Closes the socket; requests still waiting are rejected. */
  close(): void;
}

/** What the early socket needs of a WebSocket: the browser's, or `ws` in Node. */
export interface MinimalWebSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface EarlySocketOptions {
  /** Sent as soon as the socket opens, in this order. */
  requests: readonly RpcRequest[];
  /** The socket gives up (and rejects what waits) after this long; the app reads on its own then. */
  timeoutMs?: number;
  createSocket?: (endpoint: string) => MinimalWebSocket;
  /** Called once when the socket opens. */
  onOpen?: () => void;
}

const OPEN = 1;
const keyOf = (method: string, params: readonly unknown[]) => `${method}:${JSON.stringify(params)}`;

/**
 * Opens a socket to `endpoint` and sends `requests` the moment it opens. Never throws: a socket
 * that cannot be opened rejects the answers, and the app then reads through its own connection.
 */
export function openEarlySocket(
  endpoint: string,
  {
    requests,
    timeoutMs = 10_000,
    createSocket = (url) => new WebSocket(url) as unknown as MinimalWebSocket,
    onOpen,
  }: EarlySocketOptions,
): EarlySocket {
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const queued: string[] = [];
  const early = new Map<string, Promise<unknown>>();
  let nextId = 1;
  let closed = false;
  let socket: MinimalWebSocket | null = null;

  const fail = (reason: string) => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    const error = new Error(reason);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    try {
      socket?.close();
    } catch {
      // Already closing.
    }
  };

  const request = (method: string, params: readonly unknown[]): Promise<unknown> => {
    if (closed) return Promise.reject(new Error('The early connection is closed.'));
    const id = nextId++;
    const message = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
    if (socket?.readyState === OPEN) socket.send(message);
    else queued.push(message);
    return answer;
  };

  const timer = setTimeout(() => fail('The node did not answer in time.'), timeoutMs);
  try {
    socket = createSocket(endpoint);
  } catch {
    fail('The node could not be reached.');
  }
  if (socket) {
    socket.onopen = () => {
      onOpen?.();
      for (const message of queued.splice(0)) socket?.send(message);
    };
    socket.onmessage = ({ data }) => {
      let reply: { id?: unknown; result?: unknown; error?: { message?: unknown } };
      try {
        reply = JSON.parse(String(data));
      } catch {
        return;
      }
      const entry = typeof reply.id === 'number' ? waiting.get(reply.id) : undefined;
      if (!entry) return;
      waiting.delete(reply.id as number);
      if (reply.error) entry.reject(new Error(String(reply.error.message ?? 'RPC error')));
      else entry.resolve(reply.result);
    };
    socket.onclose = () => fail('The connection to the node closed.');
    socket.onerror = () => fail('The node could not be reached.');
  }

  for (const [method, params] of requests) {
    const answer = request(method, params);
    // Unclaimed answers must not surface as unhandled rejections.
    answer.catch(() => {});
    early.set(keyOf(method, params), answer);
  }

  return {
    endpoint,
    send(method, params) {
      const key = keyOf(method, params);
      const answer = early.get(key);
      if (answer) {
        early.delete(key);
        return answer;
      }
      return request(method, params);
    },
    close() {
      fail('The early connection is closed.');
    },
  };
}
