import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { fetchAccountBalance } from '@robonomics-dapp/robonomics/chain/queries/account-balance';
import { fetchTwinTopics } from '@robonomics-dapp/robonomics/chain/queries/twin-topics';
import { sendTransaction } from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { transferTx } from '@robonomics-dapp/robonomics/chain/tx/transfer';
import {
  createTwin,
  NOT_TWIN_OWNER,
  type SendCall,
  setTwinSource,
} from '@robonomics-dapp/robonomics/twin/twin-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The twin flow and the per-call builders of packages/robonomics/src/chain/tx on a real devnet.
let devnet: DevnetProcess;
let connection: ChainConnection;
let client: RobonomicsClient;
let alice: KeyringPair;
let bob: KeyringPair;
const TOPIC = `0x${'ab'.repeat(32)}` as const;

beforeAll(async () => {
  await cryptoWaitReady();
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  connection = new ChainConnection(devnet.url, { cacheStorage: new MemoryStorage() });
  client = await connection.ready();
  const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
});

afterAll(async () => {
  await connection?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const directly =
  (pair: KeyringPair): SendCall =>
  (tx) =>
    sendTransaction(client, tx, pair);

describe('the twin flow', () => {
  it('creates a twin, reads its id from the block and points a topic at a source', async () => {
    const { result, twin } = await createTwin(client, directly(alice));
    expect(result.blockNumber).toBeGreaterThan(0);
    expect(twin).toEqual(expect.any(Number));
    await setTwinSource(client, directly(alice), twin!, TOPIC, bob.address);
    const [topics] = await fetchTwinTopics(client, [twin!]);
    expect(topics).toEqual([{ topic: TOPIC, source: bob.address }]);
  });

  it("refuses a source on someone else's twin in the user's words", async () => {
    const { twin } = await createTwin(client, directly(alice));
    await expect(setTwinSource(client, directly(bob), twin!, TOPIC, bob.address)).rejects.toThrow(
      NOT_TWIN_OWNER,
    );
  });

  it('reads no topics for a twin that does not exist', async () => {
    expect(await fetchTwinTopics(client, [999_999])).toEqual([[]]);
    expect(await fetchTwinTopics(client, [])).toEqual([]);
  });
});

describe('a transfer built by its own file', () => {
  it('moves the amount and the balance query sees it', async () => {
    const before = await fetchAccountBalance(client, bob.address);
    await sendTransaction(client, transferTx(client, bob.address, 1_000_000_000n), alice);
    const after = await fetchAccountBalance(client, bob.address);
    expect(after.free - before.free).toBe(1_000_000_000n);
  });
});
