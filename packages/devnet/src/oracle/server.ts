import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  closeAfterAnswer,
  closeServer,
  createBoundedServer,
  listen,
  readBody,
  refuseLargeBody,
} from '../http/limits.ts';
import { corsGate, DEFAULT_APP_ORIGINS } from '../http/origins.ts';
import { type Answer, INPUT_TEXTS, type NftOracle } from './oracle.ts';

/** Larger bodies are refused (Express's json() default limit is 100 kB; the devnet's is 64 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The origins of the web app (the app is served on 127.0.0.1:5173). */
export const APP_ORIGINS = DEFAULT_APP_ORIGINS;

export interface OracleServer {
  url: string;
  close(): Promise<void>;
}

type Body = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/** Reads a JSON object body of at most MAX_BODY_BYTES. */
async function readJson(req: IncomingMessage): Promise<Body> {
  let text: string;
  try {
    text = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    return { ok: false, error: INPUT_TEXTS.badJson };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: INPUT_TEXTS.badJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: INPUT_TEXTS.badJson };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

const tooLargeBody = () => ({
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify({ error: INPUT_TEXTS.tooLarge }),
});

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
 * preflight) for the app's origins, and every answer HTTP 200 with {result} or {error} — but a
 * body over 64 KiB, refused with 413 (before it is read when its length is declared).
 */
export async function startOracleServer(
  oracle: NftOracle,
  {
    host,
    port,
    origins = APP_ORIGINS,
  }: { host: string; port: number; origins?: readonly string[] },
): Promise<OracleServer> {
  const server = createBoundedServer((req, res) => {
    if (!corsGate(req, res, { origins, methods: 'POST, OPTIONS' })) return;
    const path = new URL(req.url ?? '/', 'http://oracle').pathname.replace(/\/+$/, '');
    const route =
      req.method === 'POST' && path === '/api/check'
        ? oracle.check.bind(oracle)
        : req.method === 'POST' && path === '/api/verify'
          ? oracle.verify.bind(oracle)
          : null;
    // A declared body over the limit is refused before any of it is read.
    if (refuseLargeBody(req, res, MAX_BODY_BYTES, tooLargeBody)) return;
    readJson(req)
      .then(async (body) => {
        if (!route) return { error: INPUT_TEXTS.notFound };
        if (!body.ok) return { error: body.error };
        return route(body.value);
      })
      .then(
        (answer) => send(res, answer),
        (error: unknown) => {
          if (error instanceof BodyTooLargeError) {
            // Sent without a length and past the limit: answer, then drop the connection.
            const { contentType, text } = tooLargeBody();
            closeAfterAnswer(req, res);
            res.writeHead(413, { 'content-type': contentType });
            res.end(text);
            return;
          }
          console.error('devnet: oracle request failed:', error);
          send(res, { error: INPUT_TEXTS.internal });
        },
      );
  });
  const url = await listen(server, host, port);
  return { url, close: () => closeServer(server) };
}
