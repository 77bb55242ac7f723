import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { $Metadata } from 'dedot/codecs';
import { describe, expect, it } from 'vitest';
import { KNOWN_ENDPOINTS } from '../network/endpoint.ts';
import {
  type ConnectedChain,
  cachedRuntime,
  forgetLegacyCache,
  keptMetadataOf,
  keptRuntimeOf,
  type MetadataStores,
  rememberMetadata,
} from './cache.ts';
import { metadataCacheKey } from './cache-key.ts';
import { MemoryStorage } from './memory-storage.ts';

const metadata = $Metadata.tryDecode(
  readFileSync(
    fileURLToPath(
      new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
    ),
  ),
);
const LOCAL = 'ws://127.0.0.1:9944';
const KUSAMA = KNOWN_ENDPOINTS.find((e) => e.network === 'kusama')!;
const chain = (genesisHash: string, specName = 'robonomics'): ConnectedChain => ({
  genesisHash,
  runtimeVersion: { specName, specVersion: 43 },
  metadata,
});
/** The kept metadata, as dedot's `metadata` option takes it; undefined when none is kept. */
const cachedMetadata = async (stores: MetadataStores, endpoint: string) => {
  const kept = await keptMetadataOf(stores.bytes, endpoint);
  return Object.keys(kept).length > 0 ? kept : undefined;
};
const newStores = () => ({ summaries: new MemoryStorage(), bytes: new MemoryStorage() });
const SOME_GENESIS = `0x${'12'.repeat(32)}`;

describe('metadata cache', () => {
  it('keeps a checked node’s metadata for its endpoint, as dedot’s metadata option', async () => {
    const storage = newStores();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS))).toBe(true);
    const cached = await cachedMetadata(storage, LOCAL);
    expect(Object.keys(cached!)).toEqual([`RAW_META/${SOME_GENESIS}/43`]);
    const again = $Metadata.tryDecode(Object.values(cached!)[0]!);
    expect(again.latest.pallets.map((p) => p.name)).toEqual(
      metadata.latest.pallets.map((p) => p.name),
    );
    // Another endpoint has its own entry: nothing one node sent is used for another.
    expect(await cachedMetadata(storage, 'wss://node.example.org/')).toBeUndefined();
  });

  it('keeps the minimal bid with the metadata, for the next visit’s first paint', async () => {
    const storage = newStores();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS))).toBe(true);
    expect((await cachedRuntime(storage.summaries, LOCAL))?.snapshot).toEqual({
      genesisHash: SOME_GENESIS,
      specVersion: 43,
      minimalBid: 1_000_000_000n,
    });
    // The summary is all the page's first script reads: a few hundred characters, no metadata.
    const summary = (await storage.summaries.get(metadataCacheKey(LOCAL)))!;
    expect(summary.length).toBeLessThan(400);
    expect(JSON.parse(summary)).not.toHaveProperty('metadata');
  });

  it('moves the metadata an earlier version of the app kept in the summaries’ store', async () => {
    const storage = newStores();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS))).toBe(true);
    const hex = Object.values((await cachedMetadata(storage, LOCAL))!)[0]!;
    // As an earlier version kept it: the metadata inline and no value beside it.
    const key = metadataCacheKey(LOCAL);
    const { minimalBid: _, ...summary } = JSON.parse((await storage.summaries.get(key))!);
    await storage.summaries.set(key, JSON.stringify({ ...summary, metadata: hex }));
    await storage.bytes.clear();
    // Still used, bytes and all: no value is made up.
    const older = await cachedRuntime(storage.summaries, LOCAL);
    expect(older?.snapshot).toBeUndefined();
    expect(older?.metadata).toEqual({ [`RAW_META/${SOME_GENESIS}/43`]: hex });
    // The next connection moves the bytes to their store and keeps the value.
    const given = older!.metadata;
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), given)).toBe(true);
    expect(await cachedMetadata(storage, LOCAL)).toEqual(given);
    const moved = await cachedRuntime(storage.summaries, LOCAL);
    expect(moved?.snapshot?.minimalBid).toBe(1_000_000_000n);
    expect(moved?.metadata).toEqual({});
  });

  it('writes nothing when this runtime’s summary and bytes are kept already', async () => {
    const storage = newStores();
    await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS));
    const kept = (await cachedMetadata(storage, LOCAL))!;
    const writes: string[] = [];
    for (const store of [storage.summaries, storage.bytes]) {
      const set = store.set.bind(store);
      store.set = async (key, value) => {
        writes.push(key);
        return set(key, value);
      };
    }
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), kept, kept)).toBe(true);
    expect(writes).toEqual([]);
    // The bytes missing from their store (cleared by the browser): they are kept again.
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), kept, {})).toBe(true);
    expect(writes).toHaveLength(2);
  });

  it('keeps no summary when the bytes cannot be kept', async () => {
    const storage = newStores();
    await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS));
    storage.bytes.set = async () => {
      throw new Error('QuotaExceededError');
    };
    const upgraded = {
      ...chain(SOME_GENESIS),
      runtimeVersion: { specName: 'robonomics', specVersion: 44 },
    };
    expect(await rememberMetadata(storage, LOCAL, upgraded)).toBe(false);
    // The next visit's first reads download the metadata rather than count on missing bytes.
    expect(await cachedRuntime(storage.summaries, LOCAL)).toBeUndefined();
  });

  it('keeps the bytes the client was created with as they came, when they are this runtime’s', async () => {
    const raw = readFileSync(
      fileURLToPath(
        new URL('../../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
      ),
    );
    const hex = `0x${raw.toString('hex')}` as const;
    // A marker no encoding of the decoded metadata would give: the given bytes are what is kept.
    const given = `${hex}00` as const;
    const storage = newStores();
    const other = { [`RAW_META/${SOME_GENESIS}/42`]: given };
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), other)).toBe(true);
    // Another spec version's bytes are not this runtime's: the decoded metadata is encoded.
    expect(Object.values((await cachedMetadata(storage, LOCAL))!)).toEqual([hex]);
    await storage.summaries.clear();
    await storage.bytes.clear();
    const same = { [`RAW_META/${SOME_GENESIS}/43`]: given };
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), same)).toBe(true);
    expect(Object.values((await cachedMetadata(storage, LOCAL))!)).toEqual([given]);
    expect((await cachedRuntime(storage.summaries, LOCAL))?.snapshot?.minimalBid).toBe(
      1_000_000_000n,
    );
  });

  it('keeps nothing from a node that is not a Robonomics runtime', async () => {
    const storage = newStores();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS, 'polkadot'))).toBe(false);
    expect(await storage.summaries.keys()).toEqual([]);
    expect(await storage.bytes.keys()).toEqual([]);
  });

  it('checks the genesis hash of the networks the app knows', async () => {
    const storage = newStores();
    expect(await rememberMetadata(storage, KUSAMA.url, chain(SOME_GENESIS))).toBe(false);
    expect(await cachedMetadata(storage, KUSAMA.url)).toBeUndefined();
    expect(await rememberMetadata(storage, KUSAMA.url, chain(KUSAMA.genesisHash!))).toBe(true);
    expect(Object.keys((await cachedMetadata(storage, KUSAMA.url))!)).toEqual([
      `RAW_META/${KUSAMA.genesisHash}/43`,
    ]);
  });

  it('takes a known network’s genesis hash written in capitals as that network’s', async () => {
    const storage = newStores();
    const shouted = `0x${KUSAMA.genesisHash!.slice(2).toUpperCase()}`;
    expect(await rememberMetadata(storage, KUSAMA.url, chain(shouted))).toBe(true);
    expect(await cachedMetadata(storage, KUSAMA.url)).toBeDefined();
    // A node at a known endpoint reporting another chain in capitals is still refused.
    expect(await rememberMetadata(newStores(), KUSAMA.url, chain(SOME_GENESIS.toUpperCase()))).toBe(
      false,
    );
  });

  it('drops dedot’s older cache, which any node could fill under any genesis hash', async () => {
    const storage = new MemoryStorage();
    await storage.set(`RAW_META/${KUSAMA.genesisHash}/43`, '0x00');
    await storage.set('other', 'kept');
    expect(await cachedRuntime(storage, KUSAMA.url)).toBeUndefined();
    await forgetLegacyCache(storage);
    expect(await storage.keys()).toEqual(['other']);
  });

  it('reads an entry as the page’s first script finds it in storage, without waiting', async () => {
    const storage = newStores();
    await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS));
    const raw = await storage.summaries.get(metadataCacheKey(LOCAL));
    expect(keptRuntimeOf(raw, LOCAL)).toEqual(await cachedRuntime(storage.summaries, LOCAL));
    expect(keptRuntimeOf(raw, LOCAL)?.metadata).toEqual({});
    expect(keptRuntimeOf(raw, LOCAL)?.snapshot?.minimalBid).toBe(1_000_000_000n);
    // Kept for a devnet at this address: never used for a known network's endpoint.
    expect(keptRuntimeOf(raw, KUSAMA.url)).toBeUndefined();
    expect(keptRuntimeOf(null, LOCAL)).toBeUndefined();
    expect(keptRuntimeOf('{"not":"an entry"}', LOCAL)).toBeUndefined();
    expect(keptRuntimeOf('not json', LOCAL)).toBeUndefined();
    // A summary without a value gives nothing to use: the first reads download the metadata.
    const { minimalBid: _, ...noValue } = JSON.parse(raw!);
    expect(keptRuntimeOf(JSON.stringify(noValue), LOCAL)).toBeUndefined();
  });
});
