import type { IncomingMessage, ServerResponse } from 'node:http';
import { skipBody } from './limits.ts';

/**
 * The web app's own origins: the devnet build served by `npm start` (and the Vite dev server,
 * which uses the same port) under both loopback names. Browsers may use the devnet only from
 * these; tools and tests send no Origin header and are not affected (see docs/security.md).
 */
export const DEFAULT_APP_ORIGINS: readonly string[] = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
];

/**
 * Reads a comma-separated origin list (the --allowed-origins option): each a scheme, host and
 * optional port, nothing else.
 */
export function parseOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`"${origin}" is not an origin (like http://127.0.0.1:5173)`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new Error(`"${origin}" is not an origin (like http://127.0.0.1:5173)`);
    }
  }
  return origins;
}

/** The request's Origin header, if it has exactly one. */
export function originOf(req: IncomingMessage): string | undefined {
  const origin = req.headers.origin;
  return typeof origin === 'string' ? origin : undefined;
}

/**
 * Whether a request may be served: requests without an Origin header come from tools, not from
 * a web page, and are always allowed; a page's request only from the allowed origins.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}

export const FOREIGN_ORIGIN_TEXT =
  'This devnet service answers only the web app (or tools that send no Origin header); start the devnet with --allowed-origins to add an origin.';

/**
 * Answers 403 to a request from a page of another origin, before anything else is done for it,
 * and returns true; returns false for tools (no Origin header) and the allowed origins.
 */
export function refuseForeignOrigin(
  req: IncomingMessage,
  res: ServerResponse,
  origins: readonly string[],
): boolean {
  if (isAllowedOrigin(originOf(req), origins)) return false;
  skipBody(req, res);
  const body = `${JSON.stringify({ error: FOREIGN_ORIGIN_TEXT })}\n`;
  res.writeHead(403, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
  return true;
}

export interface CorsOptions {
  origins: readonly string[];
  /** Methods a preflight may allow. */
  methods: string;
  /** Headers a preflight may allow when the browser does not say which it wants. */
  allowHeaders?: string;
  /** Response headers the page may read. */
  exposeHeaders?: string;
}

/**
 * CORS for the app's origins, and the gate for every other origin: answers 403 to a page of
 * another origin and returns false (the caller stops); otherwise sets the CORS headers the
 * request needs and returns true. A preflight (OPTIONS) is answered here too (returns false).
 */
export function corsGate(req: IncomingMessage, res: ServerResponse, options: CorsOptions): boolean {
  res.setHeader('vary', 'Origin');
  if (refuseForeignOrigin(req, res, options.origins)) return false;
  const origin = originOf(req);
  if (origin !== undefined) {
    res.setHeader('access-control-allow-origin', origin);
    if (options.exposeHeaders)
      res.setHeader('access-control-expose-headers', options.exposeHeaders);
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', options.methods);
    const requested = req.headers['access-control-request-headers'];
    // Echo what the browser asks for: a wildcard would not cover Authorization.
    res.setHeader(
      'access-control-allow-headers',
      (typeof requested === 'string' && requested) || options.allowHeaders || 'content-type',
    );
    res.setHeader('access-control-max-age', '600');
    skipBody(req, res);
    res.writeHead(204).end();
    return false;
  }
  return true;
}
