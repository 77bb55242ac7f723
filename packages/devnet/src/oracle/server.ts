import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, INPUT_TEXTS, type NftOracle } from './oracle.ts';

/** Larger bodies are refused (Express's json() default limit is 100 kB; the devnet's is 64 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Past this the connection is dropped instead of read to the end for a polite answer. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

/** The origins of the web app (ARCHITECTURE §4: the app is served on 127.0.0.1:5173). */
export const APP_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

export interface OracleServer {
  url: string;
  close(): Promise<void>;
}

type Body = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Reads a JSON object body of at most MAX_BODY_BYTES. */
function readBody(req: IncomingMessage): Promise<Body> {
  return new Promise((settle) => {
    let settled = false;
    const resolve = (body: Body) => {
      if (settled) return;
      settled = true;
      settle(body);
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        return;
      }
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('error', () => resolve({ ok: false, error: INPUT_TEXTS.badJson }));
    // Destroyed (too large, or the client went away): nothing more will come.
    req.on('close', () => resolve({ ok: false, error: INPUT_TEXTS.tooLarge }));
    req.on('end', () => {
      if (tooLarge) {
        resolve({ ok: false, error: INPUT_TEXTS.tooLarge });
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        resolve({ ok: false, error: INPUT_TEXTS.badJson });
        return;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        resolve({ ok: false, error: INPUT_TEXTS.badJson });
        return;
      }
      resolve({ ok: true, value: value as Record<string, unknown> });
    });
  });
}

function cors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): void {
  res.setHeader('vary', 'Origin');
  const origin = req.headers.origin;
  if (origin && origins.includes(origin)) {
    res.setHeader('access-control-allow-origin', origin);
  }
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.writableEnded || res.destroyed || res.socket?.destroyed) return;
  const body = JSON.stringify(answer);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * The oracle's HTTP face: POST /api/check and POST /api/verify with JSON bodies, CORS (with
 * preflight) for the app's origins, and every answer HTTP 200 with {result} or {error}.
 */
export async function startOracleServer(
  oracle: NftOracle,
  {
    host,
    port,
    origins = APP_ORIGINS,
  }: { host: string; port: number; origins?: readonly string[] },
): Promise<OracleServer> {
  const server = createServer((req, res) => {
    cors(req, res, origins);
    const path = new URL(req.url ?? '/', 'http://oracle').pathname.replace(/\/+$/, '');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
      res.setHeader(
        'access-control-allow-headers',
        req.headers['access-control-request-headers'] ?? 'content-type',
      );
      res.setHeader('access-control-max-age', '600');
      res.writeHead(204).end();
      return;
    }
    const route =
      req.method === 'POST' && path === '/api/check'
        ? oracle.check.bind(oracle)
        : req.method === 'POST' && path === '/api/verify'
          ? oracle.verify.bind(oracle)
          : null;
    readBody(req)
      .then(async (body) => {
        if (!route) return { error: INPUT_TEXTS.notFound };
        if (!body.ok) return { error: body.error };
        return route(body.value);
      })
      .catch((error: unknown) => {
        console.error('devnet: oracle request failed:', error);
        return { error: INPUT_TEXTS.internal };
      })
      .then((answer) => send(res, answer));
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
