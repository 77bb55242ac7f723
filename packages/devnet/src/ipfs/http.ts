import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers a browser may send: the web3 auth pair among them, which a preflight must allow. */
const ALLOWED_HEADERS =
  'Authorization, robonomics, Content-Type, Range, User-Agent, X-Requested-With, Cache-Control';
const EXPOSED_HEADERS =
  'Content-Length, Content-Range, X-Stream-Output, X-Chunked-Output, X-Content-Length, X-Ipfs-Path, X-Ipfs-Roots';

/**
 * Open CORS, as public gateways and ipfs.url.today: no cookies are involved (the auth is an
 * explicit header), so any origin, the web app on :5173 included, may call.
 */
export function setCors(req: IncomingMessage, res: ServerResponse, methods: string): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', methods);
    const requested = req.headers['access-control-request-headers'];
    // Echo what the browser asks for: a wildcard would not cover Authorization.
    res.setHeader('access-control-allow-headers', requested || ALLOWED_HEADERS);
    res.setHeader('access-control-max-age', '86400');
  }
}

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** The request body, refused past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > limit) throw new BodyTooLargeError(`request body over ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(`request body over ${limit} bytes`);
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

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets of clients would otherwise hold the close open.
    server.closeAllConnections();
  });
}
