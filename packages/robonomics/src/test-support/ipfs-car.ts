// Files added as kubo adds them (CIDv0, dag-pb UnixFS, 256 KiB chunks) and CAR files of their
// blocks, for the verified reads' tests.
import * as CarBuffer from '@ipld/car/buffer-writer';
import { exporter } from 'ipfs-unixfs-exporter';
import { importer } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import type { CID } from 'multiformats/cid';

export interface Block {
  cid: CID;
  bytes: Uint8Array;
}

/** Every block an add wrote, by CID text, in the order written. */
export type Blocks = Map<string, Block>;

/** Adds files the way `ipfs add` does by default; returns the root and every block. */
export async function addFiles(
  files: { path?: string; content: Uint8Array }[],
  {
    wrap = false,
    shardAbove,
    chunkSize = 262_144,
  }: { wrap?: boolean; shardAbove?: number; chunkSize?: number } = {},
): Promise<{ root: CID; blocks: Blocks }> {
  const blocks: Blocks = new Map();
  const store = {
    put: async (cid: CID, bytes: Uint8Array) => {
      blocks.set(cid.toString(), { cid, bytes });
      return cid;
    },
  };
  let root: CID | null = null;
  for await (const entry of importer(files, store, {
    chunker: fixedSize({ chunkSize }),
    layout: balanced({ maxChildrenPerNode: 174 }),
    cidVersion: 0,
    rawLeaves: false,
    leafType: 'file',
    reduceSingleLeafToSelf: true,
    wrapWithDirectory: wrap,
    shardSplitThresholdBytes: shardAbove ?? 262_144,
  })) {
    root = entry.cid;
  }
  if (!root) throw new Error('nothing added');
  return { root, blocks };
}

export const addFile = (content: Uint8Array) => addFiles([{ content }]);

/** The blocks a gateway sends for `<root>[/<path>]` with dag-scope=entity, in walking order. */
export async function entityBlocks(blocks: Blocks, path: string): Promise<Block[]> {
  const sent: Block[] = [];
  const store = {
    get: async function* (cid: CID) {
      const block = blocks.get(cid.toString());
      if (!block) throw new Error(`no block ${cid}`);
      if (!sent.includes(block)) sent.push(block);
      yield block.bytes;
    },
  };
  const entry = await exporter(path, store);
  if (entry.type === 'file') for await (const _ of entry.content());
  return sent;
}

/** A CARv1 of `blocks` with `roots` in its header. */
export function carOf(roots: CID[], blocks: Iterable<Block>): Uint8Array {
  const list = [...blocks];
  const size =
    CarBuffer.headerLength({ roots }) + list.reduce((n, b) => n + CarBuffer.blockLength(b), 0);
  const writer = CarBuffer.createWriter(new ArrayBuffer(size), { roots });
  for (const block of list) writer.write(block);
  return writer.close();
}

/** Bytes that do not repeat within a chunk, so every chunk is its own block. */
export function patterned(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
