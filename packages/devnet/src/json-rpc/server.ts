import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import {
  BodyTooLargeError,
  closeAfterAnswer,
  createBoundedServer,
  readBody,
  refuseLargeBody,
  skipBody,
} from '../http/limits.ts';
import {
  corsGate,
  DEFAULT_APP_ORIGINS,
  FOREIGN_ORIGIN_TEXT,
  isAllowedOrigin,
  originOf,
} from '../http/origins.ts';
import { answerFrame, errorReply } from './frames.ts';
import {
  answerRequest,
  type ClientConnection,
  isDevMethod,
  type MethodHandler,
  type RequestContext,
} from './request.ts';

/** Bounds of a JSON-RPC server (a node's defaults where it has one; see docs/security.md). */
export interface JsonRpcLimits {
  /** Open WebSocket connections, and HTTP requests in progress (--rpc-max-connections 100). */
  maxConnections: number;
  /** Subscriptions per connection (--rpc-max-subscriptions-per-connection 1024). */
  maxSubscriptionsPerConnection: number;
  /** Frames of one connection being worked on at once; past it the connection is not read. */
  maxPendingPerConnection: number;
  /** Requests in one batch. */
  maxBatchLength: number;
  /** Largest WebSocket frame, and largest HTTP body. */
  maxFrameBytes: number;
  /**
   * Frames above this size may carry one request with one large parameter (an extrinsic, a
   * storage value), not thousands of values: parsing those would hold up every other client.
   */
  largeFrameBytes: number;
  /** A connection whose client does not read its notifications is closed past this backlog. */
  maxBufferedBytes: number;
}

export const DEFAULT_JSON_RPC_LIMITS: JsonRpcLimits = {
  maxConnections: 100,
  maxSubscriptionsPerConnection: 1024,
  maxPendingPerConnection: 64,
  maxBatchLength: 1000,
  maxFrameBytes: 16 * 1024 * 1024,
  largeFrameBytes: 1024 * 1024,
  maxBufferedBytes: 32 * 1024 * 1024,
};

/** The answer to a subscription started on more than the allowed number of a connection's. */
export function tooManySubscriptions(limit: number) {
  return {
    code: -32006,
    message: 'Too many subscriptions on the connection',
    data: `Exceeded max limit of ${limit}`,
  };
}

/** The answer to a subscription asked for over HTTP, which has no way to send notifications. */
export const SUBSCRIPTION_OVER_HTTP = {
  code: -32600,
  message: 'Invalid request',
  data: 'subscriptions need a WebSocket connection',
};

export interface JsonRpcServerOptions<S> {
  host: string;
  port: number;
  /** Page origins allowed to connect (tools without an Origin header always may). */
  allowedOrigins?: readonly string[];
  limits?: Partial<JsonRpcLimits>;
  /** The engine's methods, by name. */
  methods: ReadonlyMap<string, MethodHandler<S>>;
  /** What the engine keeps for a new connection (an HTTP request is a connection of its own). */
  openSession(connection: ClientConnection): S;
  /** The connection closed (or the HTTP request was answered): end its subscriptions. */
  closeSession(session: S): void;
  /** Which methods only tools and the app's origins may call (dev_* by default). */
  isDevMethod?: (method: string) => boolean;
}

export interface JsonRpcServer {
  /** ws://host:port (the same port answers HTTP POST). */
  url: string;
  port: number;
  /** Open WebSocket connections (for tests of the limits). */
  readonly connectionCount: number;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The bodies a polkadot-sdk node (jsonrpsee) takes as JSON-RPC; others are answered 415. */
const JSON_RPC_CONTENT_TYPES = new Set(['application/json', 'application/json-rpc']);

function answerHttp(res: ServerResponse, status: number, text: string, type = JSON_TYPE) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** What the HTTP and WebSocket sides of one server share. */
interface Served<S> {
  options: JsonRpcServerOptions<S>;
  limits: JsonRpcLimits;
  allowedOrigins: readonly string[];
  context(session: S, connection: ClientConnection): RequestContext<S>;
}

const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * One HTTP POST: the same origin gate as the WebSocket (403 for other pages, CORS and preflights
 * for the app), POST of a JSON body only, the body bounded, requests in progress bounded; the
 * request or batch runs as a connection of its own.
 */
async function serveHttpPost<S>(
  served: Served<S>,
  inProgress: { count: number },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { limits, allowedOrigins, options } = served;
  if (!corsGate(req, res, { origins: allowedOrigins, methods: 'POST, OPTIONS' })) return;
  if (req.method !== 'POST') {
    skipBody(req, res);
    res.setHeader('allow', 'POST, OPTIONS');
    const text =
      'Used HTTP Method is not allowed. POST or OPTIONS is required (or a WebSocket upgrade)\n';
    answerHttp(res, 405, text, TEXT_TYPE);
    return;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_RPC_CONTENT_TYPES.has(type)) {
    skipBody(req, res);
    const text =
      'Supplied content type is not allowed. Content-Type: application/json is required\n';
    answerHttp(res, 415, text, TEXT_TYPE);
    return;
  }
  const bodyTooLarge = errorReply(null, -32600, 'Request is too big');
  const tooBig = () => ({ contentType: JSON_TYPE, text: JSON.stringify(bodyTooLarge) });
  if (refuseLargeBody(req, res, limits.maxFrameBytes, tooBig)) return;
  if (inProgress.count >= limits.maxConnections) {
    skipBody(req, res);
    answerHttp(res, 429, 'Too many connections. Please try again later.\n', TEXT_TYPE);
    return;
  }
  inProgress.count += 1;
  try {
    let body: Buffer;
    try {
      body = await readBody(req, limits.maxFrameBytes);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      closeAfterAnswer(req, res);
      answerHttp(res, 413, JSON.stringify(bodyTooLarge));
      return;
    }
    const origin = originOf(req);
    const connection: ClientConnection = {
      origin,
      devAllowed: isAllowedOrigin(origin, allowedOrigins),
      transport: 'http',
      send: () => {},
    };
    const session = options.openSession(connection);
    let reply: string | null;
    try {
      reply = await answerFrame(body, limits, (request) =>
        answerRequest(request, served.context(session, connection)),
      );
    } finally {
      options.closeSession(session);
    }
    // Notifications only: nothing to answer.
    if (reply === null) res.writeHead(204).end();
    else answerHttp(res, 200, reply);
  } finally {
    inProgress.count -= 1;
  }
}

/**
 * One WebSocket connection, past the origin gate: its session, its frames taken up in arrival
 * order (at most `maxPendingPerConnection` at once; beyond that the connection is not read until
 * one is done), and a client that stops reading dropped.
 */
function serveWebSocket<S>(served: Served<S>, ws: WebSocket, origin: string | undefined): void {
  const { limits, allowedOrigins, options } = served;
  const connection: ClientConnection = {
    origin,
    // The origin gate already refused other pages; dev_* stay with tools and the app.
    devAllowed: isAllowedOrigin(origin, allowedOrigins),
    transport: 'websocket',
    send: (text) => {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (ws.bufferedAmount > limits.maxBufferedBytes) {
        // The client stopped reading: drop it rather than hold its backlog.
        ws.terminate();
        return;
      }
      ws.send(text);
    },
  };
  const session = options.openSession(connection);
  const ctx = served.context(session, connection);
  let pending = 0;
  /** Frames read while `maxPendingPerConnection` were in progress, in arrival order. */
  const waiting: Buffer[] = [];
  const answer = (bytes: Buffer) => {
    pending += 1;
    answerFrame(bytes, limits, (request) => answerRequest(request, ctx))
      .then(
        (reply) => {
          if (reply !== null) connection.send(reply);
        },
        (error: unknown) => {
          console.error('devnet: a JSON-RPC frame failed:', error);
          connection.send(JSON.stringify(errorReply(null, -32603, 'Internal error')));
        },
      )
      .finally(() => {
        pending -= 1;
        const next = waiting.shift();
        if (next) answer(next);
        else if (ws.isPaused) ws.resume();
      });
  };
  ws.on('error', () => ws.terminate());
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (pending < limits.maxPendingPerConnection) {
      answer(bytes);
      return;
    }
    // Backpressure, as a node's server applies it: the connection is read no further until a
    // frame is answered. What was already read waits its turn; it is at most one read's worth.
    waiting.push(bytes);
    ws.pause();
  });
  ws.on('close', () => {
    waiting.length = 0;
    options.closeSession(session);
  });
}

/** Refuses a WebSocket upgrade with an HTTP status and a line of text. */
function refuseUpgrade(socket: Socket, status: string, text: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: ${TEXT_TYPE}\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/**
 * Substrate's JSON-RPC on one port, as a polkadot-sdk node serves it: over WebSocket (with
 * subscriptions) and over HTTP POST (one request or batch per body), for both chain engines of the
 * devnet. A node's answers at its edges: method tables that are Maps (no inherited names),
 * notifications (no id) neither run nor answered, anything that is not a request object answered
 * -32600 with id null, an empty batch refused once, and bounded connections, frames, bodies and
 * batches. Pages may use it only from the app's origins; dev_* methods answer only tools and the
 * app.
 */
export async function startJsonRpcServer<S>(
  options: JsonRpcServerOptions<S>,
): Promise<JsonRpcServer> {
  const limits: JsonRpcLimits = { ...DEFAULT_JSON_RPC_LIMITS, ...options.limits };
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const devMethod = options.isDevMethod ?? isDevMethod;
  const served: Served<S> = {
    options,
    limits,
    allowedOrigins,
    context: (session, connection) => ({
      methods: options.methods,
      session,
      connection,
      isDevMethod: devMethod,
    }),
  };
  const sockets = new Set<WebSocket>();
  const httpInProgress = { count: 0 };

  const http = createBoundedServer((req, res) => {
    serveHttpPost(served, httpInProgress, req, res).catch((error: unknown) => {
      console.error('devnet: a JSON-RPC request over HTTP failed:', error);
      if (!res.headersSent)
        answerHttp(res, 500, JSON.stringify(errorReply(null, -32603, 'Internal error')));
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const origin = originOf(req);
    if (!isAllowedOrigin(origin, allowedOrigins)) {
      refuseUpgrade(socket, '403 Forbidden', FOREIGN_ORIGIN_TEXT);
      return;
    }
    if (sockets.size >= limits.maxConnections) {
      refuseUpgrade(
        socket,
        '429 Too Many Requests',
        'Too many connections. Please try again later.',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      serveWebSocket(served, ws, origin);
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://${options.host}:${port}`,
    port,
    get connectionCount() {
      return sockets.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
