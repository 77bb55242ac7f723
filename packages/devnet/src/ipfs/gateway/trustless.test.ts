import { CarBlockIterator } from '@ipld/car/iterator';
import * as dagPb from '@ipld/dag-pb';
import { fileFromCar, parseIpfsAddress } from '@robonomics-dapp/robonomics/ipfs/verify';
import { UnixFS } from 'ipfs-unixfs';
import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../common/test-support.ts';
import {
  pseudoRandomBytes,
  seedAccounts,
  startTestDevnet,
  type TestDevnet,
  web3Headers,
} from '../test-support.ts';

let devnet: TestDevnet;
let client: KuboRPCClient;
const encoder = new TextEncoder();
/** What `ipfs add` gives for "hello world\n" with kubo's defaults. */
const HELLO_CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const CAR_TYPE = 'application/vnd.ipld.car; version=1; order=dfs; dups=n';

beforeAll(async () => {
  const { bobEd, alice } = await seedAccounts();
  devnet = await startTestDevnet();
  client = create({ url: devnet.ipfs.apiUrl, headers: web3Headers(bobEd, alice.address) });
});

afterAll(async () => {
  await devnet?.stop();
  if (devnet) removeDir(devnet.dataDir);
});

const get = (path: string, init?: RequestInit) => fetch(`${devnet.ipfs.gatewayUrl}${path}`, init);

/** The blocks of a CAR answer, in order, each checked against its CID. */
async function blocksOf(res: Response): Promise<{ roots: CID[]; blocks: CID[] }> {
  const car = await CarBlockIterator.fromBytes(new Uint8Array(await res.arrayBuffer()));
  const blocks: CID[] = [];
  for await (const { cid, bytes } of car) {
    expect((await sha256.digest(bytes)).bytes).toEqual(cid.multihash.bytes);
    blocks.push(cid);
  }
  return { roots: await car.getRoots(), blocks };
}

/** A file's blocks in depth-first order, read from the node's own store. */
async function dfs(root: CID): Promise<string[]> {
  const out: string[] = [root.toString()];
  const node = dagPb.decode(await devnet.ipfs.repo.blocks.getBytes(root));
  for (const link of node.Links) out.push(...(await dfs(link.Hash)));
  return out;
}

describe('trustless answers (?format= and Accept), as kubo gives them', () => {
  it('a CAR of a file of several blocks: the blocks in depth-first order, once each', async () => {
    const bytes = pseudoRandomBytes(600 * 1024, 7);
    const { cid } = await client.add(bytes);
    const res = await get(`/ipfs/${cid}?format=car`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(CAR_TYPE);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${cid}.car"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=29030400, immutable');
    expect(res.headers.get('x-ipfs-roots')).toBe(cid.toString());
    expect(res.headers.get('vary')).toBe('Origin, Accept');
    expect(res.headers.get('etag')).toMatch(new RegExp(`^W/"${cid}\\.car\\.`));
    const { roots, blocks } = await blocksOf(res.clone());
    expect(roots.map(String)).toEqual([cid.toString()]);
    expect(blocks.map(String)).toEqual(await dfs(cid));
    expect(blocks).toHaveLength(4); // the root and three 256 KiB chunks
    // The app's verifier puts the file together from it.
    const file = await fileFromCar(
      new Uint8Array(await res.arrayBuffer()),
      parseIpfsAddress(cid.toString()),
    );
    expect(Buffer.compare(file, bytes)).toBe(0);
  });

  it('the same CAR through Accept; ?format= wins over Accept', async () => {
    const { cid } = await client.add(encoder.encode('hello world\n'));
    expect(cid.toString()).toBe(HELLO_CID);
    const byAccept = await get(`/ipfs/${cid}`, {
      headers: { accept: 'application/vnd.ipld.car; version=1; order=dfs; dups=n' },
    });
    expect(byAccept.headers.get('content-type')).toBe(CAR_TYPE);
    expect((await blocksOf(byAccept)).blocks.map(String)).toEqual([HELLO_CID]);
    const raw = await get(`/ipfs/${cid}?format=raw`, {
      headers: { accept: 'application/vnd.ipld.car' },
    });
    expect(raw.headers.get('content-type')).toBe('application/vnd.ipld.raw');
  });

  it('a raw block: the bytes of the block, which hash to the CID', async () => {
    const { cid } = await client.add(encoder.encode('{"a":1}'));
    const res = await get(`/ipfs/${cid}`, { headers: { accept: 'application/vnd.ipld.raw' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.ipld.raw');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${cid}.bin"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBe(`"${cid}.raw"`);
    const block = new Uint8Array(await res.arrayBuffer());
    expect((await sha256.digest(block)).bytes).toEqual(cid.multihash.bytes);
    expect(UnixFS.unmarshal(dagPb.decode(block).Data!).data).toEqual(encoder.encode('{"a":1}'));
    const head = await get(`/ipfs/${cid}?format=raw`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(block.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('dag-scope: the path, then the block, the entity or the whole DAG', async () => {
    const big = pseudoRandomBytes(300 * 1024, 3);
    const added: { path: string; cid: CID }[] = [];
    for await (const entry of client.addAll(
      [
        { path: 'home/config.json', content: encoder.encode('{"c":1}') },
        { path: 'home/states/big.bin', content: big },
      ],
      { wrapWithDirectory: true },
    )) {
      added.push(entry);
    }
    const cidOf = (path: string) => added.find((e) => e.path === path)!.cid.toString();
    const root = cidOf('');
    const path = `/ipfs/${root}/home/states/big.bin`;
    const onPath = [root, cidOf('home'), cidOf('home/states')];
    const file = await dfs(CID.parse(cidOf('home/states/big.bin')));
    const scoped = async (p: string, scope?: string) =>
      (
        await blocksOf(await get(`${p}?format=car${scope ? `&dag-scope=${scope}` : ''}`))
      ).blocks.map(String);
    expect(await scoped(path, 'entity')).toEqual([...onPath, ...file]);
    expect(await scoped(path, 'block')).toEqual([...onPath, file[0]]);
    expect(await scoped(path)).toEqual([...onPath, ...file]);
    // A folder's entity is its own node; "all" is everything under it.
    expect(await scoped(`/ipfs/${root}/home`, 'entity')).toEqual([root, cidOf('home')]);
    const all = await scoped(`/ipfs/${root}/home`, 'all');
    expect(all.slice(0, 2)).toEqual([root, cidOf('home')]);
    expect(new Set(all)).toEqual(new Set([...onPath, cidOf('home/config.json'), ...file]));
    const text = await fileFromCar(
      new Uint8Array(await (await get(`${path}?format=car&dag-scope=entity`)).arrayBuffer()),
      parseIpfsAddress(path),
    );
    expect(Buffer.compare(text, big)).toBe(0);
  });

  it('answers 404 for a CID it does not have and 400 for what it does not serve', async () => {
    const missing = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
    expect((await get(`/ipfs/${missing}?format=car`)).status).toBe(404);
    expect((await get(`/ipfs/${missing}?format=raw`)).status).toBe(404);
    const { cid } = await client.add(encoder.encode('x'));
    for (const query of [
      'format=dag-json',
      'format=car&dag-scope=some',
      'format=car&car-version=2',
      'format=car&entity-bytes=0:10',
    ]) {
      const res = await get(`/ipfs/${cid}?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('a block missing half-way ends the stream: the CAR is incomplete, never complete', async () => {
    const bytes = pseudoRandomBytes(600 * 1024, 11);
    const { cid } = await client.add(bytes, { pin: false });
    const blocks = await dfs(cid);
    await devnet.ipfs.repo.blocks.delete(CID.parse(blocks[2]!));
    const res = await get(`/ipfs/${cid}?format=car`);
    expect(res.status).toBe(200);
    // Cut off on the wire, or (if it arrived whole up to the cut) refused by the verifier.
    const outcome = await res.arrayBuffer().then(
      (body) =>
        fileFromCar(new Uint8Array(body), parseIpfsAddress(cid.toString())).then(
          () => 'whole',
          (error: { fault?: string }) => error.fault,
        ),
      () => 'cut off',
    );
    expect(['cut off', 'incomplete']).toContain(outcome);
  });
});
