import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import {
  type FirstData,
  readFirstData,
} from '@robonomics-dapp/robonomics/chain/connection/first-data/read';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import { signingMetadataOf } from '@robonomics-dapp/robonomics/chain/metadata/signing-registry';
import { followOffer } from '@robonomics-dapp/robonomics/rws/follow-offer';
import type { Offer } from '@robonomics-dapp/robonomics/rws/offer';
import { WsProvider } from 'dedot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The dashboard's first reads (packages/robonomics/src/chain/connection/first-data/read.ts) against a real
// devnet process, compared with what the chain client reads once its metadata is loaded.
let devnet: DevnetProcess;
let provider: WsProvider;
let genesisHash: string;
let metadataHex: `0x${string}`;
/** RWS.AuctionQueue as the chain client reads it. */
let liveQueue: number[];

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  provider = new WsProvider(devnet.url);
  await provider.connect();
  genesisHash = await provider.send<string>('chain_getBlockHash', [0]);
  metadataHex = await provider.send<`0x${string}`>('state_getMetadata', []);
  const connection = new ChainConnection(devnet.url, { cacheStorage: null });
  liveQueue = await (await connection.ready()).query.rws.auctionQueue();
  await connection.disconnect();
});

afterAll(async () => {
  await provider?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

/** Runs the first reads; returns every value published, in order, and the metadata brought. */
async function firstReads(options: Partial<Parameters<typeof readFirstData>[0]> = {}) {
  const published: FirstData[] = [];
  const downloaded = await readFirstData({
    endpoint: devnet.url,
    send: (method, params) => provider.send(method, params),
    onData: (data) => published.push(data),
    ...options,
  });
  return { published, downloaded, last: published.at(-1) };
}

describe('the first reads on the devnet', () => {
  it('read what the client reads, through one socket, and hand over the metadata', async () => {
    const storage = new MemoryStorage();
    const connection = new ChainConnection(devnet.url, {
      cacheStorage: storage,
      devnetEndpoints: [devnet.url],
    });
    // The offer as the app composes it from what the connection hands over.
    const offer = followOffer(connection);
    /** The offer and network as they were before the client was ready. */
    const before: { offer: Offer; network: typeof connection.network }[] = [];
    connection.onChange(() => {
      if (!connection.client) before.push({ offer: offer.current, network: connection.network });
    });
    try {
      const client = await connection.ready();
      const first = before.at(-1)!;
      expect(first.offer.minimalBid).toBe(client.consts.rws.minimalBid);
      expect(first.offer.auctionQueue).toEqual(await client.query.rws.auctionQueue());
      expect(offer.current).toEqual(first.offer);
      // The devnet's node reports XRT with 9 decimals, as the app holds a Robonomics network to.
      const properties = await client.chainSpec.properties();
      expect(properties).toMatchObject({ tokenDecimals: 9, tokenSymbol: 'XRT' });
      expect(first.network).toEqual({
        kind: 'known',
        name: 'Local devnet',
        genesisHash: client.genesisHash,
        token: { decimals: 9, symbol: 'XRT' },
        ownEndpoint: true,
        devnet: true,
      });
      expect(connection.network).toEqual(first.network);
      // The client was given the downloaded metadata, and it was kept for the next visit once
      // checked (before the first transaction, here asked for): the summary the page's first
      // script reads, and the bytes under a key of their own.
      expect(await signingMetadataOf(client)).toMatchObject({ kind: 'described', why: 'devnet' });
      const key = `chain-metadata:${devnet.url.replace(/\/+$/, '')}`;
      expect((await storage.keys()).sort()).toEqual([`bytes:${key}`, key]);
    } finally {
      await connection.disconnect();
    }
  });

  it('download the metadata on a first visit and take the constant from it', async () => {
    const { published, downloaded, last } = await firstReads();
    expect(downloaded).toEqual({ [`RAW_META/${genesisHash}/43`]: metadataHex });
    expect(last?.minimalBid).toBe(1_000_000_000n);
    expect(last?.auctionQueue).toEqual(liveQueue);
    expect(liveQueue.length).toBeGreaterThan(0);
    expect(published.every((d) => d.genesisHash === genesisHash && d.specVersion === 43)).toBe(
      true,
    );
  });

  it('take the constant from the metadata kept for this runtime, without downloading it', async () => {
    const kept = { metadata: { [`RAW_META/${genesisHash}/43`]: metadataHex } };
    const { published, downloaded, last } = await firstReads({ kept });
    expect(downloaded).toBeUndefined();
    expect(published[0]?.minimalBid).toBe(1_000_000_000n);
    expect(last?.minimalBid).toBe(1_000_000_000n);
  });

  it('take the value kept with this runtime’s metadata without decoding or downloading it', async () => {
    // 7 stands out from the kept metadata's 1 XRT: the kept value is what the first reads show
    // (the client, ready later, reads the metadata itself).
    const kept = {
      metadata: { [`RAW_META/${genesisHash}/43`]: metadataHex },
      snapshot: { genesisHash, specVersion: 43, minimalBid: 7n },
    };
    const { published, downloaded, last } = await firstReads({ kept });
    expect(downloaded).toBeUndefined();
    expect(published[0]?.minimalBid).toBe(7n);
    expect(last?.minimalBid).toBe(7n);
  });

  it('take the value of this runtime’s summary alone, leaving the bytes to the client', async () => {
    // What the page's first script finds kept: the summary, without the metadata's bytes (the
    // client reads those from their own store).
    const kept = { metadata: {}, snapshot: { genesisHash, specVersion: 43, minimalBid: 7n } };
    const { published, downloaded, last } = await firstReads({ kept });
    expect(downloaded).toBeUndefined();
    expect(published[0]?.minimalBid).toBe(7n);
    expect(last?.minimalBid).toBe(7n);
  });

  it('ignore metadata kept for another spec version and download this runtime’s', async () => {
    // As after a runtime upgrade: the kept metadata is of spec 42.
    const kept = {
      metadata: { [`RAW_META/${genesisHash}/42`]: metadataHex },
      snapshot: { genesisHash, specVersion: 42, minimalBid: 5n },
    };
    const { published, downloaded } = await firstReads({ kept });
    expect(downloaded).toEqual({ [`RAW_META/${genesisHash}/43`]: metadataHex });
    expect(published.find((d) => d.minimalBid !== undefined)?.minimalBid).toBe(1_000_000_000n);
    // The same with a summary alone, as kept now.
    const summary = await firstReads({ kept: { ...kept, metadata: {} } });
    expect(summary.downloaded).toEqual({ [`RAW_META/${genesisHash}/43`]: metadataHex });
    expect(summary.published.find((d) => d.minimalBid !== undefined)?.minimalBid).toBe(
      1_000_000_000n,
    );
  });

  it('take the newest pin of a network for a runtime newer than its pins; keep a matching one over the node', async () => {
    // The snapshot value 5 stands out from the live 1 XRT. A runtime newer than the network's
    // pins (an upgrade after the build) still takes the pin: a node cannot set the price.
    const older = [{ genesisHash, specVersion: 42, minimalBid: 5n }];
    const newer = await firstReads({ snapshots: older });
    expect(newer.published.map((d) => d.minimalBid).filter((b) => b !== undefined)).toEqual([
      5n,
      5n,
    ]);
    // Another network's pin never applies.
    const elsewhere = [{ genesisHash: `0x${'ab'.repeat(32)}`, specVersion: 43, minimalBid: 5n }];
    const other = await firstReads({ snapshots: elsewhere });
    expect(other.published.map((d) => d.minimalBid).filter((b) => b !== undefined)).toEqual([
      1_000_000_000n,
    ]);
    // A built-in snapshot of this very runtime is the build's pin: the node does not replace it
    // (a node that says otherwise is refused once the client checks its description).
    const matching = [{ genesisHash, specVersion: 43, minimalBid: 5n }];
    const same = await firstReads({ snapshots: matching });
    expect(same.published[0]?.minimalBid).toBe(5n);
    expect(same.last?.minimalBid).toBe(5n);
  });

  it('publish only the refusal for a node that is not the chain the endpoint stands for', async () => {
    const { published, downloaded } = await firstReads({
      endpoint: 'wss://kusama.rpc.robonomics.network/',
    });
    expect(published).toEqual([
      {
        genesisHash,
        specVersion: 43,
        network: {
          kind: 'refused',
          reason: expect.stringMatching(
            /^This node is not Robonomics on Kusama: it reports another chain/,
          ),
        },
      },
    ]);
    expect(downloaded).toBeUndefined();
  });

  it('mark a chain the build does not know as unknown, with what its node reports', async () => {
    const { last } = await firstReads();
    expect(last?.network).toEqual({
      kind: 'unknown',
      genesisHash,
      reported: { decimals: 9, symbol: 'XRT' },
    });
  });
});
