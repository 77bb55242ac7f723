import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { type CrustClient, connectCrust } from '@robonomics-dapp/robonomics/crust/client';
import { fetchCrustFile } from '@robonomics-dapp/robonomics/crust/file-info';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CONTROLLER_MNEMONIC } from '../../chain/seed.ts';
import type { ChainServiceHandle } from '../../chain/service.ts';
import { removeDir, tempDir } from '../../common/test-support.ts';
import { startTestCrust } from '../../crust/test-support.ts';
import { CrustOrders } from './crust-orders.ts';

// The controller orders its files on Crust as HA does, through the app's Crust client.
const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';

describe.each(['v13', 'v14'] as const)('the controller ordering on Crust (%s)', (mode) => {
  let dir: string;
  let crust: ChainServiceHandle;
  let client: CrustClient;
  const logs: string[] = [];

  beforeAll(async () => {
    await cryptoWaitReady();
    dir = tempDir();
    crust = await startTestCrust(dir, { crustMetadata: mode });
    client = await connectCrust(crust.url);
  });

  afterAll(async () => {
    await client?.disconnect();
    await crust?.stop();
    removeDir(dir);
  });

  it('orders a file once, and the simulated storage nodes report replicas of it', async () => {
    const controller = new Keyring({ ss58Format: 32 }).addFromUri(
      SEED_CONTROLLER_MNEMONIC,
      {},
      'ed25519',
    );
    const orders = new CrustOrders(crust.url, controller, (m) => logs.push(m));
    orders.order(CID, 2_048);
    orders.order(CID, 2_048);
    await orders.stop();
    expect(logs).toEqual([`ordered ${CID} (2048 bytes) on crust`]);
    // Instant seal keeps sealing while the file waits for its replicas.
    await expect
      .poll(async () => (await fetchCrustFile(client, CID))?.reportedReplicaCount ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
  });

  it('skips a file whose price is not below the balance, as HA does', async () => {
    const poor = new Keyring({ ss58Format: 32 }).addFromUri('//NoCruAtAll', {}, 'ed25519');
    const orders = new CrustOrders(crust.url, poor, (m) => logs.push(m));
    orders.order('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', 100);
    await orders.stop();
    expect(logs.at(-1)).toMatch(
      /^not ordering QmYw\S+ on crust: price \d+ is not below the balance 0$/,
    );
  });
});
