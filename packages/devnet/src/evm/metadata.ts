import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importer, type WritableStorage } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import type { ServiceHandle } from '../common/options.ts';

/** What the app reads from ipfs://<tokenURI cid>: name and image (an ipfs:// URI). */
export interface TokenMetadata {
  name: string;
  image: string;
}

export const SEASON_PASS_NAME = 'Robonomics Season Pass 2024-2025';

/** The pass artwork, a small SVG (the app strips ipfs:// and loads it from the gateway). */
export const SEASON_PASS_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" rx="32" fill="#1b2a4a"/>
<circle cx="200" cy="170" r="92" fill="#f2b134"/>
<circle cx="168" cy="150" r="14" fill="#1b2a4a"/>
<circle cx="232" cy="150" r="14" fill="#1b2a4a"/>
<path d="M150 200 Q200 245 250 200" stroke="#1b2a4a" stroke-width="12" fill="none" stroke-linecap="round"/>
<text x="200" y="318" font-family="sans-serif" font-size="30" font-weight="bold" fill="#ffffff" text-anchor="middle">SEASON PASS</text>
<text x="200" y="356" font-family="sans-serif" font-size="22" fill="#f2b134" text-anchor="middle">2024-2025 · devnet</text>
</svg>
`;

const encoder = new TextEncoder();

/**
 * The CIDv0 kubo's `ipfs add` gives these bytes: 256 KiB fixed-size chunks in a balanced
 * dag-pb tree of UnixFS file nodes, no raw leaves. Blocks go to `store` when given.
 */
export async function cidV0Of(bytes: Uint8Array, store?: WritableStorage): Promise<string> {
  const sink: WritableStorage = store ?? { put: async (cid) => cid };
  let root: string | null = null;
  for await (const entry of importer([{ content: bytes }], sink, {
    cidVersion: 0,
    rawLeaves: false,
    leafType: 'file',
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: 262_144 }),
    layout: balanced({ maxChildrenPerNode: 174 }),
  })) {
    root = entry.cid.toString();
  }
  if (!root) throw new Error('the UnixFS importer produced no CID');
  return root;
}

/** The part of the devnet IPFS service handle this module uses (an in-process node). */
interface IpfsAdder {
  repo: {
    add(
      inputs: { path: string; content?: Uint8Array }[],
    ): Promise<{ cid: { toString(): string } }[]>;
  };
}

function isIpfsAdder(handle: ServiceHandle | undefined): handle is ServiceHandle & IpfsAdder {
  const repo = (handle as Partial<IpfsAdder> | undefined)?.repo;
  return typeof repo?.add === 'function';
}

export interface PublishedFile {
  cid: string;
  /** Where it went: the in-process IPFS node, or only the evm data folder. */
  storedIn: 'ipfs' | 'local';
}

/**
 * Publishes a file: added (and pinned) on the devnet IPFS node when it runs in this process,
 * and always kept as `<localDir>/<cid>` so it can be re-added by hand. The CID is computed
 * here and must match the node's.
 */
export async function publishFile(
  bytes: Uint8Array,
  localDir: string,
  ipfs: ServiceHandle | undefined,
): Promise<PublishedFile> {
  const cid = await cidV0Of(bytes);
  mkdirSync(localDir, { recursive: true });
  const file = join(localDir, cid);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  if (!isIpfsAdder(ipfs)) return { cid, storedIn: 'local' };
  const [added] = await ipfs.repo.add([{ path: '', content: bytes }]);
  const nodeCid = added?.cid.toString();
  if (nodeCid !== cid) {
    throw new Error(`the IPFS node stored the metadata as ${nodeCid}, expected ${cid}`);
  }
  return { cid, storedIn: 'ipfs' };
}

/** Publishes the pass image and the metadata JSON that points to it; returns the JSON's CID. */
export async function publishSeasonPassMetadata(
  localDir: string,
  ipfs: ServiceHandle | undefined,
): Promise<{ metadataCid: string; imageCid: string; metadata: TokenMetadata; storedIn: string }> {
  const image = await publishFile(encoder.encode(SEASON_PASS_IMAGE), localDir, ipfs);
  const metadata: TokenMetadata = { name: SEASON_PASS_NAME, image: `ipfs://${image.cid}` };
  const json = await publishFile(encoder.encode(JSON.stringify(metadata)), localDir, ipfs);
  return { metadataCid: json.cid, imageCid: image.cid, metadata, storedIn: json.storedIn };
}
