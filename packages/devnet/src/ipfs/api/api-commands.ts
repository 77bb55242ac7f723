import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UnixFSEntry } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { readBody } from '../http.ts';
import type { PeerIdentity } from '../repo/identity.ts';
import {
  type AddInput,
  DEFAULT_CHUNK_SIZE,
  type ImportSettings,
  IpfsError,
  type IpfsRepo,
  MAX_CHUNK_SIZE,
  normaliseAddPath,
  parseIpfsPath,
} from '../repo/repo.ts';
import { multipartBoundary, parseMultipart } from './multipart.ts';

/** What `version` reports: the kubo release whose RPC behaviour the devnet follows. */
export const KUBO_VERSION = '0.32.1';

/** One command of kubo's RPC API (/api/v0/<name>), answering with kubo's shapes. */
export type KuboCommand = (
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
) => Promise<void>;

type Params = URLSearchParams;

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`${JSON.stringify(value)}\n`);
}

export function sendKuboError(res: ServerResponse, error: IpfsError): void {
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

/** What the commands work on. */
export interface CommandContext {
  repo: IpfsRepo;
  identity: PeerIdentity;
  /** Uploads beyond this are refused. */
  maxAddBytes: number;
}

/** Adds files from a multipart body, as `ipfs add`. */
async function add(
  ctx: CommandContext,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const settings = importSettings(params);
  const pin = boolOption(params, 'pin', true);
  const onlyHash = boolOption(params, 'only-hash', false);
  const boundary = multipartBoundary(req.headers['content-type']);
  if (!boundary) throw new IpfsError('file argument "path" is required', { code: 1 });
  const body = await readBody(req, ctx.maxAddBytes);
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
  const added = await ctx.repo.add(inputs, settings, { pin, onlyHash });
  res.writeHead(200, { 'content-type': 'application/json', 'x-chunked-output': '1' });
  res.end(
    added
      .map(
        (e) =>
          `${JSON.stringify({ Name: e.name, Hash: e.cid.toString(), Size: String(e.size) })}\n`,
      )
      .join(''),
  );
}

/** Streams a file, or a range of it. */
async function cat(
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const [arg] = requiredArgs(params, 'ipfs-path');
  const entry = await ctx.repo.resolve(parseIpfsPath(arg!));
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
}

/** Lists the links of each path. */
async function ls(
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const objects = [];
  for (const arg of requiredArgs(params, 'ipfs-path')) {
    const entry = await ctx.repo.resolve(parseIpfsPath(arg));
    objects.push({ Hash: arg, Links: await lsLinks(ctx.repo, entry) });
  }
  sendJson(res, 200, { Objects: objects });
}

/** Pins or unpins each path and answers the CIDs it resolved to. */
async function changePins(
  ctx: CommandContext,
  res: ServerResponse,
  params: URLSearchParams,
  change: (cid: CID, recursive: boolean) => unknown,
): Promise<void> {
  const recursive = boolOption(params, 'recursive', true);
  const pins: string[] = [];
  for (const arg of requiredArgs(params, 'ipfs-path')) {
    const cid = await resolveCid(ctx.repo, arg);
    await change(cid, recursive);
    pins.push(cid.toString());
  }
  sendJson(res, 200, { Pins: pins });
}

/** Pins each path. */
const pinAdd = (
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
) => changePins(ctx, res, params, (cid, recursive) => ctx.repo.pinAdd(cid, recursive));

/** Unpins each path. */
const pinRm = (
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
) => changePins(ctx, res, params, (cid, recursive) => ctx.repo.pinRm(cid, recursive));

/** Lists pins, as one JSON object or a stream of lines. */
async function pinLs(
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const type = params.get('type') ?? 'all';
  if (type !== 'all' && type !== 'direct' && type !== 'indirect' && type !== 'recursive') {
    throw new IpfsError(
      `invalid type '${type}', must be one of {direct, indirect, recursive, all}`,
      {
        code: 1,
      },
    );
  }
  const cids = await Promise.all(params.getAll('arg').map((arg) => resolveCid(ctx.repo, arg)));
  const pins = await ctx.repo.pinLs(type, cids);
  if (boolOption(params, 'stream', false)) {
    res.writeHead(200, { 'content-type': 'application/json', 'x-chunked-output': '1' });
    res.end(pins.map((p) => `${JSON.stringify({ Cid: p.cid, Type: p.type })}\n`).join(''));
    return;
  }
  const keys: Record<string, { Type: string }> = {};
  for (const p of pins) keys[p.cid] = { Type: p.type };
  sendJson(res, 200, { Keys: keys });
}

/** The node's version. */
async function version(
  _ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  _params: URLSearchParams,
): Promise<void> {
  sendJson(res, 200, {
    Version: KUBO_VERSION,
    Commit: 'robonomics-devnet',
    Repo: '16',
    System: `${process.arch}/${process.platform}`,
    Golang: `none (Node ${process.version} stand-in)`,
  });
}

/** The node's identity (offline: no addresses). */
async function id(
  ctx: CommandContext,
  _req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
): Promise<void> {
  const arg = params.get('arg');
  if (arg && arg !== ctx.identity.id) throw new IpfsError('routing: not found');
  sendJson(res, 200, {
    ID: ctx.identity.id,
    PublicKey: ctx.identity.publicKey,
    // Offline: the devnet node has no swarm addresses.
    Addresses: [],
    AgentVersion: `kubo/${KUBO_VERSION}/robonomics-devnet`,
    Protocols: [],
  });
}

/**
 * The commands of kubo's RPC API that the app and the Home Assistant integration use, by name.
 * A Map: a path names only one of these, never a property inherited from Object.prototype.
 */
export function kuboCommands(context: CommandContext): ReadonlyMap<string, KuboCommand> {
  const commands: [string, typeof add][] = [
    ['add', add],
    ['cat', cat],
    ['ls', ls],
    ['pin/add', pinAdd],
    ['pin/rm', pinRm],
    ['pin/ls', pinLs],
    ['version', version],
    ['id', id],
  ];
  return new Map(
    commands.map(([name, run]): [string, KuboCommand] => [
      name,
      (req, res, params) => run(context, req, res, params),
    ]),
  );
}
