import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_APP_ORIGINS, isAllowedOrigin, originOf } from '../http/origins.ts';

export {
  BodyTooLargeError,
  closeAfterAnswer,
  closeServer as close,
  createBoundedServer,
  listen,
  readBody,
  skipBody,
} from '../http/limits.ts';
export { refuseForeignOrigin } from '../http/origins.ts';

/** Headers a browser may send: the web3 auth pair among them, which a preflight must allow. */
export const ALLOWED_HEADERS =
  'Authorization, robonomics, Content-Type, Range, User-Agent, X-Requested-With, Cache-Control';
export const EXPOSED_HEADERS =
  'Content-Length, Content-Range, X-Stream-Output, X-Chunked-Output, X-Content-Length, X-Ipfs-Path, X-Ipfs-Roots';

/**
 * CORS for the web app's origins (public gateways answer `*`; the devnet, on the developer's own
 * machine, answers only the app, see docs/security.md). Sets the headers; a request from another
 * page origin gets none, and should have been refused by `refuseForeignOrigin` first.
 */
export function setCors(
  req: IncomingMessage,
  res: ServerResponse,
  methods: string,
  origins: readonly string[] = DEFAULT_APP_ORIGINS,
): void {
  res.setHeader('vary', 'Origin');
  const origin = originOf(req);
  if (origin === undefined || !isAllowedOrigin(origin, origins)) return;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', methods);
    const requested = req.headers['access-control-request-headers'];
    // Echo what the browser asks for: a wildcard would not cover Authorization.
    res.setHeader('access-control-allow-headers', requested || ALLOWED_HEADERS);
    res.setHeader('access-control-max-age', '86400');
  }
}
