import { type AddressInfo, createServer } from 'node:net';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import type { RobonomicsClient } from '@robonomics-dapp/robonomics/chain/model/client-type';
import { TxFailedError } from '@robonomics-dapp/robonomics/chain/model/errors';
import { fetchDatalogWindow } from '@robonomics-dapp/robonomics/chain/queries/datalog-window';
import { fetchFirstFreeAuction } from '@robonomics-dapp/robonomics/chain/queries/first-free-auction';
import { fetchLastDatalog } from '@robonomics-dapp/robonomics/chain/queries/last-datalog';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { fetchNextAccountIndex } from '@robonomics-dapp/robonomics/chain/queries/next-account-index';
import { fetchOwnedTwins } from '@robonomics-dapp/robonomics/chain/queries/owned-twins';
import { storageReader } from '@robonomics-dapp/robonomics/chain/queries/storage-reader';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { fetchTwinMap } from '@robonomics-dapp/robonomics/chain/queries/twin-map';
import { fetchTwinTopics } from '@robonomics-dapp/robonomics/chain/queries/twin-topics';
import { subscribeSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/subscription-devices';
import {
  CONNECTION_LOST_PENDING,
  sendTransaction,
} from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { throughSubscription } from '@robonomics-dapp/robonomics/chain/tx/through-subscription';
import {
  ALICE as aliceAddress,
  BOB_ED25519 as bobEd25519,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The web app's chain layer (packages/robonomics/src/chain) against a real devnet process.
let devnet: DevnetProcess;
let connection: ChainConnection;
let client: RobonomicsClient;
let keyring: Keyring;
let alice: KeyringPair;

beforeAll(async () => {
  await cryptoWaitReady();
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  connection = new ChainConnection(devnet.url, { cacheStorage: new MemoryStorage() });
  client = await connection.ready();
  keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
});

afterAll(async () => {
  await connection?.disconnect();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('the app chain layer on the devnet', () => {
  it('reports the connection state and reads the seeded subscription', async () => {
    expect(connection.state).toBe('connected');
    const ledger = await fetchLedger(client, aliceAddress);
    expect(ledger?.kind).toEqual({ type: 'Daily', days: 30 });
    expect(await fetchSubscriptionDevices(client, aliceAddress)).toContain(bobEd25519);
    expect(await fetchFirstFreeAuction(client)).toBe(0);
  });

  it('reads the whole datalog window and the owned twins in batched queries', async () => {
    const records = await fetchDatalogWindow(client, aliceAddress);
    expect(records.map((r) => r.text)).toEqual([
      'devnet started',
      '{"temperature": 21.5, "humidity": 40}',
      'hello from the devnet',
    ]);
    // The scenario writes them in one block: the same moment, in ring order.
    expect(records[0]!.time).toBeLessThanOrEqual(records[2]!.time);
    expect(await fetchOwnedTwins(client, aliceAddress, null)).toEqual({ total: 1, twins: [0] });
    expect(await fetchOwnedTwins(client, bobEd25519, null)).toEqual({ total: 1, twins: [] });
    // A cache with the same total is reused as it is.
    const cached = { total: 1, twins: [42] };
    expect(await fetchOwnedTwins(client, aliceAddress, cached)).toBe(cached);
  });

  it('reads the last record and a twin by storage key, before a new connection has its client', async () => {
    const early = new ChainConnection(devnet.url, { cacheStorage: new MemoryStorage() });
    try {
      const read = storageReader((method, params) => early.request(method, params));
      // Asked at once: the reads wait for the socket, not for the client and its metadata.
      const [last, twin] = await Promise.all([
        fetchLastDatalog(read, aliceAddress),
        fetchTwinMap(read, 0),
      ]);
      expect(early.client).toBeNull();
      expect(last).toEqual((await fetchDatalogWindow(client, aliceAddress)).at(-1));
      expect(twin).toEqual((await fetchTwinTopics(client, [0]))[0]);
      expect(await fetchLastDatalog(read, bobEd25519)).toBeNull();
      expect(await fetchTwinMap(read, 999)).toEqual([]);
    } finally {
      await early.disconnect();
    }
  });

  it('sends a transaction, settles on its events and reloads devices on NewDevices', async () => {
    const seen: string[][] = [];
    const unsub = await subscribeSubscriptionDevices(client, aliceAddress, (devices) =>
      seen.push(devices),
    );
    const charlie = keyring.addFromUri('//Charlie').address;
    const devices = await fetchSubscriptionDevices(client, aliceAddress);
    const nonce = await fetchNextAccountIndex(client, alice.address);
    const result = await sendTransaction(
      client,
      client.tx.rws.setDevices([...devices, charlie]),
      alice,
    );
    expect(result.blockNumber).toBeGreaterThan(0);
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toHaveLength(devices.length + 1);
    await unsub();
    expect(await fetchNextAccountIndex(client, alice.address)).toBe(nonce + 1);
  });

  it('shows the module error docs when the chain refuses', async () => {
    const error = await sendTransaction(
      client,
      client.tx.rws.bid(999, 2_000_000_000n),
      alice,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(TxFailedError);
    expect((error as TxFailedError).code).toBe('RWS.NotLiveAuction');
    expect((error as TxFailedError).message.length).toBeGreaterThan(0);
  });

  it('wraps device calls in rws.call and refuses with the text of docs/product-rules.md when the weight is short', async () => {
    const bob = keyring.addFromUri('//Bob', {}, 'ed25519');
    const record = client.tx.datalog.record('0x6869');
    // Alice's seeded home starts with free weight; a fresh subscription has almost none.
    await expect(throughSubscription(client, record, bob, aliceAddress)).resolves.not.toBe(record);
    const ferdie = keyring.addFromUri('//Ferdie');
    await sendTransaction(
      client,
      client.tx.rws.setSubscription(ferdie.address, { type: 'Daily', value: { days: 30 } }),
      alice,
    );
    await sendTransaction(client, client.tx.rws.setDevices([bob.address]), ferdie);
    await expect(throughSubscription(client, record, bob, ferdie.address)).rejects.toThrow(
      /^The origin account have no enough free weight to process these call\. Call weight \d+, Free weight \d+$/,
    );
    const stranger = keyring.addFromUri('//Stranger');
    await expect(throughSubscription(client, record, stranger, aliceAddress)).rejects.toThrow(
      'You do not have access to this action.',
    );
    await expect(throughSubscription(client, record, stranger, stranger.address)).resolves.toBe(
      record,
    );
    await expect(throughSubscription(client, record, bob, stranger.address)).rejects.toThrow(
      `Not found ledger ${stranger.address}`,
    );
  });

  it('refuses the second of two simultaneous bids of one account and says why', async () => {
    // Two tabs of one account bid at once: both read the same nonce, the pool keeps the first.
    const charlie = keyring.addFromUri('//Charlie');
    const auction = await fetchFirstFreeAuction(client);
    const bid = () => sendTransaction(client, client.tx.rws.bid(auction!, 2_000_000_000n), charlie);
    // Both meet in the pool: blocks are held until the pool has refused one, so no block sealed
    // between the two submissions makes the second merely outdated.
    await client.rpc.dev_holdBlocks(true);
    let attempts: Promise<unknown>[] = [];
    try {
      attempts = [bid(), bid()];
      await Promise.any(
        attempts.map((p) =>
          p.then(
            () => Promise.reject(),
            () => undefined,
          ),
        ),
      );
    } finally {
      await client.rpc.dev_holdBlocks(false);
    }
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as TxFailedError).message).toMatch(
      /^Another transaction of this account is already pending/,
    );
  });

  it('refuses the second of two simultaneous bids on one auction and says why', async () => {
    // Two tabs of two accounts bid the same price on the same first free auction.
    const auction = await fetchFirstFreeAuction(client);
    const bid = (uri: string) =>
      sendTransaction(client, client.tx.rws.bid(auction!, 3_000_000_000n), keyring.addFromUri(uri));
    // Both land in one block: blocks are held until both wait in the pool, so a slow machine
    // cannot seal the first alone and let the auction end before the second.
    await client.rpc.dev_holdBlocks(true);
    let attempts: Promise<unknown>[] = [];
    try {
      attempts = [bid('//Dave'), bid('//Eve')];
      await expect
        .poll(async () => ((await client.rpc.author_pendingExtrinsics()) as unknown[]).length)
        .toBe(2);
    } finally {
      await client.rpc.dev_holdBlocks(false);
    }
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(TxFailedError);
    expect((refused.reason as TxFailedError).code).toBe('RWS.TooSmallBid');
    expect((refused.reason as TxFailedError).message).not.toBe('Error');
  });
});

describe('a connection lost mid-transaction', () => {
  it('rejects the pending transaction with a clear text, then works again after reconnecting', async () => {
    // Slow blocks keep the transaction pending while the node goes away.
    const dir = tempDir('devnet-lost-');
    let node = await startDevnet(['--block-time', '60000', '--reset'], dir);
    const port = new URL(node.url).port;
    const lost = new ChainConnection(node.url, {
      cacheStorage: new MemoryStorage(),
      retryDelayMs: 100,
    });
    try {
      const api = await lost.ready();
      const pending = sendTransaction(api, api.tx.datalog.record('0x6869'), alice, {
        onPhase: (phase) => {
          if (phase === 'broadcast') void node.kill();
        },
      });
      await expect(pending).rejects.toThrow(CONNECTION_LOST_PENDING);
      expect(lost.state).toBe('connecting');
      // The same data dir on the same port: the app reconnects by itself and can send again.
      node = await startDevnet(['--instant', '--chain-port', port], dir);
      await expect.poll(() => lost.state, { timeout: 20_000 }).toBe('connected');
      const result = await sendTransaction(api, api.tx.datalog.record('0x6869'), alice);
      expect(result.blockNumber).toBeGreaterThan(0);
    } finally {
      await lost.disconnect();
      await node.stop();
      removeDir(dir);
    }
  }, 60_000);
});

describe('a node that is not there yet', () => {
  it('connects by itself once the node starts, without a new connection', async () => {
    const dir = tempDir('devnet-late-');
    const port = await freePort();
    const late = new ChainConnection(`ws://127.0.0.1:${port}`, {
      cacheStorage: new MemoryStorage(),
      retryDelayMs: 100,
      maxRetryDelayMs: 400,
    });
    let node: DevnetProcess | null = null;
    try {
      await expect.poll(() => late.state).not.toBe('connected');
      // A request made now goes out once the node is there.
      const genesis = late.request<string>('chain_getBlockHash', [0]);
      node = await startDevnet(['--instant', '--chain-port', String(port)], dir);
      expect(await genesis).toMatch(/^0x[0-9a-f]{64}$/);
      await expect.poll(() => late.state, { timeout: 20_000 }).toBe('connected');
      const api = await late.ready();
      expect(api.runtimeVersion.specName).toBe('robonomics');
    } finally {
      await late.disconnect();
      await node?.stop();
      removeDir(dir);
    }
  }, 60_000);
});

describe('a request to a node that never answers', () => {
  it('ends when the connection is closed', async () => {
    const nowhere = new ChainConnection(`ws://127.0.0.1:${await freePort()}`, {
      cacheStorage: new MemoryStorage(),
      retryDelayMs: 100,
    });
    const pending = nowhere.request('chain_getBlockHash', [0]);
    await nowhere.disconnect();
    await expect(pending).rejects.toThrow('closed before the node answered');
  });
});

/** A port nothing listens on (asked of the system, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
