// A file read from a gateway, checked against its address (docs/ipfs-gateways.md, "Verified
// reads"): every block's bytes are hashed and compared with its CID, the DAG is walked from the
// root CID (through the path, if any) and the UnixFS file is put together from the checked blocks
// only. Nothing a gateway sends is believed: whatever does not check out is refused.
import { CarBlockIterator } from '@ipld/car/iterator';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { base58btc } from 'multiformats/bases/base58';
import { equals } from 'multiformats/bytes';
import { CID } from 'multiformats/cid';

const RAW = 0x55;
const DAG_PB = 0x70;
const IDENTITY = 0x00;
const SHA2_256 = 0x12;

/** How much a file may take: its bytes, the blocks walked and the depth of its DAG. */
export interface VerifyBounds {
  maxBytes: number;
  maxBlocks: number;
  maxDepth: number;
}

export const DEFAULT_BOUNDS: VerifyBounds = {
  maxBytes: 20 * 1024 * 1024,
  // A 20 MiB file of kubo's 256 KiB chunks is 81 blocks; 10,000 leaves room for small chunks.
  maxBlocks: 10_000,
  // Kubo's balanced layout (174 links a node) is 4 levels deep at 20 MiB; a trickle DAG or a
  // sharded folder on the path goes deeper, never near this.
  maxDepth: 32,
};

/** What a gateway did wrong, when the answer does not check out. */
export type GatewayFault =
  /** Bytes that are not the ones the address names (another file, altered blocks). */
  | 'mismatch'
  /** A block of the file is missing, or the answer stops half-way. */
  | 'incomplete'
  /** Blocks that are not part of the file, or more blocks than a file may have. */
  | 'extra'
  /** Not a CAR file at all. */
  | 'malformed'
  /** The plain file instead of its blocks, which cannot be checked. */
  | 'unverifiable';

/** The gateway's answer does not check out: another gateway may serve the file. */
export class VerifyError extends Error {
  constructor(
    readonly fault: GatewayFault,
    message: string,
  ) {
    super(message);
    this.name = 'VerifyError';
  }
}

/** The file itself (checked) is not one the app reads: no gateway can change that. */
export class FileShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileShapeError';
  }
}

/** An IPFS path `<cid>[/<path>]`: the root CID and the names below it. */
export interface IpfsAddress {
  root: CID;
  segments: string[];
  /** As given, for messages. */
  text: string;
}

/** Real CIDs are under 100 characters; longer text is refused unread. */
const MAX_CID_TEXT = 256;

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Parses `<cid>[/<path>]` (a leading `/ipfs/` is dropped). */
export function parseIpfsAddress(path: string): IpfsAddress {
  const text = path
    .trim()
    .replace(/^\/+/, '')
    .replace(/^ipfs\//, '');
  const [first = '', ...rest] = text.split('/');
  let root: CID | null = null;
  if (first.length <= MAX_CID_TEXT) {
    try {
      root = CID.parse(first);
    } catch {
      root = null;
    }
  }
  if (!root) throw new FileShapeError(`${first || path} is not an IPFS address`);
  const segments = rest.filter((s) => s !== '').map(decodeSegment);
  return { root, segments, text };
}

/** `<cid>[/<path>]` for a gateway URL, each name escaped. */
export function addressPath(address: IpfsAddress): string {
  return [address.root.toString(), ...address.segments.map(encodeURIComponent)].join('/');
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  // WebCrypto where the page has it (a secure context), else a small library in a chunk of its own.
  const subtle = globalThis.crypto?.subtle;
  if (subtle)
    return new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  const { sha256: hash } = await import('@noble/hashes/sha2.js');
  return hash(bytes);
}

const hashSupported = (cid: CID) =>
  cid.multihash.code === IDENTITY ||
  (cid.multihash.code === SHA2_256 && cid.multihash.digest.length === 32);

/** Whether `bytes` are the block `cid` names (its hash must be one the app can check). */
export async function blockMatches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  if (!hashSupported(cid)) throw new FileShapeError(`${cid} uses a hash this app cannot check`);
  if (cid.multihash.code === IDENTITY) return equals(cid.multihash.digest, bytes);
  return equals(await sha256(bytes), cid.multihash.digest);
}

/** A block's key: its multihash, so a CIDv0 and a CIDv1 of the same bytes are one block. */
const keyOf = (cid: CID) => base58btc.baseEncode(cid.multihash.bytes);

/** Blocks whose bytes were checked against their CIDs; which ones the walk used. */
export class CheckedBlocks {
  private readonly blocks = new Map<string, Uint8Array>();
  private readonly used = new Set<string>();
  private visits = 0;

  constructor(private readonly bounds: VerifyBounds = DEFAULT_BOUNDS) {}

  get size(): number {
    return this.blocks.size;
  }

  /** Checks a block and keeps it; bytes that are not the CID's are a mismatch. */
  async add(cid: CID, bytes: Uint8Array): Promise<void> {
    if (!hashSupported(cid)) {
      throw new VerifyError('unverifiable', 'sent blocks whose hash this app cannot check');
    }
    if (!(await blockMatches(cid, bytes))) {
      throw new VerifyError('mismatch', 'sent a file that does not match its address');
    }
    if (cid.multihash.code !== IDENTITY) this.blocks.set(keyOf(cid), bytes);
  }

  has(cid: CID): boolean {
    return cid.multihash.code === IDENTITY || this.blocks.has(keyOf(cid));
  }

  /** A block the walk needs: missing is the gateway's fault. */
  get(cid: CID): Uint8Array {
    if (!hashSupported(cid)) throw new FileShapeError(`${cid} uses a hash this app cannot check`);
    if (++this.visits > this.bounds.maxBlocks) throw new FileShapeError('File not available');
    if (cid.multihash.code === IDENTITY) return cid.multihash.digest;
    const key = keyOf(cid);
    const bytes = this.blocks.get(key);
    if (!bytes) throw new VerifyError('incomplete', 'sent an incomplete file (a block is missing)');
    this.used.add(key);
    return bytes;
  }

  /** Blocks kept that the walk never needed. */
  unused(): number {
    let count = 0;
    for (const key of this.blocks.keys()) if (!this.used.has(key)) count++;
    return count;
  }
}

interface Node {
  node: dagPb.PBNode;
  unixfs: UnixFS;
}

function readNode(blocks: CheckedBlocks, cid: CID, shown: string): Node {
  const bytes = blocks.get(cid);
  try {
    const node = dagPb.decode(bytes);
    if (!node.Data) throw new Error('no UnixFS data');
    return { node, unixfs: UnixFS.unmarshal(node.Data) };
  } catch {
    throw new FileShapeError(`${shown} is not a file this app can read`);
  }
}

/**
 * The link named `name` in a sharded folder (a HAMT). Entries are named by a hex prefix and the
 * name; a link named by the prefix alone is a deeper shard. The gateway sends the shards on the
 * way to the name only, so the ones it sent are followed: each is checked, and a name occurs
 * once in a folder, so the entry found is the folder's.
 */
function findInShard(
  blocks: CheckedBlocks,
  { node, unixfs }: Node,
  name: string,
  depth: number,
  bounds: VerifyBounds,
  shown: string,
): dagPb.PBLink | null {
  if (depth > bounds.maxDepth) throw new FileShapeError('File not available');
  const fanout = Number(unixfs.fanout ?? 0n);
  if (!Number.isInteger(fanout) || fanout < 2) {
    throw new FileShapeError(`${shown} is not a file this app can read`);
  }
  const prefix = (fanout - 1).toString(16).length;
  for (const link of node.Links) {
    const linkName = link.Name ?? '';
    if (linkName.length > prefix && linkName.slice(prefix) === name) return link;
  }
  for (const link of node.Links) {
    if ((link.Name ?? '').length !== prefix || !blocks.has(link.Hash)) continue;
    const shard = readNode(blocks, link.Hash, shown);
    if (shard.unixfs.type !== 'hamt-sharded-directory') continue;
    const found = findInShard(blocks, shard, name, depth + 1, bounds, shown);
    if (found) return found;
  }
  return null;
}

/** The CID the path names below the root, walking the folders on the way. */
function resolvePath(blocks: CheckedBlocks, address: IpfsAddress, bounds: VerifyBounds): CID {
  if (address.segments.length > bounds.maxDepth) throw new FileShapeError('File not available');
  let cid = address.root;
  for (const segment of address.segments) {
    const notFound = new FileShapeError(`${address.text} not found in ipfs`);
    if (cid.code !== DAG_PB) throw notFound;
    const node = readNode(blocks, cid, address.text);
    let link: dagPb.PBLink | null | undefined;
    if (node.unixfs.type === 'directory') {
      link = node.node.Links.find((l) => l.Name === segment);
    } else if (node.unixfs.type === 'hamt-sharded-directory') {
      link = findInShard(blocks, node, segment, 0, bounds, address.text);
    } else throw notFound;
    if (!link) throw notFound;
    cid = link.Hash;
  }
  return cid;
}

/** Appends the file under `cid` to `out`, depth first; returns its size. */
function readFile(
  blocks: CheckedBlocks,
  cid: CID,
  out: { parts: Uint8Array[]; bytes: number },
  depth: number,
  bounds: VerifyBounds,
  shown: string,
): number {
  if (depth > bounds.maxDepth) throw new FileShapeError('File not available');
  const push = (bytes: Uint8Array) => {
    out.bytes += bytes.length;
    if (out.bytes > bounds.maxBytes) throw new FileShapeError('File not available');
    if (bytes.length > 0) out.parts.push(bytes);
    return bytes.length;
  };
  if (cid.code === RAW) return push(blocks.get(cid));
  if (cid.code !== DAG_PB) throw new FileShapeError(`${shown} is not a file this app can read`);
  const { node, unixfs } = readNode(blocks, cid, shown);
  if (unixfs.type === 'directory' || unixfs.type === 'hamt-sharded-directory') {
    throw new FileShapeError(`${shown} is a folder, not a file`);
  }
  if (unixfs.type !== 'file' && unixfs.type !== 'raw') {
    throw new FileShapeError(`${shown} is not a file this app can read`);
  }
  let size = unixfs.data ? push(unixfs.data) : 0;
  if (node.Links.length !== unixfs.blockSizes.length) {
    throw new FileShapeError(`${shown} is not a file this app can read`);
  }
  node.Links.forEach((link, i) => {
    const part = readFile(blocks, link.Hash, out, depth + 1, bounds, shown);
    // Each part must be as long as its parent says, as the file's size is made of them.
    if (BigInt(part) !== unixfs.blockSizes[i]) {
      throw new FileShapeError(`${shown} is not a file this app can read`);
    }
    size += part;
  });
  return size;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The file at `address` from checked blocks: the path walked from the root, the file put
 * together from its blocks. A block the walk needs and does not have is the gateway's fault
 * ('incomplete'); so are blocks it was sent and did not need ('extra').
 */
export function fileFromBlocks(
  blocks: CheckedBlocks,
  address: IpfsAddress,
  bounds: VerifyBounds = DEFAULT_BOUNDS,
): Uint8Array {
  if (!blocks.has(address.root)) {
    // Blocks, but not the one asked for: another file's (an older envelope, say).
    if (blocks.size > 0) {
      throw new VerifyError('mismatch', 'sent a file that does not match its address');
    }
    throw new VerifyError('incomplete', 'sent an incomplete file (a block is missing)');
  }
  const cid = resolvePath(blocks, address, bounds);
  const out = { parts: [] as Uint8Array[], bytes: 0 };
  readFile(blocks, cid, out, 0, bounds, address.text);
  if (blocks.unused() > 0) {
    throw new VerifyError('extra', 'sent blocks that are not part of the file');
  }
  return concat(out.parts, out.bytes);
}

/** The file at `address` from a CAR answer (`application/vnd.ipld.car`), every block checked. */
export async function fileFromCar(
  car: Uint8Array,
  address: IpfsAddress,
  bounds: VerifyBounds = DEFAULT_BOUNDS,
): Promise<Uint8Array> {
  const blocks = new CheckedBlocks(bounds);
  let iterator: CarBlockIterator;
  try {
    iterator = await CarBlockIterator.fromBytes(car);
  } catch {
    throw new VerifyError('malformed', 'sent an answer that is not a CAR file');
  }
  let count = 0;
  try {
    // The CAR's own list of roots says nothing that can be checked: the address is the root.
    for await (const { cid, bytes } of iterator) {
      if (++count > bounds.maxBlocks) {
        throw new VerifyError('extra', 'sent more blocks than a file may have');
      }
      await blocks.add(cid, bytes);
    }
  } catch (error) {
    if (error instanceof VerifyError || error instanceof FileShapeError) throw error;
    throw new VerifyError('incomplete', 'sent an incomplete file (the answer stops half-way)');
  }
  return fileFromBlocks(blocks, address, bounds);
}

/** The file at `address` from a single block (`application/vnd.ipld.raw`): the root's. */
export async function fileFromBlock(
  block: Uint8Array,
  address: IpfsAddress,
  bounds: VerifyBounds = DEFAULT_BOUNDS,
): Promise<Uint8Array> {
  const blocks = new CheckedBlocks(bounds);
  await blocks.add(address.root, block);
  return fileFromBlocks(blocks, address, bounds);
}

/** A plain file is hashed whole only up to kubo's largest chunk: a single block's size. */
export const MAX_PLAIN_CHECK_BYTES = 1024 * 1024;

/**
 * The plain file (what a gateway sends without the trustless formats), when it can be checked
 * exactly: a raw block is hashed as it is; a dag-pb file of one block (as kubo adds files up to
 * its 256 KiB chunk) is rebuilt as that block and hashed. Returns null when it cannot be checked
 * (a path, a larger file, another layout); a raw block whose hash differs is a mismatch.
 */
export async function fileFromPlain(
  body: Uint8Array,
  address: IpfsAddress,
): Promise<Uint8Array | null> {
  const { root } = address;
  if (address.segments.length > 0 || body.length > MAX_PLAIN_CHECK_BYTES) return null;
  if (!hashSupported(root)) return null;
  if (root.code === RAW) {
    if (await blockMatches(root, body)) return body;
    throw new VerifyError('mismatch', 'sent a file that does not match its address');
  }
  if (root.code !== DAG_PB) return null;
  const block = dagPb.encode(
    dagPb.prepare({ Data: new UnixFS({ type: 'file', data: body }).marshal() }),
  );
  return (await blockMatches(root, block)) ? body : null;
}

/**
 * The file an identity CID holds (`bafkq…`: the bytes are in the CID), with no request; null
 * when it needs blocks from a gateway (a folder linking to other files, say).
 */
export function fileFromIdentity(address: IpfsAddress, bounds = DEFAULT_BOUNDS): Uint8Array | null {
  if (address.root.multihash.code !== IDENTITY) return null;
  try {
    return fileFromBlocks(new CheckedBlocks(bounds), address, bounds);
  } catch (error) {
    if (error instanceof VerifyError) return null;
    throw error;
  }
}
