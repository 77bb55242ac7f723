import { once } from 'node:events';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import type { UnixFSEntry } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { DEFAULT_APP_ORIGINS } from '../http/origins.ts';
import {
  BodyTooLargeError,
  close,
  createBoundedServer,
  listen,
  readBody,
  refuseForeignOrigin,
  setCors,
  skipBody,
} from './http.ts';
import type { PeerIdentity } from './identity.ts';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart.ts';
import {
  type AddInput,
  DEFAULT_CHUNK_SIZE,
  type ImportSettings,
  IpfsError,
  type IpfsRepo,
  MAX_CHUNK_SIZE,
  normaliseAddPath,
  parseIpfsPath,
} from './repo.ts';
import { type AuthOutcome, authErrorBody } from './web3-auth.ts';

/** What `version` reports: the kubo release whose RPC behaviour the devnet follows. */
export const KUBO_VERSION = '0.32.1';
/** Uploads beyond this are refused (everything from the network is bounded). */
export const DEFAULT_MAX_ADD_BYTES = 128 * 1024 * 1024;

export interface ApiServerOptions {
  host: string;
  port: number;
  repo: IpfsRepo;
  identity: PeerIdentity;
  /** The web3 auth in front of every RPC call; null serves without auth (a local kubo). */
  authorize: ((headers: IncomingHttpHeaders) => Promise<AuthOutcome>) | null;
  maxAddBytes?: number;
  /** Answers gateway reads (GET/HEAD /ipfs/<cid>) on this origin, before and without auth. */
  gateway?: RequestListener;
  /** Page origins that may call (tools without an Origin header always may). */
  allowedOrigins?: readonly string[];
}

export interface ApiServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

type Params = URLSearchParams;

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`${JSON.stringify(value)}\n`);
}

function sendKuboError(res: ServerResponse, error: IpfsError): void {
  sendJson(res, error.code === 1 ? 400 : 500, {
    Message: error.message,
    Code: error.code,
    Type: 'error',
  });
}

function boolOption(params: Params, name: string, fallback: boolean): boolean {
  const value = params.get(name);
  if (value === null) return fallback;
  if (value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new IpfsError(`Could not convert value "${value}" to type "bool" (for option "-${name}")`, {
    code: 1,
  });
}

function intOption(params: Params, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new IpfsError(
      `Could not convert value "${value}" to type "int" (for option "-${name}")`,
      {
        code: 1,
      },
    );
  }
  return n;
}

function requiredArgs(params: Params, name: string): string[] {
  const args = params.getAll('arg');
  if (args.length === 0) throw new IpfsError(`argument "${name}" is required`, { code: 1 });
  return args;
}

function importSettings(params: Params): ImportSettings {
  const version = params.get('cid-version') ?? '0';
  if (version !== '0' && version !== '1') {
    throw new IpfsError(`unknown CID version: ${version}`, { code: 1 });
  }
  const cidVersion = version === '1' ? 1 : 0;
  const hash = params.get('hash');
  if (hash !== null && hash !== 'sha2-256') {
    throw new IpfsError(`hash function ${hash} is not supported by the devnet node`, { code: 1 });
  }
  if (boolOption(params, 'trickle', false)) {
    throw new IpfsError('the trickle layout is not supported by the devnet node', { code: 1 });
  }
  let chunkSize = DEFAULT_CHUNK_SIZE;
  const chunker = params.get('chunker');
  if (chunker !== null && chunker !== '') {
    const match = chunker.match(/^size-(\d+)$/);
    if (!match) {
      throw new IpfsError(`chunker ${chunker} is not supported by the devnet node`, { code: 1 });
    }
    chunkSize = Number(match[1]);
    if (chunkSize <= 0 || chunkSize > MAX_CHUNK_SIZE) {
      throw new IpfsError(
        `chunker parameters may not exceed the maximum chunk size of ${MAX_CHUNK_SIZE}`,
        {
          code: 1,
        },
      );
    }
  }
  return {
    cidVersion,
    // Kubo turns raw leaves on with CIDv1 unless told otherwise.
    rawLeaves: boolOption(params, 'raw-leaves', cidVersion === 1),
    chunkSize,
    wrapWithDirectory: boolOption(params, 'wrap-with-directory', false),
  };
}

/** Writes a stream of bytes with backpressure. */
async function pipeContent(res: ServerResponse, content: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of content) {
    if (!res.write(chunk)) await once(res, 'drain');
  }
  res.end();
}

const UNIXFS_DIRECTORY = 1;
const UNIXFS_FILE = 2;
const UNIXFS_SYMLINK = 4;

/** A link as kubo's `ls` shows it: the child's UnixFS type and its file size (0 for folders). */
async function lsLink(repo: IpfsRepo, name: string, cid: CID) {
  const child = await repo.resolve({ cid, rest: [] });
  let type = UNIXFS_FILE;
  let size = 0;
  let target = '';
  if (child.type === 'directory') type = UNIXFS_DIRECTORY;
  else if (child.type === 'file' && child.unixfs.type === 'symlink') {
    type = UNIXFS_SYMLINK;
    target = new TextDecoder().decode(child.unixfs.data ?? new Uint8Array());
  } else if (child.type === 'file' || child.type === 'raw' || child.type === 'identity') {
    size = Number(child.size);
  }
  return { Name: name, Hash: cid.toString(), Size: size, Type: type, Target: target };
}

async function lsLinks(repo: IpfsRepo, entry: UnixFSEntry) {
  if (entry.type === 'directory') {
    const links = [];
    for await (const child of entry.entries())
      links.push(await lsLink(repo, child.name, child.cid));
    return links;
  }
  if (entry.type === 'file') {
    // A multi-chunk file lists its chunks, unnamed, as kubo does.
    return Promise.all(entry.node.Links.map((link) => lsLink(repo, link.Name ?? '', link.Hash)));
  }
  return [];
}

/** Resolves a path argument to the CID it names. */
async function resolveCid(repo: IpfsRepo, arg: string): Promise<CID> {
  const path = parseIpfsPath(arg);
  if (path.rest.length === 0) return path.cid;
  return (await repo.resolve(path)).cid;
}

/**
 * The subset of kubo's RPC API (/api/v0) that the app and the Home Assistant integration use,
 * with kubo's answers and error shapes, behind the web3 auth of the robonomics gateway.
 */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const { repo, identity } = options;
  const maxAddBytes = options.maxAddBytes ?? DEFAULT_MAX_ADD_BYTES;

  const commands: Record<
    string,
    (req: IncomingMessage, res: ServerResponse, params: Params) => Promise<void>
  > = {
    add: async (req, res, params) => {
      const settings = importSettings(params);
      const pin = boolOption(params, 'pin', true);
      const onlyHash = boolOption(params, 'only-hash', false);
      const boundary = multipartBoundary(req.headers['content-type']);
      if (!boundary) throw new IpfsError('file argument "path" is required', { code: 1 });
      const body = await readBody(req, maxAddBytes);
      const inputs: AddInput[] = [];
      for (const part of parseMultipart(body, boundary)) {
        const path = normaliseAddPath(part.filename ?? '');
        if (part.contentType === 'application/x-directory') {
          if (path) inputs.push({ path });
        } else if (part.contentType === 'application/symlink') {
          throw new IpfsError('symlinks are not supported by the devnet node', { code: 1 });
        } else {
          inputs.push({ path, content: part.data });
        }
      }
      if (inputs.length === 0) throw new IpfsError('file argument "path" is required', { code: 1 });
      const added = await repo.add(inputs, settings, { pin, onlyHash });
      res.writeHead(200, { 'content-type': 'application/json', 'x-chunked-output': '1' });
      res.end(
        added
          .map(
            (e) =>
              `${JSON.stringify({ Name: e.name, Hash: e.cid.toString(), Size: String(e.size) })}\n`,
          )
          .join(''),
      );
    },

    cat: async (_req, res, params) => {
      const [arg] = requiredArgs(params, 'ipfs-path');
      const entry = await repo.resolve(parseIpfsPath(arg!));
      if (entry.type === 'directory') throw new IpfsError('this dag node is a directory');
      if (entry.type === 'object') throw new IpfsError('this dag node is not a UnixFS file');
      const offset = intOption(params, 'offset');
      const length = intOption(params, 'length');
      const size = Number(entry.size);
      const start = Math.min(offset ?? 0, size);
      const end = length === undefined ? size : Math.min(size, start + length);
      const content = entry.content({ offset: start, length: end - start });
      res.writeHead(200, {
        'content-type': 'text/plain',
        'x-stream-output': '1',
        'x-content-length': String(end - start),
      });
      await pipeContent(res, content);
    },

    ls: async (_req, res, params) => {
      const objects = [];
      for (const arg of requiredArgs(params, 'ipfs-path')) {
        const entry = await repo.resolve(parseIpfsPath(arg));
        objects.push({ Hash: arg, Links: await lsLinks(repo, entry) });
      }
      sendJson(res, 200, { Objects: objects });
    },

    'pin/add': async (_req, res, params) => {
      const recursive = boolOption(params, 'recursive', true);
      const pins: string[] = [];
      for (const arg of requiredArgs(params, 'ipfs-path')) {
        const cid = await resolveCid(repo, arg);
        await repo.pinAdd(cid, recursive);
        pins.push(cid.toString());
      }
      sendJson(res, 200, { Pins: pins });
    },

    'pin/rm': async (_req, res, params) => {
      const recursive = boolOption(params, 'recursive', true);
      const pins: string[] = [];
      for (const arg of requiredArgs(params, 'ipfs-path')) {
        const cid = await resolveCid(repo, arg);
        repo.pinRm(cid, recursive);
        pins.push(cid.toString());
      }
      sendJson(res, 200, { Pins: pins });
    },

    'pin/ls': async (_req, res, params) => {
      const type = params.get('type') ?? 'all';
      if (type !== 'all' && type !== 'direct' && type !== 'indirect' && type !== 'recursive') {
        throw new IpfsError(
          `invalid type '${type}', must be one of {direct, indirect, recursive, all}`,
          {
            code: 1,
          },
        );
      }
      const cids = await Promise.all(params.getAll('arg').map((arg) => resolveCid(repo, arg)));
      const pins = await repo.pinLs(type, cids);
      if (boolOption(params, 'stream', false)) {
        res.writeHead(200, { 'content-type': 'application/json', 'x-chunked-output': '1' });
        res.end(pins.map((p) => `${JSON.stringify({ Cid: p.cid, Type: p.type })}\n`).join(''));
        return;
      }
      const keys: Record<string, { Type: string }> = {};
      for (const p of pins) keys[p.cid] = { Type: p.type };
      sendJson(res, 200, { Keys: keys });
    },

    version: async (_req, res) => {
      sendJson(res, 200, {
        Version: KUBO_VERSION,
        Commit: 'robonomics-devnet',
        Repo: '16',
        System: `${process.arch}/${process.platform}`,
        Golang: `none (Node ${process.version} stand-in)`,
      });
    },

    id: async (_req, res, params) => {
      const arg = params.get('arg');
      if (arg && arg !== identity.id) throw new IpfsError('routing: not found');
      sendJson(res, 200, {
        ID: identity.id,
        PublicKey: identity.publicKey,
        // Offline: the devnet node has no swarm addresses.
        Addresses: [],
        AgentVersion: `kubo/${KUBO_VERSION}/robonomics-devnet`,
        Protocols: [],
      });
    },
  };

  const origins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Like the robonomics gateway, the API's host also serves files to anyone (the gateway
    // handler checks origins itself).
    if (options.gateway && req.url?.startsWith('/ipfs/')) {
      options.gateway(req, res);
      return;
    }
    if (refuseForeignOrigin(req, res, origins)) return;
    setCors(req, res, 'POST, OPTIONS', origins);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const command = url.pathname.startsWith('/api/v0/')
      ? url.pathname.slice('/api/v0/'.length)
      : null;
    if (options.authorize) {
      // The auth gateway stands in front of the whole node, so it answers before routing.
      const outcome = await options.authorize(req.headers);
      if (!outcome.ok) {
        skipBody(req, res);
        res.writeHead(outcome.status, { 'content-type': 'application/json' });
        res.end(authErrorBody(outcome.details, outcome.status));
        return;
      }
    }
    const run = command === null ? undefined : commands[command.replace(/\/$/, '')];
    if (!run) {
      skipBody(req, res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 page not found');
      return;
    }
    if (req.method !== 'POST') {
      skipBody(req, res);
      res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('405 - Method Not Allowed');
      return;
    }
    await run(req, res, url.searchParams);
  };

  const server = createBoundedServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      if (error instanceof BodyTooLargeError) {
        // The rest of the body is not read: answer, then drop the connection.
        res.setHeader('connection', 'close');
        sendJson(res, 413, { Message: error.message, Code: 1, Type: 'error' });
        res.once('finish', () => req.socket.destroy());
        return;
      }
      skipBody(req, res);
      if (error instanceof IpfsError) sendKuboError(res, error);
      else if (error instanceof MultipartError) {
        sendKuboError(res, new IpfsError(error.message, { code: 1 }));
      } else {
        sendKuboError(res, new IpfsError((error as Error).message ?? String(error)));
      }
    });
  });
  const url = await listen(server, options.host, options.port);
  return { url, server, close: () => close(server) };
}
