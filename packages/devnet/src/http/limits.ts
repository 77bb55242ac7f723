import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentService } from '../common/last-guard.ts';

/** Time limits every devnet HTTP server applies (see docs/security.md). */
export interface HttpTimeouts {
  /** The request line and headers must arrive within this (slow-loris clients are dropped). */
  headersMs: number;
  /** The whole request, body included, must arrive within this. */
  requestMs: number;
  /** A connection with no traffic either way is closed after this. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 5_000,
  requestMs: 60_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

/** Largest request line plus headers (Node's own default, stated here on purpose). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Whether a request target can be read as a URL. Node's parser takes any target of visible
 * characters, and `new URL('//', base)` (a scheme-relative target without a host) throws.
 */
function isReadableTarget(target: string | undefined): boolean {
  try {
    new URL(target ?? '/', 'http://localhost');
    return true;
  } catch {
    return false;
  }
}

/** The name to log a server's trouble under: its service's, when it runs in one. */
const who = () => `devnet: ${currentService() ?? 'a server'}`;

/**
 * Answers a request whose handler failed: 500 while nothing was sent, else the connection is
 * dropped. Never throws: it runs where nothing else would catch.
 */
function failRequest(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  try {
    console.error(`${who()}: a request failed:`, error);
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    closeAfterAnswer(req, res);
    const text = 'Internal error\n';
    res.writeHead(500, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  } catch {
    req.socket?.destroy();
  }
}

/**
 * The request listener as every devnet server runs it: a target that is no URL gets 400 before
 * the listener sees it, and whatever the listener throws, or rejects when it returns a promise,
 * is answered 500 (or drops the connection) instead of escaping into the process.
 */
function guarded(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (!isReadableTarget(req.url)) {
      skipBody(req, res);
      const text = 'Bad Request: the request target is not a path\n';
      res.writeHead(400, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
      return;
    }
    try {
      const result = listener(req, res) as unknown;
      if (result instanceof Promise) result.catch((error: unknown) => failRequest(req, res, error));
    } catch (error) {
      failRequest(req, res, error);
    }
  };
}

/**
 * An HTTP server with the devnet's bounds: headers within a few seconds, whole requests within
 * a minute, idle connections closed, headers at most 16 KiB. Node checks the header and request
 * deadlines on a timer; it runs every second here (30 s by default). Its listener is guarded (a
 * target that is no URL is refused, a throw answered 500), and an error of the listening server
 * is logged rather than left to end the process.
 */
export function createBoundedServer(
  listener?: RequestListener,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
): Server {
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    maxHeaderSize: MAX_HEADER_BYTES,
  });
  if (listener) server.on('request', guarded(listener));
  server.setTimeout(timeouts.idleMs);
  // Before it listens, `listen` reports the error (a port in use); after, nobody else would.
  server.on('error', (error) => {
    if (server.listening) console.error(`${who()}: the server failed:`, error);
  });
  // A malformed or timed-out request: answer what HTTP allows, then drop the connection.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || socket.destroyed) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  return server;
}

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** A body this small is read and dropped; anything larger ends the connection instead. */
export const SKIPPED_BODY_LIMIT = 64 * 1024;
/** How long a skipped body may take to arrive before the connection is closed anyway. */
export const SKIPPED_BODY_MS = 5_000;

/**
 * Closes the connection once the answer is sent (at once when it was): for an answer given
 * without reading all of the body. The socket is taken now: once the answer has finished Node
 * may have let go of it (`req.socket` is null then), and the body's reader may have destroyed it
 * already. Never throws.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as IncomingMessage['socket'] | null;
  const close = () => socket?.destroy();
  if (res.writableFinished) {
    close();
    return;
  }
  if (!res.headersSent) res.setHeader('connection', 'close');
  res.once('finish', close);
  // An answer that never finishes (the client went away): the socket closes anyway.
  res.once('close', close);
}

/**
 * For an answer given without using the request's body. A small body is read and dropped, so a
 * client still writing it (a browser posting a form) gets the answer rather than a broken pipe;
 * a body declared larger than `SKIPPED_BODY_LIMIT`, one that grows past it, or one that does not
 * arrive within `SKIPPED_BODY_MS` closes the connection after the answer, so no client can hold
 * the connection with a body it never finishes.
 */
export function skipBody(
  req: IncomingMessage,
  res: ServerResponse,
  { limit = SKIPPED_BODY_LIMIT, ms = SKIPPED_BODY_MS } = {},
): void {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) {
    closeAfterAnswer(req, res);
    return;
  }
  if (req.complete) return;
  let seen = 0;
  const timer = setTimeout(() => closeAfterAnswer(req, res), ms);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) {
      clearTimeout(timer);
      req.removeAllListeners('data');
      closeAfterAnswer(req, res);
    }
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** The declared Content-Length, if the request has a valid one. */
export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/**
 * Answers 413 at once when the declared body is larger than `limit`, before reading any of it,
 * and closes the connection. Returns true when it answered.
 */
export function refuseLargeBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  body: () => { contentType: string; text: string },
): boolean {
  const declared = declaredLength(req);
  if (declared === null || declared <= limit) return false;
  const { contentType, text } = body();
  closeAfterAnswer(req, res);
  res.writeHead(413, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
  return true;
}

/**
 * The request body, refused with BodyTooLargeError past `limit` bytes (declared or sent).
 * The caller answers 413 and closes the connection (`closeAfterAnswer`): the rest of the body is
 * not read, and a body cut off while it arrived has destroyed the request and its socket.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return `http://${host}:${bound}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets of clients would otherwise hold the close open.
    server.closeAllConnections();
  });
}
