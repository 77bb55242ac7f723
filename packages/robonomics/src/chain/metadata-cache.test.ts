import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { $Metadata } from 'dedot/codecs';
import { describe, expect, it } from 'vitest';
import { KNOWN_ENDPOINTS } from './endpoint.ts';
import { MemoryStorage } from './memory-storage.ts';
import {
  type ConnectedChain,
  cachedRuntime,
  forgetLegacyCache,
  keptRuntimeOf,
  rememberMetadata,
} from './metadata-cache.ts';
import { metadataCacheKey } from './metadata-cache-key.ts';

const metadata = $Metadata.tryDecode(
  readFileSync(
    fileURLToPath(
      new URL('../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
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
/** The kept metadata, as dedot's `metadata` option takes it. */
const cachedMetadata = async (storage: MemoryStorage, endpoint: string) =>
  (await cachedRuntime(storage, endpoint))?.metadata;
const SOME_GENESIS = `0x${'12'.repeat(32)}`;

describe('metadata cache', () => {
  it('keeps a checked node’s metadata for its endpoint, as dedot’s metadata option', async () => {
    const storage = new MemoryStorage();
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
    const storage = new MemoryStorage();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS))).toBe(true);
    expect((await cachedRuntime(storage, LOCAL))?.snapshot).toEqual({
      genesisHash: SOME_GENESIS,
      specVersion: 43,
      minimalBid: 1_000_000_000n,
    });
    // An entry kept by an earlier version of the app has no value: none is made up, and the next
    // connection keeps the value too.
    const key = (await storage.keys())[0]!;
    const { minimalBid: _, ...older } = JSON.parse((await storage.get(key))!);
    await storage.set(key, JSON.stringify(older));
    expect((await cachedRuntime(storage, LOCAL))?.snapshot).toBeUndefined();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS))).toBe(true);
    expect((await cachedRuntime(storage, LOCAL))?.snapshot?.minimalBid).toBe(1_000_000_000n);
  });

  it('keeps the bytes the client was created with as they came, when they are this runtime’s', async () => {
    const raw = readFileSync(
      fileURLToPath(
        new URL('../../../devnet/data/robonomics-runtime-metadata.scale', import.meta.url),
      ),
    );
    const hex = `0x${raw.toString('hex')}` as const;
    // A marker no encoding of the decoded metadata would give: the given bytes are what is kept.
    const given = `${hex}00` as const;
    const storage = new MemoryStorage();
    const other = { [`RAW_META/${SOME_GENESIS}/42`]: given };
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), other)).toBe(true);
    // Another spec version's bytes are not this runtime's: the decoded metadata is encoded.
    expect(Object.values((await cachedMetadata(storage, LOCAL))!)).toEqual([hex]);
    await storage.clear();
    const same = { [`RAW_META/${SOME_GENESIS}/43`]: given };
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS), same)).toBe(true);
    expect(Object.values((await cachedMetadata(storage, LOCAL))!)).toEqual([given]);
    expect((await cachedRuntime(storage, LOCAL))?.snapshot?.minimalBid).toBe(1_000_000_000n);
  });

  it('keeps nothing from a node that is not a Robonomics runtime', async () => {
    const storage = new MemoryStorage();
    expect(await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS, 'polkadot'))).toBe(false);
    expect(await storage.keys()).toEqual([]);
  });

  it('checks the genesis hash of the networks the app knows', async () => {
    const storage = new MemoryStorage();
    expect(await rememberMetadata(storage, KUSAMA.url, chain(SOME_GENESIS))).toBe(false);
    expect(await cachedMetadata(storage, KUSAMA.url)).toBeUndefined();
    expect(await rememberMetadata(storage, KUSAMA.url, chain(KUSAMA.genesisHash!))).toBe(true);
    expect(Object.keys((await cachedMetadata(storage, KUSAMA.url))!)).toEqual([
      `RAW_META/${KUSAMA.genesisHash}/43`,
    ]);
  });

  it('drops dedot’s older cache, which any node could fill under any genesis hash', async () => {
    const storage = new MemoryStorage();
    await storage.set(`RAW_META/${KUSAMA.genesisHash}/43`, '0x00');
    await storage.set('other', 'kept');
    expect(await cachedMetadata(storage, KUSAMA.url)).toBeUndefined();
    await forgetLegacyCache(storage);
    expect(await storage.keys()).toEqual(['other']);
  });

  it('reads an entry as the page’s first script finds it in storage, without waiting', async () => {
    const storage = new MemoryStorage();
    await rememberMetadata(storage, LOCAL, chain(SOME_GENESIS));
    const raw = await storage.get(metadataCacheKey(LOCAL));
    expect(keptRuntimeOf(raw, LOCAL)).toEqual(await cachedRuntime(storage, LOCAL));
    expect(keptRuntimeOf(raw, LOCAL)?.snapshot?.minimalBid).toBe(1_000_000_000n);
    // Kept for a devnet at this address: never used for a known network's endpoint.
    expect(keptRuntimeOf(raw, KUSAMA.url)).toBeUndefined();
    expect(keptRuntimeOf(null, LOCAL)).toBeUndefined();
    expect(keptRuntimeOf('{"not":"an entry"}', LOCAL)).toBeUndefined();
    expect(keptRuntimeOf('not json', LOCAL)).toBeUndefined();
  });
});
