import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { addFile, addFiles, carOf, entityBlocks, patterned } from '../test-support/ipfs-car.ts';
import {
  DEFAULT_BOUNDS,
  FileShapeError,
  fileFromBlock,
  fileFromCar,
  fileFromIdentity,
  fileFromPlain,
  parseIpfsAddress,
  VerifyError,
} from './verify.ts';

const text = (s: string) => new TextEncoder().encode(s);
const HELLO = text('hello world\n');
/** What `ipfs add` gives for "hello world\n" with kubo's defaults. */
const HELLO_CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';

const fault = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: unknown) => (e instanceof VerifyError ? e.fault : e),
  );

describe('fileFromCar', () => {
  it('puts a one-block file together from a correct CAR', async () => {
    const { root, blocks } = await addFile(HELLO);
    expect(root.toString()).toBe(HELLO_CID);
    const car = carOf([root], blocks.values());
    expect(await fileFromCar(car, parseIpfsAddress(HELLO_CID))).toEqual(HELLO);
  });

  it('puts a multi-block file over 256 KiB together in order', async () => {
    const content = patterned(700 * 1024);
    const { root, blocks } = await addFile(content);
    expect(blocks.size).toBe(4); // three 256 KiB chunks and their parent
    const car = carOf([root], await entityBlocks(blocks, root.toString()));
    const file = await fileFromCar(car, parseIpfsAddress(root.toString()));
    expect(file.length).toBe(content.length);
    expect(Buffer.compare(file, content)).toBe(0);
  });

  it('refuses a block whose bytes do not match its CID', async () => {
    const { root, blocks } = await addFile(patterned(300 * 1024));
    const list = await entityBlocks(blocks, root.toString());
    const leaf = list[1]!;
    const altered = new Uint8Array(leaf.bytes);
    altered[altered.length - 1]! ^= 1;
    const car = carOf([root], [list[0]!, { cid: leaf.cid, bytes: altered }, ...list.slice(2)]);
    const error = await fileFromCar(car, parseIpfsAddress(root.toString())).catch((e) => e);
    expect(error).toBeInstanceOf(VerifyError);
    expect(error).toMatchObject({
      fault: 'mismatch',
      message: 'sent a file that does not match its address',
    });
  });

  it('refuses another file, as a gateway lying with an older envelope would send it', async () => {
    const asked = await addFile(text('{"version":2}'));
    const older = await addFile(text('{"version":1}'));
    // The older file's genuine CAR, whatever root its header names.
    for (const roots of [[older.root], [asked.root]]) {
      const car = carOf(roots, older.blocks.values());
      expect(await fault(fileFromCar(car, parseIpfsAddress(asked.root.toString())))).toBe(
        'mismatch',
      );
    }
  });

  it('refuses a CAR with an extra block', async () => {
    const { root, blocks } = await addFile(HELLO);
    const other = await addFile(text('not part of it'));
    const car = carOf([root], [...blocks.values(), ...other.blocks.values()]);
    const error = await fileFromCar(car, parseIpfsAddress(root.toString())).catch((e) => e);
    expect(error).toMatchObject({
      fault: 'extra',
      message: 'sent blocks that are not part of the file',
    });
  });

  it('refuses a CAR with a missing block', async () => {
    const { root, blocks } = await addFile(patterned(600 * 1024));
    const list = await entityBlocks(blocks, root.toString());
    const car = carOf([root], [list[0]!, list[2]!, list[3]!]);
    const error = await fileFromCar(car, parseIpfsAddress(root.toString())).catch((e) => e);
    expect(error).toMatchObject({
      fault: 'incomplete',
      message: 'sent an incomplete file (a block is missing)',
    });
    // Without any block at all, too.
    expect(await fault(fileFromCar(carOf([root], []), parseIpfsAddress(root.toString())))).toBe(
      'incomplete',
    );
  });

  it('refuses a CAR cut off in the middle of a block', async () => {
    const { root, blocks } = await addFile(patterned(600 * 1024));
    const car = carOf([root], await entityBlocks(blocks, root.toString()));
    const cut = car.slice(0, car.length - 1000);
    expect(await fault(fileFromCar(cut, parseIpfsAddress(root.toString())))).toBe('incomplete');
  });

  it('refuses an HTML error page where a CAR was expected', async () => {
    const page = text('<!DOCTYPE html><html><body><h1>504 Gateway Time-out</h1></body></html>');
    const error = await fileFromCar(page, parseIpfsAddress(HELLO_CID)).catch((e) => e);
    expect(error).toMatchObject({
      fault: 'malformed',
      message: 'sent an answer that is not a CAR file',
    });
  });

  it('walks a path inside a folder, and says what is not there', async () => {
    const { root, blocks } = await addFiles(
      [
        { path: 'config.json', content: text('{"a":1}') },
        { path: 'states/today.json', content: text('{"b":2}') },
      ],
      { wrap: true },
    );
    const path = `${root}/states/today.json`;
    const car = carOf([root], await entityBlocks(blocks, path));
    expect(new TextDecoder().decode(await fileFromCar(car, parseIpfsAddress(path)))).toBe(
      '{"b":2}',
    );
    // The folders on the way are checked: the file of another name is not taken for it.
    const other = carOf([root], await entityBlocks(blocks, `${root}/config.json`));
    expect(await fault(fileFromCar(other, parseIpfsAddress(path)))).toBe('incomplete');
    const missing = parseIpfsAddress(`${root}/states/none.json`);
    const whole = carOf([root], await entityBlocks(blocks, `${root}/states`));
    const error = await fileFromCar(whole, missing).catch((e) => e);
    expect(error).toBeInstanceOf(FileShapeError);
    expect(error.message).toBe(`${root}/states/none.json not found in ipfs`);
    const folder = await fileFromCar(whole, parseIpfsAddress(`${root}/states`)).catch((e) => e);
    expect(folder.message).toBe(`${root}/states is a folder, not a file`);
  });

  it('walks a path inside a sharded folder', async () => {
    const files = Array.from({ length: 40 }, (_, i) => ({
      path: `token/${i}.json`,
      content: text(`{"name":"Pass #${i}"}`),
    }));
    const { root, blocks } = await addFiles(files, { wrap: true, shardAbove: 256 });
    const path = `${root}/token/27.json`;
    const sent = await entityBlocks(blocks, path);
    const car = carOf([root], sent);
    expect(new TextDecoder().decode(await fileFromCar(car, parseIpfsAddress(path)))).toBe(
      '{"name":"Pass #27"}',
    );
    const shard = UnixFS.unmarshal(dagPb.decode(sent[1]!.bytes).Data!);
    expect(shard.type).toBe('hamt-sharded-directory');
  });

  it('keeps to the bounds: bytes, blocks and depth', async () => {
    const { root, blocks } = await addFile(patterned(600 * 1024));
    const car = carOf([root], await entityBlocks(blocks, root.toString()));
    const address = parseIpfsAddress(root.toString());
    for (const bounds of [
      { ...DEFAULT_BOUNDS, maxBytes: 500 * 1024 },
      { ...DEFAULT_BOUNDS, maxDepth: 0 },
    ]) {
      const error = await fileFromCar(car, address, bounds).catch((e) => e);
      expect(error).toBeInstanceOf(FileShapeError);
      expect(error.message).toBe('File not available');
    }
    // More blocks than a file may have: the gateway's fault, not taken in.
    expect(await fault(fileFromCar(car, address, { ...DEFAULT_BOUNDS, maxBlocks: 3 }))).toBe(
      'extra',
    );
    expect(await fileFromCar(car, address, { ...DEFAULT_BOUNDS, maxBlocks: 4 })).toHaveLength(
      600 * 1024,
    );
    const deep = parseIpfsAddress(`${root}${'/a'.repeat(40)}`);
    expect((await fileFromCar(car, deep).catch((e) => e)).message).toBe('File not available');
  });
});

describe('single blocks and plain files', () => {
  it('checks a raw block answer', async () => {
    const cid = CID.createV1(raw.code, await sha256.digest(HELLO));
    expect(await fileFromBlock(HELLO, parseIpfsAddress(cid.toString()))).toEqual(HELLO);
    expect(await fault(fileFromBlock(text('other'), parseIpfsAddress(cid.toString())))).toBe(
      'mismatch',
    );
  });

  it('checks a plain answer only when it can be checked exactly', async () => {
    expect(await fileFromPlain(HELLO, parseIpfsAddress(HELLO_CID))).toEqual(HELLO);
    // Another small file, a file of several blocks, a path: not believed, not a proven lie.
    expect(await fileFromPlain(text('hello world!'), parseIpfsAddress(HELLO_CID))).toBeNull();
    const big = patterned(300 * 1024);
    const { root } = await addFile(big);
    expect(await fileFromPlain(big, parseIpfsAddress(root.toString()))).toBeNull();
    expect(await fileFromPlain(HELLO, parseIpfsAddress(`${HELLO_CID}/a`))).toBeNull();
    // A raw CID names the bytes themselves: other bytes are a lie.
    const cid = CID.createV1(raw.code, await sha256.digest(HELLO));
    expect(await fileFromPlain(HELLO, parseIpfsAddress(cid.toString()))).toEqual(HELLO);
    expect(await fault(fileFromPlain(text('x'), parseIpfsAddress(cid.toString())))).toBe(
      'mismatch',
    );
  });

  it('reads an identity CID without any block', () => {
    expect(fileFromIdentity(parseIpfsAddress('bafkqaaa'))).toEqual(new Uint8Array(0));
    const hi = CID.createV1(raw.code, identity.digest(text('hi')));
    expect(hi.toString().startsWith('bafkq')).toBe(true);
    expect(fileFromIdentity(parseIpfsAddress(hi.toString()))).toEqual(text('hi'));
    expect(fileFromIdentity(parseIpfsAddress(HELLO_CID))).toBeNull();
  });

  it('refuses text that is not an IPFS address', () => {
    expect(() => parseIpfsAddress('not-a-cid')).toThrow('not-a-cid is not an IPFS address');
    expect(() => parseIpfsAddress(`Qm${'x'.repeat(300)}`)).toThrow(FileShapeError);
  });
});
