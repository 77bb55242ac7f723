import type { RequestListener } from 'node:http';
import type { ExtraGatewaySpec } from '../../common/options.ts';
import { HTTP_TIMEOUTS } from '../../http/limits.ts';
import { DEFAULT_APP_ORIGINS } from '../../http/origins.ts';
import { close, createBoundedServer, listen, refuseForeignOrigin, setCors } from '../http.ts';

export const MAX_EXTRA_GATEWAYS = 8;
export const MAX_GATEWAY_DELAY_MS = 60_000;
/** A hanging request is dropped after this, so no socket is held for ever. */
export const HANG_LIMIT_MS = 120_000;

export const GATEWAYS_OPTION_HELP = `PORT[:delay=MS|:status=CODE|:html|:hang|:lie],… extra IPFS
                          gateways over the same files, e.g. 8081:delay=800,8082:status=502
                          (lie: every CID answered with another file's content)`;

/** Parses `--gateways`, e.g. "8081:delay=800,8082:status=502,8083:html,8084:hang,8085:lie". */
export function parseGatewaysOption(text: string): ExtraGatewaySpec[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > MAX_EXTRA_GATEWAYS) {
    throw new Error(`--gateways takes at most ${MAX_EXTRA_GATEWAYS} gateways`);
  }
  const specs = items.map((item) => {
    const [portText = '', ...behaviours] = item.split(':');
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) {
      throw new Error(`--gateways: "${portText}" in "${item}" is not a port number`);
    }
    const spec: ExtraGatewaySpec = { port };
    for (const behaviour of behaviours) {
      const [name, value] = behaviour.split('=');
      if (name === 'delay' && value !== undefined && /^\d+$/.test(value)) {
        spec.delayMs = Number(value);
        if (spec.delayMs > MAX_GATEWAY_DELAY_MS) {
          throw new Error(`--gateways: a delay is at most ${MAX_GATEWAY_DELAY_MS} ms`);
        }
      } else if (name === 'status' && value !== undefined && /^\d{3}$/.test(value)) {
        spec.status = Number(value);
        if (spec.status < 400 || spec.status > 599) {
          throw new Error('--gateways: a failing status is between 400 and 599');
        }
      } else if (name === 'html' && value === undefined) spec.html = true;
      else if (name === 'hang' && value === undefined) spec.hang = true;
      else if (name === 'lie' && value === undefined) spec.lie = true;
      else {
        throw new Error(
          `--gateways: unknown behaviour "${behaviour}" (use delay=MS, status=CODE, html, hang or lie)`,
        );
      }
    }
    if ([spec.status, spec.html, spec.hang, spec.lie].filter((b) => b !== undefined).length > 1) {
      throw new Error(`--gateways: "${item}" may fail in one way only`);
    }
    return spec;
  });
  const ports = specs.map((s) => s.port).filter((p) => p !== 0);
  if (new Set(ports).size !== ports.length) throw new Error('--gateways: a port is given twice');
  return specs;
}

/** "800 ms slower", "answers HTTP 502", … */
export function describeGateway(spec: ExtraGatewaySpec): string {
  const parts: string[] = [];
  if (spec.delayMs) parts.push(`${spec.delayMs} ms slower`);
  if (spec.status) parts.push(`answers HTTP ${spec.status}`);
  if (spec.html) parts.push('answers a web page instead of the file');
  if (spec.hang) parts.push('never answers');
  if (spec.lie) parts.push("answers every CID with another file's content");
  return parts.join(', ') || 'as fast as the main gateway';
}

const errorPage = (status: number) =>
  `<html>\r\n<head><title>${status} Error</title></head>\r\n<body>\r\n<center><h1>${status} Error</h1></center>\r\n<hr><center>devnet gateway</center>\r\n</body>\r\n</html>\r\n`;
const RATE_LIMIT_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Just a moment…</title></head><body><p>Too many requests. Please wait while we check your browser.</p></body></html>\n';

export interface ExtraGateway {
  url: string;
  spec: ExtraGatewaySpec;
  close(): Promise<void>;
}

/**
 * A lying gateway's request: the same request for another file (`otherFile` names it), so every
 * answer, plain or trustless, is that file's genuine content under the CID asked for. Identity
 * CIDs hold their bytes and are left alone, as is a request for a CID with no other file.
 */
function lieAbout(url: string, otherFile: (cid: string) => string | null): string {
  const match = /^\/ipfs\/([^/?#]+)[^?#]*(.*)$/.exec(url);
  if (!match || match[1]!.startsWith('bafkq')) return url;
  const other = otherFile(match[1]!);
  return other ? `/ipfs/${other}${match[2]}` : url;
}

/**
 * Starts one extra gateway in front of `gateway` (the node's own gateway handler). A lying one
 * asks `otherFile` which file to answer a CID with.
 */
export async function startExtraGateway(
  host: string,
  spec: ExtraGatewaySpec,
  gateway: RequestListener,
  origins: readonly string[] = DEFAULT_APP_ORIGINS,
  otherFile: (cid: string) => string | null = () => null,
): Promise<ExtraGateway> {
  // A hanging gateway holds its answers longer than the devnet's usual idle limit.
  const server = createBoundedServer(undefined, {
    ...HTTP_TIMEOUTS,
    requestMs: Math.max(HTTP_TIMEOUTS.requestMs, HANG_LIMIT_MS + 1_000),
    idleMs: Math.max(HTTP_TIMEOUTS.idleMs, HANG_LIMIT_MS + 1_000),
  });
  server.on('request', (req, res) => {
    if (refuseForeignOrigin(req, res, origins)) return;
    const answer = () => {
      if (res.destroyed) return;
      if (spec.hang) {
        const timer = setTimeout(() => res.destroy(), HANG_LIMIT_MS);
        res.once('close', () => clearTimeout(timer));
        return;
      }
      if (spec.status) {
        setCors(req, res, 'GET, HEAD, OPTIONS', origins);
        const page = errorPage(spec.status);
        res.writeHead(spec.status, {
          'content-type': 'text/html',
          'content-length': Buffer.byteLength(page),
        });
        res.end(req.method === 'HEAD' ? undefined : page);
        return;
      }
      if (spec.html && req.method !== 'OPTIONS') {
        setCors(req, res, 'GET, HEAD, OPTIONS', origins);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(RATE_LIMIT_PAGE),
        });
        res.end(req.method === 'HEAD' ? undefined : RATE_LIMIT_PAGE);
        return;
      }
      if (spec.lie && req.url) req.url = lieAbout(req.url, otherFile);
      gateway(req, res);
    };
    if (!spec.delayMs) {
      answer();
      return;
    }
    const timer = setTimeout(answer, spec.delayMs);
    res.once('close', () => clearTimeout(timer));
  });
  const url = await listen(server, host, spec.port);
  return { url, spec, close: () => close(server) };
}
