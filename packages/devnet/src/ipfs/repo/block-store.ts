import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BaseBlockstore } from 'blockstore-core';
import { base32upper } from 'multiformats/bases/base32';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import * as Digest from 'multiformats/hashes/digest';
import { removeTempFiles, TEMP_SUFFIX, writeFileDurablyAsync } from '../../store/durable-file.ts';

/** Kubo's wording for a block the (offline) node does not have. */
export class BlockNotFoundError extends Error {
  readonly code = 'ERR_NOT_FOUND';
  constructor(readonly cid: CID) {
    super(`block was not found locally (offline): ipld: could not find ${cid}`);
    this.name = 'NotFoundError';
  }
}

async function collect(
  value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<Uint8Array> {
  if (value instanceof Uint8Array) return value;
  const parts: Uint8Array[] = [];
  for await (const part of value) parts.push(part);
  return Buffer.concat(parts);
}

/** The identity multihash: the "hash" is the block itself. */
const IDENTITY_CODE = 0x00;

/**
 * A CID whose multihash is the identity: its block is in the CID (kubo's idstore answers it
 * without a lookup, and so does this store: `/ipfs/bafkqaaa` is the empty file on any gateway).
 */
const isIdentity = (cid: CID) => cid.multihash.code === IDENTITY_CODE;

/**
 * A file per block, as kubo's flatfs: the key is the base32 multihash (so a CIDv0 and a CIDv1 of
 * the same bytes share a file), sharded by its next-to-last two characters. Writes go to a
 * temporary file that is synced and then renamed into place, so a crash never leaves a torn
 * block and an added block is on disk before `add` answers; temporary files an interrupted
 * write left behind are removed at start (see docs/devnet-durability.md).
 */
export class FileBlockstore extends BaseBlockstore {
  readonly dir: string;
  /** Temporary files of interrupted writes removed when the store was opened. */
  readonly removedTempFiles: number;

  constructor(dir: string) {
    super();
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
    this.removedTempFiles = removeTempFiles(dir, 1);
  }

  #path(cid: CID): { shard: string; file: string } {
    const key = base32upper.baseEncode(cid.multihash.bytes);
    const shard = join(this.dir, key.slice(-3, -1));
    return { shard, file: join(shard, `${key}.data`) };
  }

  override async put(
    cid: CID,
    value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ): Promise<CID> {
    const bytes = await collect(value);
    if (isIdentity(cid)) return cid;
    const { shard, file } = this.#path(cid);
    if (await this.has(cid)) return cid;
    await mkdir(shard, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    await writeFileDurablyAsync(file, bytes, temp);
    return cid;
  }

  override async *get(cid: CID): AsyncGenerator<Uint8Array> {
    yield await this.getBytes(cid);
  }

  /** The whole block, or BlockNotFoundError. */
  async getBytes(cid: CID): Promise<Uint8Array> {
    if (isIdentity(cid)) return cid.multihash.digest;
    try {
      return await readFile(this.#path(cid).file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlockNotFoundError(cid);
      throw error;
    }
  }

  override async has(cid: CID): Promise<boolean> {
    if (isIdentity(cid)) return true;
    try {
      await access(this.#path(cid).file);
      return true;
    } catch {
      return false;
    }
  }

  override async delete(cid: CID): Promise<void> {
    await rm(this.#path(cid).file, { force: true });
  }

  /** Every block, keyed as raw CIDv1 (the store keeps multihashes, not codecs). */
  override async *getAll(): AsyncGenerator<{ cid: CID; bytes: AsyncGenerator<Uint8Array> }> {
    for (const shard of await readdir(this.dir)) {
      let names: string[];
      try {
        names = await readdir(join(this.dir, shard));
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.endsWith('.data')) continue;
        const multihash = base32upper.baseDecode(name.slice(0, -'.data'.length));
        const cid = CID.createV1(raw.code, Digest.decode(multihash));
        yield { cid, bytes: this.get(cid) };
      }
    }
  }
}
