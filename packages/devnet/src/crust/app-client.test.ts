import { cryptoWaitReady } from '@polkadot/util-crypto';
import { fetchCrustBalance } from '@robonomics-dapp/robonomics/crust/balance';
import { type CrustClient, connectCrust } from '@robonomics-dapp/robonomics/crust/client';
import { fetchCrustFile } from '@robonomics-dapp/robonomics/crust/file-info';
import { placeStorageOrder } from '@robonomics-dapp/robonomics/crust/place-order';
import { fetchStoragePrice } from '@robonomics-dapp/robonomics/crust/storage-price';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServiceHandle } from '../chain/service.ts';
import { removeDir, startTestCrust, tempDir } from './test-support.ts';

// The web app's Crust client (packages/robonomics/src/crust) against the devnet Crust chain.
const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
let dir: string;
let crust: ChainServiceHandle;
let client: CrustClient;

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
  it('orders a file it can pay for and sees its replicas reported', async () => {
    const bob = toKeyringPair(pairFromUri('//Bob', 'ed25519'), 66);
    expect(await fetchCrustFile(client, CID)).toBeNull();
    const balance = await fetchCrustBalance(client, bob.address);
    const price = await fetchStoragePrice(client, 12);
    expect(price).toBeGreaterThan(0n);
    expect(balance).toBeGreaterThan(price);
    await placeStorageOrder(client, bob, CID, 12);
    const ordered = await fetchCrustFile(client, CID);
    expect(ordered?.fileSize).toBe(12n);
    expect(await fetchCrustBalance(client, bob.address)).toBeLessThan(balance - price);
    // The devnet's storage nodes report the file a few blocks later.
    await crust.node.buildBlock();
    await crust.node.buildBlock();
    await crust.node.buildBlock();
    const reported = await fetchCrustFile(client, CID);
    expect(reported?.reportedReplicaCount).toBeGreaterThanOrEqual(1);
    expect(reported?.replicas.length).toBeGreaterThanOrEqual(1);
    expect(reported?.replicas[0]).toMatch(/^c/);
  });

  it('refuses an order the account cannot pay, with the docs text', async () => {
    const poor = toKeyringPair(pairFromUri('//NobodyOnCrust', 'ed25519'), 66);
    const error = await placeStorageOrder(client, poor, CID, 12).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^(The node refused the transaction|The account cannot pay)/,
    );
  });
});
