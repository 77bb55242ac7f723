import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiPromise, WsProvider } from '@polkadot/api';
import type { SubmittableExtrinsic } from '@polkadot/api/types';
import { Keyring } from '@polkadot/keyring';
import { u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import {
  CRUST_UNSUPPORTED,
  CrustUnsupportedError,
} from '@robonomics-dapp/robonomics/crust/chain-description';
import {
  type CrustClient,
  connectCrust,
  fetchRuntimeVersion,
} from '@robonomics-dapp/robonomics/crust/client';
import { placeStorageOrderCall, signExtrinsic } from '@robonomics-dapp/robonomics/crust/extrinsic';
import {
  type CrustFileInfo,
  fetchCrustFile,
  filesV2Key,
  subscribeCrustFile,
} from '@robonomics-dapp/robonomics/crust/file-info';
import {
  CRUST_CONNECTION_LOST,
  estimateOrderFee,
  NOT_A_CID,
  NOT_A_SIZE,
  placeStorageOrder,
} from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice, storagePrice } from '@robonomics-dapp/robonomics/crust/storage-price';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { ChainServiceHandle } from '../chain/service.ts';
import { removeDir, tempDir, testOptions } from '../common/test-support.ts';
import { CRUST_API_OPTIONS } from './api-options.ts';
import { CRU, GENESIS_MARKET_FEES } from './constants.ts';
import type { CrustMetadataMode } from './runtime.ts';
import { startTestCrust } from './test-support.ts';

// The web app's Crust client (packages/robonomics/src/crust) against the devnet Crust chain, in
// both of its metadata modes, with @polkadot/api (and the Crust types) as the reference for the
// bytes it builds and reads.
const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const OTHER_CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const BYTES_CID = 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u';
const MB = 1_048_576n;

const crustPair = (uri: string, type: 'ed25519' | 'sr25519' = 'ed25519') =>
  toKeyringPair(pairFromUri(uri, type), 66);

/** What the market takes for an order of `size` bytes besides the transaction fee. */
function orderCost(size: bigint): bigint {
  const megabytes = (size + MB - 1n) / MB;
  return (
    GENESIS_MARKET_FEES.fileBaseFee +
    GENESIS_MARKET_FEES.fileByteFee * megabytes +
    GENESIS_MARKET_FEES.fileKeysCountFee
  );
}

beforeAll(async () => {
  await cryptoWaitReady();
});

describe.each<CrustMetadataMode>(['v13', 'v14'])("the app's Crust client on %s", (mode) => {
  let dir: string;
  let crust: ChainServiceHandle;
  let client: CrustClient;
  let api: ApiPromise;

  /** A transfer made with @polkadot/api, resolved once in a block. */
  const send = (tx: SubmittableExtrinsic<'promise'>, from: Parameters<typeof tx.signAndSend>[0]) =>
    new Promise<void>((resolve, reject) => {
      tx.signAndSend(from, (result) => {
        if (!result.status.isInBlock && !result.status.isFinalized) return;
        if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
        else resolve();
      }).catch(reject);
    });
  const fund = (address: string, amount: bigint) => {
    const alice = new Keyring({ ss58Format: 66, type: 'sr25519' }).addFromUri('//Alice');
    const balances = api.tx.balances as unknown as Record<
      string,
      (to: string, value: bigint) => SubmittableExtrinsic<'promise'>
    >;
    return send((balances.transfer ?? balances.transferAllowDeath)!(address, amount), alice);
  };
  const free = async (address: string, at?: string) => {
    const target = at ? await api.at(at) : api;
    const info = (await target.query.system.account(address)) as unknown as {
      data: { free: { toBigInt(): bigint } };
    };
    return info.data.free.toBigInt();
  };

  beforeAll(async () => {
    dir = tempDir();
    crust = await startTestCrust(dir, { crustMetadata: mode });
    client = await connectCrust(crust.url);
    api = await ApiPromise.create({
      provider: new WsProvider(crust.url),
      noInitWarn: true,
      ...(mode === 'v13' ? CRUST_API_OPTIONS : {}),
    });
  });

  afterAll(async () => {
    await client?.disconnect();
    await api?.disconnect();
    await crust?.stop();
    removeDir(dir);
  });

  it('reads what it needs from the metadata', () => {
    expect(client.chain.metadataVersion).toBe(mode === 'v13' ? 13 : 14);
    expect(client.chain.placeStorageOrder).toEqual([26, 0]);
    expect(client.chain.address).toBe('AccountId');
    expect(client.chain.account).toEqual(
      mode === 'v13'
        ? { dataOffset: 12, frozen: 'misc-fee' }
        : { dataOffset: 16, frozen: 'frozen' },
    );
    expect(client.chain.moduleErrorBytes).toBe(mode === 'v13' ? 1 : 4);
    expect(client.specName).toBe('crust');
  });

  it('builds the storage key, the call and the signed extrinsic byte for byte as @polkadot/api', async () => {
    const market = api.query.market as unknown as Record<string, { key(cid: string): string }>;
    expect(filesV2Key(BYTES_CID)).toBe(market.filesV2!.key(BYTES_CID));
    const alice = crustPair('//Alice');
    const reference = new Keyring({ ss58Format: 66, type: 'ed25519' }).addFromUri('//Alice');
    expect(alice.address).toBe(reference.address);

    const header = await api.rpc.chain.getHeader();
    const current = header.number.toNumber();
    const birthHash = (await api.rpc.chain.getBlockHash(current)).toHex();
    const version = await fetchRuntimeVersion(client);
    const tx = (
      api.tx.market as unknown as Record<
        string,
        (...args: unknown[]) => SubmittableExtrinsic<'promise'>
      >
    ).placeStorageOrder!(BYTES_CID, 1_234, 0, '');
    expect(u8aToHex(placeStorageOrderCall(client.chain, BYTES_CID, 1_234n))).toBe(
      tx.method.toHex(),
    );
    const signed = await tx.signAsync(reference, {
      nonce: 7,
      era: api.createType('ExtrinsicEra', { current, period: 64 }),
      blockHash: birthHash,
    });
    const ours = await signExtrinsic(
      client.chain,
      alice,
      placeStorageOrderCall(client.chain, BYTES_CID, 1_234n),
      {
        genesisHash: client.genesisHash,
        specVersion: version.specVersion,
        transactionVersion: version.transactionVersion,
        nonce: 7,
        era: { period: 64, current, birthHash },
      },
    );
    // ed25519 signatures are deterministic: the whole extrinsic must match.
    expect(u8aToHex(ours)).toBe(signed.toHex());
  });

  it('prices a file with the formula of docs/product-rules.md from the market fees', async () => {
    const size = 3 * 1_048_576 + 17;
    const price = await fetchStoragePrice(client, size);
    expect(price).toBe(
      storagePrice(GENESIS_MARKET_FEES.fileBaseFee, GENESIS_MARKET_FEES.fileByteFee, size),
    );
    // 0.001 CRU + 0.0001 CRU × (3 MiB + 17 bytes) / 1 MiB, rounded.
    expect(price).toBe(1_300_001_621n);
  });

  it('quotes the fee it is then charged, orders, and follows the replicas', async () => {
    const bob = crustPair('//Bob');
    expect(bob.address).toMatch(/^c/);
    expect(await fetchCrustFile(client, CID)).toBeNull();
    const seen: (CrustFileInfo | null)[] = [];
    const unsub = await subscribeCrustFile(client, CID, (info) => seen.push(info));
    const balance = await fetchCrustBalance(client, bob.address);
    expect(balance).toBe(await free(bob.address));
    const fee = await estimateOrderFee(client, bob.address, CID, 12);
    expect(fee).toBeGreaterThan(0n);
    const reference = (
      api.tx.market as unknown as Record<
        string,
        (...args: unknown[]) => SubmittableExtrinsic<'promise'>
      >
    ).placeStorageOrder!(CID, 12, 0, '');
    expect(fee).toBe((await reference.paymentInfo(bob.address)).partialFee.toBigInt());

    await placeStorageOrder(client, bob, CID, 12);
    const ordered = await fetchCrustFile(client, CID);
    expect(ordered).toMatchObject({ fileSize: 12n, reportedReplicaCount: 0, replicas: [] });
    expect(await fetchCrustBalance(client, bob.address)).toBe(balance - orderCost(12n) - fee);

    // The devnet's storage nodes report the file a few blocks later.
    await crust.node.buildBlocks(4);
    const reported = await fetchCrustFile(client, CID);
    expect(reported?.reportedReplicaCount).toBeGreaterThanOrEqual(1);
    expect(reported?.replicas).toHaveLength(reported!.reportedReplicaCount);
    for (const who of reported!.replicas) expect(who).toMatch(/^c[1-9A-HJ-NP-Za-km-z]{48}$/);
    expect(reported?.expiredAt).toBeGreaterThan(0);

    await expect.poll(() => seen.at(-1)?.reportedReplicaCount ?? -1).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toBeNull();
    expect(seen.some((info) => info?.reportedReplicaCount === 0)).toBe(true);
    await unsub();

    // The same value as @polkadot/api decodes it (Rust field names with the Crust types).
    const market = api.query.market as unknown as Record<
      string,
      (cid: string) => Promise<{ unwrap(): { toJSON(): Record<string, unknown> } }>
    >;
    const json = (await market.filesV2!(CID)).unwrap().toJSON();
    const theirs = (name: string, camel: string) => json[name] ?? json[camel];
    const ours = await fetchCrustFile(client, CID);
    expect(ours?.fileSize).toBe(BigInt(theirs('file_size', 'fileSize') as number));
    expect(ours?.expiredAt).toBe(theirs('expired_at', 'expiredAt'));
    expect(ours?.reportedReplicaCount).toBe(
      theirs('reported_replica_count', 'reportedReplicaCount'),
    );
    expect(ours?.replicas).toEqual(Object.keys(json.replicas as object));
  });

  it('tells free minus frozen as the spendable balance, 0 for an unknown account', async () => {
    const fresh = crustPair('//SpendableOnCrust');
    expect(await fetchCrustBalance(client, fresh.address)).toBe(0n);
    await fund(fresh.address, 2n * CRU);
    expect(await fetchCrustBalance(client, fresh.address)).toBe(2n * CRU);
  });

  it('refuses an order larger than the balance, in the market words', async () => {
    // Enough for the transaction fee, less than the 0.001 CRU base fee of an order.
    const poor = crustPair('//PoorOnCrust');
    await fund(poor.address, 500_000_000n);
    const error = await placeStorageOrder(client, poor, OTHER_CID, 12).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      mode === 'v13'
        ? // The runtime's own docs, served in its V13 metadata.
          "Don't have enough currency(CRU) to finish the extrinsic(transaction). Please transfer some CRU into this account."
        : 'The Crust account does not have enough CRU for this order.',
    );
    expect(await fetchCrustFile(client, OTHER_CID)).toBeNull();
  });

  it('refuses an order of an account that cannot even pay the fee, in words', async () => {
    const nobody = crustPair('//NobodyOnCrust');
    const error = await placeStorageOrder(client, nobody, OTHER_CID, 12).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'The account cannot pay the transaction fee. Top up the balance and try again.',
    );
  });

  it('refuses what is not a CID and a size that is no size before signing', async () => {
    const bob = crustPair('//Bob');
    for (const cid of ['', 'hello', 'Qm123', `${CID}x`, '0x1234']) {
      await expect(placeStorageOrder(client, bob, cid, 12)).rejects.toThrow(NOT_A_CID);
      await expect(estimateOrderFee(client, bob.address, cid, 12)).rejects.toThrow(NOT_A_CID);
    }
    for (const size of [0, -1, 1.5, Number.NaN]) {
      await expect(placeStorageOrder(client, bob, OTHER_CID, size)).rejects.toThrow(NOT_A_SIZE);
    }
  });
});

describe("the app's Crust client and other nodes", () => {
  it('says a node without the storage market is not supported', async () => {
    // The Robonomics chain of the devnet: V14, but no Market.
    const { startChainService } = await import('../chain/service.ts');
    const dir = tempDir();
    const chain = await startChainService(testOptions(dir));
    try {
      const error = await connectCrust(chain.url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrustUnsupportedError);
      expect((error as Error).message).toBe(CRUST_UNSUPPORTED);
    } finally {
      await chain.stop();
      removeDir(dir);
    }
  });

  it('says a node serving neither V13 nor V14 metadata is not supported', async () => {
    const server = createServer();
    const wss = new WebSocketServer({ server });
    wss.on('connection', (socket) =>
      socket.on('message', (data) => {
        const { id, method } = JSON.parse(data.toString()) as { id: number; method: string };
        const result =
          method === 'state_getMetadata'
            ? '0x6d6574610c00' // "meta", version 12
            : method === 'state_getRuntimeVersion'
              ? { specName: 'crust', specVersion: 1, transactionVersion: 1 }
              : `0x${'00'.repeat(32)}`;
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result }));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(connectCrust(`ws://127.0.0.1:${port}`)).rejects.toThrow(CRUST_UNSUPPORTED);
    } finally {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      server.close();
    }
  });

  it('rejects an order whose socket drops while it waits for a block, in words', async () => {
    const dir = tempDir();
    // Blocks every minute: the order stays in the pool until the node goes away.
    const crust = await startTestCrust(dir, { instant: false, blockTimeMs: 60_000 });
    const client = await connectCrust(crust.url, { retryDelayMs: 50, maxRetryAttempts: 1 });
    try {
      const pooled = new Promise((resolve) => crust.node.once('pooled', resolve));
      const order = placeStorageOrder(client, crustPair('//Bob'), CID, 12).catch((e: Error) => e);
      await pooled;
      await crust.stop();
      const error = await order;
      expect((error as Error).message).toBe(CRUST_CONNECTION_LOST);
    } finally {
      await client.disconnect().catch(() => {});
      removeDir(dir);
    }
  });

  it('gives up on an unreachable node instead of connecting forever', async () => {
    const started = Date.now();
    await expect(
      connectCrust('ws://127.0.0.1:9', { retryDelayMs: 50, maxRetryAttempts: 2 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
