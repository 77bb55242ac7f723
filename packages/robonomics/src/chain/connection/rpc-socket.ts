/**
 * A plain JSON-RPC connection to a node over one WebSocket, without the chain client: requests
 * given at the start go out the moment it opens and their answers wait until they are asked for.
 * The page's first script reads the dashboard's first data through it before the app's own
 * scripts have arrived (docs/first-data.md); the service worker reads reminders through it, and
 * the second opinion asks a second node through it.
 */
import { isMessageOver, MessageTooLargeError } from '../../http/bounded-message.ts';

/** A JSON-RPC call: method and parameters in, the result out. */
export type RpcSend = (method: string, params: unknown[]) => Promise<unknown>;

/** A JSON-RPC request: method and parameters. */
export type RpcRequest = readonly [method: string, params: readonly unknown[]];

export interface RpcSocket {
  readonly endpoint: string;
  /**
   * The answer of a request sent at the start when the same method and parameters are asked
   * (each such answer is handed out once), else a new request on this socket.
   */
  send: RpcSend;
  /** Closes the socket; requests still waiting are rejected. */
  close(): void;
}

/** What the socket needs of a WebSocket: the browser's, or `ws` in Node. */
export interface MinimalWebSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/**
 * The largest message the socket takes by default: the storage values, headers and block hashes
 * the second opinion and the reminders read are a few KB at most (a device list of 32 accounts is
 * about 2 KB of hex). The metadata is larger; the first reads, which ask for it, set their own.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

export interface RpcSocketOptions {
  /** Sent as soon as the socket opens, in this order; their answers are kept until asked for. */
  requests: readonly RpcRequest[];
  /** The socket gives up (and rejects what waits) after this long. */
  timeoutMs?: number;
  /**
   * A message over this many bytes closes the socket and rejects what waits, with a
   * MessageTooLargeError, before it is parsed (default DEFAULT_MAX_MESSAGE_BYTES).
   */
  maxMessageBytes?: number;
  /**
   * The socket for `endpoint`. A browser's WebSocket hands over whole messages only; a Node one
   * (`ws`) can stop reading at the frame's header when it is given `maxMessageBytes`
   * (`maxPayload`), so that such a message is never held at all.
   */
  createSocket?: (endpoint: string, maxMessageBytes: number) => MinimalWebSocket;
  /** Called once when the socket opens. */
  onOpen?: () => void;
  /**
   * Called once when a socket that had opened is closed by the other side or the network (not by
   * `close()` or the timeout): a drop.
   */
  onDrop?: () => void;
}

const OPEN = 1;
/** What `ws` (Node) reports when a message passes its `maxPayload`. */
const WS_PAYLOAD_ERROR = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
/** One request's identity: its method and parameters (the same request asked twice is one key). */
export const requestKey = (method: string, params: readonly unknown[]) =>
  `${method}:${JSON.stringify(params)}`;

/**
 * Opens a socket to `endpoint` and sends `requests` the moment it opens. Never throws: a socket
 * that cannot be opened rejects the answers.
 */
export function openRpcSocket(
  endpoint: string,
  {
    requests,
    timeoutMs = 10_000,
    maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
    createSocket = (url) => new WebSocket(url) as unknown as MinimalWebSocket,
    onOpen,
    onDrop,
  }: RpcSocketOptions,
): RpcSocket {
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const queued: string[] = [];
  /** The answers of `requests`, until each is asked for. */
  const kept = new Map<string, Promise<unknown>>();
  let nextId = 1;
  let closed = false;
  let opened = false;
  let socket: MinimalWebSocket | null = null;

  const fail = (reason: string | Error) => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    const error = typeof reason === 'string' ? new Error(reason) : reason;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    try {
      socket?.close();
    } catch {
      // Already closing.
    }
  };

  const request = (method: string, params: readonly unknown[]): Promise<unknown> => {
    if (closed) return Promise.reject(new Error('The connection is closed.'));
    const id = nextId++;
    const message = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
    if (socket?.readyState === OPEN) socket.send(message);
    else queued.push(message);
    return answer;
  };

  const timer = setTimeout(() => fail('The node did not answer in time.'), timeoutMs);
  try {
    socket = createSocket(endpoint, maxMessageBytes);
  } catch {
    fail('The node could not be reached.');
  }
  if (socket) {
    socket.onopen = () => {
      opened = true;
      onOpen?.();
      for (const message of queued.splice(0)) socket?.send(message);
    };
    const dropped = (reason: string | Error) => {
      const drop = opened && !closed;
      fail(reason);
      if (drop) onDrop?.();
    };
    socket.onmessage = ({ data }) => {
      // Measured before anything else: an answer over the bound is not parsed, and the socket
      // that brought it is not used again.
      if (isMessageOver(data, maxMessageBytes)) {
        dropped(new MessageTooLargeError(maxMessageBytes));
        return;
      }
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
    socket.onclose = () => dropped('The connection to the node closed.');
    socket.onerror = (event) => {
      const code = (event as { error?: { code?: unknown } } | null)?.error?.code;
      dropped(
        code === WS_PAYLOAD_ERROR
          ? new MessageTooLargeError(maxMessageBytes)
          : 'The node could not be reached.',
      );
    };
  }

  for (const [method, params] of requests) {
    const answer = request(method, params);
    // Unclaimed answers must not surface as unhandled rejections.
    answer.catch(() => {});
    kept.set(requestKey(method, params), answer);
  }

  return {
    endpoint,
    send(method, params) {
      const key = requestKey(method, params);
      const answer = kept.get(key);
      if (answer) {
        kept.delete(key);
        return answer;
      }
      return request(method, params);
    },
    close() {
      fail('The connection is closed.');
    },
  };
}
