import { once } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { UnixFSEntry } from 'ipfs-unixfs-exporter';
import { DEFAULT_APP_ORIGINS } from '../../http/origins.ts';
import { close, createBoundedServer, listen, refuseForeignOrigin, setCors } from '../http.ts';
import { IpfsError, type IpfsPath, type IpfsRepo, parseIpfsPath } from '../repo/repo.ts';
import { sniffContentType, typeFromName } from './content-type.ts';
import { serveTrustless, type TrustlessRequest, trustlessRequest } from './trustless.ts';

export interface GatewayServer {
  url: string;
  close(): Promise<void>;
}

/** Files up to this size are read whole before answering, so JSON can be recognised by parsing. */
const SNIFF_WHOLE_BYTES = 4 * 1024 * 1024;
const SNIFF_PREFIX_BYTES = 512;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

type FileLike = Extract<UnixFSEntry, { type: 'file' | 'raw' | 'identity' }>;

async function readPrefix(entry: FileLike, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of entry.content({ length: limit })) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function directoryListing(path: string, names: { name: string; size: bigint; dir: boolean }[]) {
  const base = path.endsWith('/') ? path : `${path}/`;
  const rows = names
    .map(({ name, size, dir }) => {
      const href = `${base}${encodeURIComponent(name)}`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(name)}${dir ? '/' : ''}</a> ${dir ? '' : `${size} B`}</li>`;
    })
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(path)}</title></head>\n<body><h1>Index of ${escapeHtml(path)}</h1>\n<ul>\n${rows}\n</ul></body></html>\n`;
}

/**
 * The origin a request was addressed to, when that is a loopback name: a request carrying it as
 * its Origin comes from a page of this very server. A host name that is not loopback may be a
 * DNS-rebinding page's, and gets nothing.
 */
function ownOrigin(req: IncomingMessage): string[] {
  const host = req.headers.host ?? '';
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host) ? [`http://${host}`] : [];
}

/**
 * The gateway's answer to one request: GET/HEAD /ipfs/<cid>[/<path>] without auth, as public
 * gateways. Content types come from the file name when the path has one, else from the bytes;
 * directories serve their index.html or a listing. The trustless formats (a raw block, a CAR)
 * are served when `?format=` or `Accept` asks for them (trustless.ts). Also mounted on the API
 * origin.
 */
export function gatewayHandler(
  repo: IpfsRepo,
  /** Page origins that may read with fetch (tools and plain image loads send no Origin). */
  origins: readonly string[] = DEFAULT_APP_ORIGINS,
): RequestListener {
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    // Pages the gateway serves itself (an app hosted under /ipfs/<cid>/) read from it as any
    // same-origin page does; their module scripts and styles carry their Origin.
    const pageOrigins = [...origins, ...ownOrigin(req)];
    if (refuseForeignOrigin(req, res, pageOrigins)) return;
    setCors(req, res, 'GET, HEAD, OPTIONS', pageOrigins);
    // The same URL answers the plain file or a trustless format, by Accept.
    res.setHeader('vary', 'Origin, Accept');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD, OPTIONS');
      sendText(res, 405, 'method not allowed');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/ipfs/')) {
      sendText(res, 404, '404 page not found');
      return;
    }
    let requestPath: string;
    let path: IpfsPath;
    let trustless: TrustlessRequest | null;
    try {
      requestPath = decodeURIComponent(url.pathname);
      path = parseIpfsPath(requestPath);
      trustless = trustlessRequest(req, url);
    } catch (error) {
      sendText(res, 400, (error as Error).message);
      return;
    }
    if (trustless) {
      await serveTrustless(req, res, repo, path, requestPath, trustless);
      return;
    }
    let entry = await repo.resolve(path);
    let name = path.rest.at(-1) ?? '';
    if (entry.type === 'directory') {
      const children: { name: string; size: bigint; dir: boolean }[] = [];
      for await (const child of entry.entries()) {
        children.push({ name: child.name, size: child.size, dir: false });
      }
      const index = children.find((c) => c.name === 'index.html');
      if (!index) {
        for (const child of children) {
          const resolved = await repo.resolve({ cid: path.cid, rest: [...path.rest, child.name] });
          child.dir = resolved.type === 'directory';
          child.size = resolved.type === 'directory' ? 0n : resolved.size;
        }
        const html = directoryListing(requestPath, children);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(html),
          'x-ipfs-path': requestPath,
        });
        res.end(req.method === 'HEAD' ? undefined : html);
        return;
      }
      entry = await repo.resolve({ cid: path.cid, rest: [...path.rest, 'index.html'] });
      name = 'index.html';
    }
    if (entry.type === 'object' || entry.type === 'directory') {
      sendText(res, 501, 'only UnixFS files and directories are served by the devnet gateway');
      return;
    }
    const size = Number(entry.size);
    const etag = `"${entry.cid.toString()}"`;
    const headers: Record<string, string | number> = {
      etag,
      'cache-control': 'public, max-age=29030400, immutable',
      'x-ipfs-path': requestPath,
      'x-ipfs-roots': path.cid.toString(),
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const whole = size <= SNIFF_WHOLE_BYTES;
    const head = await readPrefix(entry, whole ? size : SNIFF_PREFIX_BYTES);
    headers['content-type'] = typeFromName(name) ?? sniffContentType(head, whole);
    headers['content-length'] = size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (whole) {
      res.end(head);
      return;
    }
    for await (const chunk of entry.content()) {
      if (!res.write(chunk)) await once(res, 'drain');
    }
    res.end();
  };

  return (req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      if (error instanceof IpfsError && error.notFound) sendText(res, 404, error.message);
      else sendText(res, 500, (error as Error).message);
    });
  };
}

/** A read-only path gateway server (see gatewayHandler). */
export async function startGatewayServer(options: {
  host: string;
  port: number;
  repo: IpfsRepo;
  allowedOrigins?: readonly string[];
}): Promise<GatewayServer> {
  const server = createBoundedServer(gatewayHandler(options.repo, options.allowedOrigins));
  const url = await listen(server, options.host, options.port);
  return { url, close: () => close(server) };
}
