import { cryptoWaitReady } from '@polkadot/util-crypto';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import { type CrustClient, connectCrust } from '@robonomics-dapp/robonomics/crust/client';
import {
  type CrustFileInfo,
  fetchCrustFile,
  subscribeCrustFile,
} from '@robonomics-dapp/robonomics/crust/file-info';
import { placeStorageOrder } from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice, storagePrice } from '@robonomics-dapp/robonomics/crust/storage-price';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import type { IKeyringPair } from 'dedot/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServiceHandle } from '../chain/service.ts';
import { CRU, GENESIS_MARKET_FEES } from './constants.ts';
import { removeDir, startTestCrust, tempDir } from './test-support.ts';

// The web app's Crust client (packages/robonomics/src/crust) against the devnet Crust chain.
const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const OTHER_CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
let dir: string;
let crust: ChainServiceHandle;
let client: CrustClient;

const crustPair = (uri: string, type: 'ed25519' | 'sr25519' = 'ed25519') =>
  toKeyringPair(pairFromUri(uri, type), 66);

/** A plain transfer on Crust, resolved once in a block. */
function transfer(from: IKeyringPair, to: string, amount: bigint): Promise<void> {
  return new Promise((resolve, reject) => {
    client.tx.balances
      .transferKeepAlive(to, amount)
      .signAndSend(from, ({ status, dispatchError }) => {
        if (status.type !== 'BestChainBlockIncluded') return;
        if (dispatchError) reject(new Error(dispatchError.type));
        else resolve();
      })
      .catch(reject);
  });
}

beforeAll(async () => {
  await cryptoWaitReady();
  dir = tempDir();
  crust = await startTestCrust(dir);
  client = await connectCrust(crust.url);
});

afterAll(async () => {
  await client?.disconnect();
  await crust?.stop();
  removeDir(dir);
});

describe("the app's Crust client", () => {
  it('reads the market fees and prices a file with the spec formula', async () => {
    const size = 3 * 1_048_576 + 17;
    const price = await fetchStoragePrice(client, size);
    expect(price).toBe(
      storagePrice(GENESIS_MARKET_FEES.fileBaseFee, GENESIS_MARKET_FEES.fileByteFee, size),
    );
    // 0.001 CRU + 0.0001 CRU × (3 MiB + 17 bytes) / 1 MiB, rounded.
    expect(price).toBe(1_300_001_621n);
  });

  it('orders a file it can pay for and follows its replicas as they are reported', async () => {
    const bob = crustPair('//Bob');
    expect(bob.address).toMatch(/^c/);
    expect(await fetchCrustFile(client, CID)).toBeNull();
    const seen: (CrustFileInfo | null)[] = [];
    const unsub = await subscribeCrustFile(client, CID, (info) => seen.push(info));
    const balance = await fetchCrustBalance(client, bob.address);
    const price = await fetchStoragePrice(client, 12);
    expect(price).toBeGreaterThan(0n);
    expect(balance).toBeGreaterThan(price);

    await placeStorageOrder(client, bob, CID, 12);
    const ordered = await fetchCrustFile(client, CID);
    expect(ordered).toMatchObject({ fileSize: 12n, reportedReplicaCount: 0, replicas: [] });
    expect(await fetchCrustBalance(client, bob.address)).toBeLessThan(balance - price);

    // The devnet's storage nodes report the file a few blocks later.
    for (let i = 0; i < 4; i++) await crust.node.buildBlock();
    const reported = await fetchCrustFile(client, CID);
    expect(reported?.reportedReplicaCount).toBeGreaterThanOrEqual(1);
    expect(reported?.replicas).toHaveLength(reported!.reportedReplicaCount);
    for (const who of reported!.replicas) expect(who).toMatch(/^c[1-9A-HJ-NP-Za-km-z]{48}$/);
    expect(reported?.expiredAt).toBeGreaterThan(0);

    await expect.poll(() => seen.at(-1)?.reportedReplicaCount ?? -1).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toBeNull();
    expect(seen.some((info) => info?.reportedReplicaCount === 0)).toBe(true);
    await unsub();
  });

  it('tells free minus frozen as the spendable balance', async () => {
    const fresh = crustPair('//SpendableOnCrust');
    expect(await fetchCrustBalance(client, fresh.address)).toBe(0n);
    await transfer(crustPair('//Alice', 'sr25519'), fresh.address, 2n * CRU);
    expect(await fetchCrustBalance(client, fresh.address)).toBe(2n * CRU);
  });

  it('refuses an order the account can send but not pay, in words', async () => {
    // Enough for the transaction fee, less than the 0.001 CRU base fee of an order.
    const poor = crustPair('//PoorOnCrust');
    await transfer(crustPair('//Alice', 'sr25519'), poor.address, 500_000_000n);
    const error = await placeStorageOrder(client, poor, OTHER_CID, 12).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'The Crust account does not have enough CRU for this order.',
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

  it('refuses a size that is no size before signing', async () => {
    const bob = crustPair('//Bob');
    await expect(placeStorageOrder(client, bob, OTHER_CID, 0)).rejects.toThrow(
      'The file size must be a positive number of bytes.',
    );
  });

  it('gives up on an unreachable node instead of connecting forever', async () => {
    const started = Date.now();
    await expect(
      connectCrust('ws://127.0.0.1:9', { retryDelayMs: 50, maxRetryAttempts: 2 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
