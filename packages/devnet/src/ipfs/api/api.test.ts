import { MemoryBlockstore } from 'blockstore-core';
import { importer } from 'ipfs-unixfs-importer';
import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../common/test-support.ts';
import { startIpfsService } from '../service.ts';
import {
  pseudoRandomBytes,
  type SeedAccounts,
  seedAccounts,
  startTestDevnet,
  type TestDevnet,
  web3Headers,
} from '../test-support.ts';

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * The CID and size kubo gives with its defaults, computed independently of the service: the
 * importer's "unixfs-v0-2015" profile (IPIP-499's name for kubo's legacy defaults).
 */
async function reference(content: Uint8Array): Promise<{ cid: string; size: number }> {
  for await (const entry of importer([{ content }], new MemoryBlockstore(), {
    profile: 'unixfs-v0-2015',
  })) {
    return { cid: entry.cid.toString(), size: Number(entry.size) };
  }
  throw new Error('no import result');
}

async function concat(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

let devnet: TestDevnet;
let accounts: SeedAccounts;
let client: KuboRPCClient;

beforeAll(async () => {
  accounts = await seedAccounts();
  devnet = await startTestDevnet();
  client = create({
    url: devnet.ipfs.apiUrl,
    headers: web3Headers(accounts.alice, accounts.alice.address),
  });
});

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

describe('kubo RPC: add', () => {
  it('gives the well-known kubo CIDs and sizes of small files', async () => {
    const empty = await client.add(new Uint8Array(0));
    expect(empty.cid.toString()).toBe('QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH');
    expect(empty.size).toBe(6);
    // `echo "hello world" | ipfs add` (with the newline).
    const line = await client.add('hello world\n');
    expect(line.cid.toString()).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    expect(line.size).toBe(20);
    // `printf 'hello world' | ipfs add` (no newline).
    const bare = await client.add('hello world');
    expect(bare.cid.toString()).toBe('Qmf412jQZiuVUtdgnB36FXFX7xg5V6KEbSJ4dpQuhkLyfD');
    expect(bare.size).toBe(19);
    // Unnamed content is named by its CID, which the app reads as the result's path.
    expect(bare.path).toBe(bare.cid.toString());
  });

  it.each([
    ['0 B', 0],
    ['1 B', 1],
    ['256 KiB', 256 * KIB],
    ['256 KiB + 1', 256 * KIB + 1],
    ['5 MiB', 5 * MIB],
  ])('adds %s with kubo’s default CID and size, and cats it back', async (_label, length) => {
    const content = pseudoRandomBytes(length, length + 1);
    const expected = await reference(content);
    const added = await client.add(content);
    expect(added.cid.toString()).toBe(expected.cid);
    expect(added.size).toBe(expected.size);
    // CIDv0: dag-pb with a sha2-256 digest, so it converts to an H256 (docs/crypto.md).
    const cid = CID.parse(added.cid.toString());
    expect(cid.version).toBe(0);
    expect(cid.multihash.code).toBe(0x12);
    expect(cid.multihash.digest).toHaveLength(32);
    const back = await concat(client.cat(added.cid));
    expect(Buffer.compare(back, content)).toBe(0);
  });

  it('starts a second level of the balanced DAG after 174 chunks, as kubo', async () => {
    // 174 chunks fill one node; one more byte forces a second level in the balanced layout.
    const content = pseudoRandomBytes(174 * 256 * KIB + 1, 7);
    const added = await client.add(content);
    expect(added.cid.toString()).toBe((await reference(content)).cid);
  });

  it('names files by their path and builds the directories around them', async () => {
    const results = await collect(
      client.addAll([
        { path: 'home/config.json', content: new TextEncoder().encode('{"a":1}') },
        { path: 'home/readme.txt', content: new TextEncoder().encode('hi') },
      ]),
    );
    expect(results.map((r) => r.path)).toEqual(['home/config.json', 'home/readme.txt', 'home']);
    const reference = await collect(
      importer(
        [
          { path: 'home/config.json', content: new TextEncoder().encode('{"a":1}') },
          { path: 'home/readme.txt', content: new TextEncoder().encode('hi') },
        ],
        new MemoryBlockstore(),
        { profile: 'unixfs-v0-2015' },
      ),
    );
    expect(results.map((r) => r.cid.toString())).toEqual(reference.map((r) => r.cid.toString()));
    const dir = results[2]!.cid;
    expect(new TextDecoder().decode(await concat(client.cat(`/ipfs/${dir}/config.json`)))).toBe(
      '{"a":1}',
    );
  });

  it('honours cid-version=1 (raw leaves) and only-hash', async () => {
    const content = pseudoRandomBytes(300 * KIB, 3);
    const v1 = await client.add(content, { cidVersion: 1, onlyHash: true });
    expect(v1.cid.version).toBe(1);
    expect(v1.cid.toString()).toBe(
      (
        await collect(
          importer([{ content }], new MemoryBlockstore(), { cidVersion: 1, rawLeaves: true }),
        )
      )[0]!.cid.toString(),
    );
    // only-hash stores nothing.
    await expect(concat(client.cat(v1.cid))).rejects.toThrow(/not found/);
  });
});

describe('kubo RPC: cat and ls', () => {
  it('cats a byte range', async () => {
    const added = await client.add('0123456789');
    const part = await concat(client.cat(added.cid, { offset: 2, length: 5 }));
    expect(new TextDecoder().decode(part)).toBe('23456');
  });

  it('lists a directory with names, types and file sizes', async () => {
    const results = await collect(
      client.addAll([
        { path: 'ls/a.txt', content: new TextEncoder().encode('aaa') },
        { path: 'ls/sub/b.txt', content: new TextEncoder().encode('bb') },
      ]),
    );
    const root = results.find((r) => r.path === 'ls')!.cid;
    const entries = await collect(client.ls(root));
    expect(entries.map((e) => [e.name, e.type, e.size])).toEqual([
      ['a.txt', 'file', 3],
      ['sub', 'dir', 0],
    ]);
    expect(entries[0]!.cid.toString()).toBe(
      results.find((r) => r.path === 'ls/a.txt')!.cid.toString(),
    );
  });

  it('lists the chunks of a multi-block file', async () => {
    const added = await client.add(pseudoRandomBytes(5 * MIB, 11));
    const chunks = await collect(client.ls(added.cid));
    expect(chunks).toHaveLength(20);
    expect(chunks.every((c) => c.size === 256 * KIB && c.type === 'file' && c.name === '')).toBe(
      true,
    );
  });

  it('answers errors as kubo: 500 with Message, Code 0 and Type "error"', async () => {
    const post = (path: string) =>
      fetch(`${devnet.ipfs.apiUrl}/api/v0/${path}`, {
        method: 'POST',
        headers: web3Headers(accounts.alice, accounts.alice.address),
      });
    const bad = await post('cat?arg=not-a-cid');
    expect(bad.status).toBe(500);
    expect(bad.headers.get('content-type')).toBe('application/json');
    const body = (await bad.json()) as Record<string, unknown>;
    expect(body).toEqual({
      Message: expect.stringContaining('invalid path "not-a-cid"'),
      Code: 0,
      Type: 'error',
    });

    const missing = await post('cat?arg=QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG');
    expect(missing.status).toBe(500);
    expect(((await missing.json()) as { Message: string }).Message).toBe(
      'block was not found locally (offline): ipld: could not find QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
    );

    const noArg = await post('cat');
    expect(noArg.status).toBe(400);
    expect(await noArg.json()).toEqual({
      Message: 'argument "ipfs-path" is required',
      Code: 1,
      Type: 'error',
    });

    const dir = (await collect(client.addAll([{ path: 'd/x', content: new Uint8Array([1]) }]))).at(
      -1,
    )!;
    const catDir = await post(`cat?arg=${dir.cid}`);
    expect(catDir.status).toBe(500);
    expect(((await catDir.json()) as { Message: string }).Message).toBe(
      'this dag node is a directory',
    );

    expect((await post('nope')).status).toBe(404);
    // Names of Object.prototype are no commands either (they used to leave the request hanging).
    expect((await post('constructor')).status).toBe(404);
    expect((await post('toString')).status).toBe(404);
    const get = await fetch(`${devnet.ipfs.apiUrl}/api/v0/version`, {
      headers: web3Headers(accounts.alice, accounts.alice.address),
    });
    expect(get.status).toBe(405);
  });

  it('reports a kubo version and a stable ed25519 peer id', async () => {
    const version = await client.version();
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    const id = await client.id();
    expect(id.id.toString()).toMatch(/^12D3KooW/);
    expect(id.id.type).toBe('Ed25519');
  });
});

describe('kubo RPC: pins', () => {
  it('pins what it adds, lists indirect blocks, unpins and re-pins', async () => {
    const added = await client.add(pseudoRandomBytes(600 * KIB, 5));
    const cid = added.cid.toString();
    const recursive = await collect(client.pin.ls({ type: 'recursive' }));
    expect(recursive.map((p) => p.cid.toString())).toContain(cid);
    expect(await collect(client.pin.ls({ paths: [added.cid] }))).toEqual([
      { type: 'recursive', cid: added.cid },
    ]);
    // The three chunks hang from the root.
    const chunks = await collect(client.ls(added.cid));
    expect(chunks).toHaveLength(3);
    const indirect = await collect(client.pin.ls({ paths: [chunks[0]!.cid] }));
    expect(indirect[0]!.type).toBe(`indirect through ${cid}`);
    const all = await collect(client.pin.ls());
    expect(all.filter((p) => p.type === 'indirect').map((p) => p.cid.toString())).toEqual(
      expect.arrayContaining(chunks.map((c) => c.cid.toString())),
    );

    expect((await client.pin.rm(added.cid)).toString()).toBe(cid);
    await expect(collect(client.pin.ls({ paths: [added.cid] }))).rejects.toThrow(/is not pinned/);
    await expect(client.pin.rm(added.cid)).rejects.toThrow('not pinned or pinned indirectly');
    // Unpinned data stays readable (no garbage collection on the devnet).
    expect((await concat(client.cat(added.cid))).length).toBe(600 * KIB);

    expect((await client.pin.add(added.cid)).toString()).toBe(cid);
    expect(await collect(client.pin.ls({ paths: [added.cid] }))).toEqual([
      { type: 'recursive', cid: added.cid },
    ]);
  });

  it('does not pin with pin=false, pins directly on request, refuses unknown blocks', async () => {
    const added = await client.add('not pinned', { pin: false });
    await expect(collect(client.pin.ls({ paths: [added.cid] }))).rejects.toThrow(/is not pinned/);
    await client.pin.add(added.cid, { recursive: false });
    expect(await collect(client.pin.ls({ paths: [added.cid] }))).toEqual([
      { type: 'direct', cid: added.cid },
    ]);
    await expect(client.pin.add('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).rejects.toThrow(
      /block was not found locally/,
    );
  });
});

describe('persistence', () => {
  it('keeps blocks, pins and the peer id across a restart of the service', async () => {
    const content = pseudoRandomBytes(700 * KIB, 21);
    const added = await client.add(content);
    const idBefore = (await client.id()).id.toString();
    await devnet.ipfs.stop();

    devnet.ipfs = await startIpfsService(devnet.options, new Map([['chain', devnet.chain]]));
    client = create({
      url: devnet.ipfs.apiUrl,
      headers: web3Headers(accounts.alice, accounts.alice.address),
    });
    expect(Buffer.compare(await concat(client.cat(added.cid)), content)).toBe(0);
    expect(await collect(client.pin.ls({ paths: [added.cid] }))).toEqual([
      { type: 'recursive', cid: added.cid },
    ]);
    expect((await client.id()).id.toString()).toBe(idBefore);
  });
});
