import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { exporter, type UnixFSEntry } from 'ipfs-unixfs-exporter';
import { type ImporterOptions, importer, type WritableStorage } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import { CID } from 'multiformats/cid';
import { removeTempFiles } from '../../store/durable-file.ts';
import { BlockNotFoundError, FileBlockstore } from './block-store.ts';
import { type PinMode, PinSet } from './pins.ts';

/** An error answered the kubo way: HTTP 500 (Code 0) or, for a bad request, 400 (Code 1). */
export class IpfsError extends Error {
  readonly code: 0 | 1;
  /** The content (a block or a path below it) is not on this node: a gateway 404. */
  readonly notFound: boolean;

  constructor(
    message: string,
    { code = 0, notFound = false }: { code?: 0 | 1; notFound?: boolean } = {},
  ) {
    super(message);
    this.name = 'IpfsError';
    this.code = code;
    this.notFound = notFound;
  }
}

export const DEFAULT_CHUNK_SIZE = 262_144;
/** Kubo refuses chunks above 1 MiB (they would not travel over bitswap). */
export const MAX_CHUNK_SIZE = 1_048_576;

export interface ImportSettings {
  cidVersion: 0 | 1;
  rawLeaves: boolean;
  chunkSize: number;
  wrapWithDirectory: boolean;
}

export const KUBO_DEFAULTS: ImportSettings = {
  cidVersion: 0,
  rawLeaves: false,
  chunkSize: DEFAULT_CHUNK_SIZE,
  wrapWithDirectory: false,
};

/**
 * The importer options that give kubo's `ipfs add` CIDs: fixed-size chunks, a balanced dag-pb
 * layout of at most 174 links per node, UnixFS "file" leaves (no raw leaves) and CIDv0. A file
 * that fits one chunk is a single node, as in kubo.
 */
export function kuboImporterOptions(settings: ImportSettings = KUBO_DEFAULTS): ImporterOptions {
  return {
    chunker: fixedSize({ chunkSize: settings.chunkSize }),
    layout: balanced({ maxChildrenPerNode: 174 }),
    cidVersion: settings.cidVersion,
    rawLeaves: settings.rawLeaves,
    leafType: 'file',
    reduceSingleLeafToSelf: true,
    wrapWithDirectory: settings.wrapWithDirectory,
    shardSplitThresholdBytes: 262_144,
    shardSplitStrategy: 'links-bytes',
  };
}

export interface AddInput {
  /** Relative path inside the add ('' for unnamed content). */
  path: string;
  /** File bytes; absent for a directory. */
  content?: Uint8Array;
}

export interface AddedEntry {
  /** The path, or the CID itself for unnamed content (kubo's Name). */
  name: string;
  cid: CID;
  /** Cumulative DAG size in bytes, as kubo's Size. */
  size: bigint;
}

export interface IpfsPath {
  cid: CID;
  /** Path segments below the CID. */
  rest: string[];
}

/**
 * The longest CID text read: real ones are under 100 characters; base58 decoding time grows
 * with the square of the length, so longer text is refused unread.
 */
export const MAX_CID_LENGTH = 256;

/** Parses "<cid>[/path]" or "/ipfs/<cid>[/path]" the way kubo reports a bad one. */
export function parseIpfsPath(arg: string): IpfsPath {
  const invalid = (reason: string) =>
    new IpfsError(`invalid path "${arg.length > 300 ? `${arg.slice(0, 300)}…` : arg}": ${reason}`);
  let text = arg.trim();
  if (text.startsWith('/ipns/')) throw invalid('IPNS names are not served by the devnet node');
  if (text.startsWith('/ipfs/')) text = text.slice('/ipfs/'.length);
  else if (text.startsWith('/')) throw invalid('unknown namespace');
  const [first = '', ...rest] = text.split('/');
  if (!first) throw invalid('path does not have enough components');
  if (first.length > MAX_CID_LENGTH) throw invalid('invalid cid: too long');
  let cid: CID;
  try {
    cid = CID.parse(first);
  } catch (error) {
    throw invalid(`invalid cid: ${(error as Error).message}`);
  }
  return { cid, rest: rest.filter((segment) => segment !== '') };
}

/** A relative UnixFS path from an uploaded file name; refuses names that climb out. */
export function normaliseAddPath(name: string): string {
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new IpfsError(`invalid file name "${name}"`, { code: 1 });
  return segments.join('/');
}

const discard: WritableStorage = { put: async (cid: CID) => cid };

/** The devnet's IPFS node: blocks on disk, pins, and the UnixFS operations of the RPC API. */
export class IpfsRepo {
  readonly blocks: FileBlockstore;
  readonly pins: PinSet;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    // Interrupted writes of the pin list leave temporary files here; the block store cleans its own.
    removeTempFiles(dir);
    this.blocks = new FileBlockstore(join(dir, 'blocks'));
    this.pins = new PinSet(join(dir, 'pins.json'));
  }

  /** Imports files and directories; pins the top-level results unless `pin` is false. */
  async add(
    inputs: AddInput[],
    settings: ImportSettings = KUBO_DEFAULTS,
    { pin = true, onlyHash = false }: { pin?: boolean; onlyHash?: boolean } = {},
  ): Promise<AddedEntry[]> {
    const candidates = inputs.map((input) =>
      input.content === undefined
        ? { path: input.path }
        : { path: input.path || undefined, content: input.content },
    );
    const added: AddedEntry[] = [];
    const store = onlyHash ? discard : this.blocks;
    for await (const entry of importer(candidates, store, kuboImporterOptions(settings))) {
      const path = entry.path ?? '';
      added.push({
        name: path === '' && !settings.wrapWithDirectory ? entry.cid.toString() : path,
        cid: entry.cid,
        size: entry.size,
      });
    }
    if (pin && !onlyHash) {
      // Kubo pins the roots of an add: the wrapping directory, or each top-level entry.
      for (const entry of added) {
        const isRoot = settings.wrapWithDirectory
          ? entry.name === ''
          : !entry.name.includes('/') || entry.name === entry.cid.toString();
        if (isRoot) this.pins.add(entry.cid.toString(), 'recursive');
      }
    }
    return added;
  }

  /** Resolves a path to a UnixFS entry (blocks must be local: the devnet node is offline). */
  async resolve(path: IpfsPath): Promise<UnixFSEntry> {
    let entry = await this.#export(path.cid, path.cid.toString());
    // One step at a time: the exporter resolves a name below a file to the file itself.
    for (const segment of path.rest) {
      if (entry.type !== 'directory') {
        throw new IpfsError(`no link named "${segment}" under ${entry.cid}`, { notFound: true });
      }
      entry = await this.#export(entry.cid, `${entry.cid}/${segment}`);
    }
    return entry;
  }

  async #export(cid: CID, path: string): Promise<UnixFSEntry> {
    try {
      return await exporter(path, this.blocks);
    } catch (error) {
      if (error instanceof BlockNotFoundError) {
        throw new IpfsError(error.message, { notFound: true });
      }
      const err = error as Error & { code?: string };
      if (err.code === 'ERR_NOT_FOUND') {
        const name = path.slice(path.indexOf('/') + 1);
        throw new IpfsError(`no link named "${name}" under ${cid}`, { notFound: true });
      }
      throw new IpfsError(err.message);
    }
  }

  /** The CIDs directly linked from a node (none for raw or non-dag-pb blocks). */
  async links(cid: CID): Promise<CID[]> {
    const entry = await this.resolve({ cid, rest: [] });
    if (entry.type === 'file' || entry.type === 'directory') {
      return entry.node.Links.map((link) => link.Hash);
    }
    return [];
  }

  /** Every CID below a root, depth first; fails on the first missing block. */
  async *descendants(root: CID): AsyncGenerator<CID> {
    const stack = [...(await this.links(root))].reverse();
    const seen = new Set<string>();
    while (stack.length > 0) {
      const cid = stack.pop()!;
      const key = cid.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      yield cid;
      stack.push(...(await this.links(cid)).reverse());
    }
  }

  async pinAdd(cid: CID, recursive: boolean): Promise<void> {
    const key = cid.toString();
    const current = this.pins.mode(key);
    if (!recursive && current === 'recursive') {
      throw new IpfsError(`pin: ${key} already pinned recursively`);
    }
    // Kubo fetches the whole DAG before pinning; offline, every block must already be here.
    await this.resolve({ cid, rest: [] });
    if (recursive) for await (const _ of this.descendants(cid));
    this.pins.add(key, recursive ? 'recursive' : 'direct');
  }

  pinRm(cid: CID, recursive: boolean): void {
    const key = cid.toString();
    const current = this.pins.mode(key);
    if (current === null) throw new IpfsError('not pinned or pinned indirectly');
    if (current === 'recursive' && !recursive) {
      throw new IpfsError(`${key} is pinned recursively`);
    }
    this.pins.remove(key);
  }

  /** Indirect pins: every block below a recursive pin, with the root it hangs from. */
  async indirectPins(): Promise<Map<string, string>> {
    const indirect = new Map<string, string>();
    for (const root of this.pins.recursive) {
      try {
        for await (const cid of this.descendants(CID.parse(root))) {
          const key = cid.toString();
          if (!this.pins.recursive.has(key) && !indirect.has(key)) indirect.set(key, root);
        }
      } catch {
        // A pin whose blocks went missing still lists; its children cannot.
      }
    }
    return indirect;
  }

  /** Kubo's `pin ls`: pins of a type, or the pin status of the given CIDs. */
  async pinLs(
    type: 'all' | PinMode | 'indirect',
    cids: CID[] = [],
  ): Promise<{ cid: string; type: string }[]> {
    const wantsIndirect = type === 'all' || type === 'indirect';
    const indirect = wantsIndirect ? await this.indirectPins() : new Map<string, string>();
    if (cids.length > 0) {
      return cids.map((cid) => {
        const key = cid.toString();
        const mode = this.pins.mode(key);
        if (mode && (type === 'all' || type === mode)) return { cid: key, type: mode };
        const root = indirect.get(key);
        if (root) return { cid: key, type: `indirect through ${root}` };
        throw new IpfsError(`path '${key}' is not pinned`);
      });
    }
    const result: { cid: string; type: string }[] = [];
    if (type === 'all' || type === 'recursive') {
      for (const cid of this.pins.recursive) result.push({ cid, type: 'recursive' });
    }
    if (type === 'all' || type === 'direct') {
      for (const cid of this.pins.direct) result.push({ cid, type: 'direct' });
    }
    for (const cid of indirect.keys()) {
      if (!this.pins.direct.has(cid)) result.push({ cid, type: 'indirect' });
    }
    return result;
  }
}

export type { PinMode };
