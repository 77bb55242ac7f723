import type { AddressInfo } from 'node:net';
import { encodeAddress } from '@polkadot/util-crypto';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import type { MinimalWebSocket } from '@robonomics-dapp/robonomics/chain/connection/rpc-socket';
import {
  type CheckFactsOptions,
  checkFacts,
  FactsRefusedError,
} from '@robonomics-dapp/robonomics/chain/connection/second-opinion';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import { fetchAccountBalance } from '@robonomics-dapp/robonomics/chain/queries/account-balance';
import {
  decodeOwnerFacts,
  ownerFacts,
} from '@robonomics-dapp/robonomics/chain/queries/decision-facts';
import { fetchLedger } from '@robonomics-dapp/robonomics/chain/queries/ledger';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { removeDir } from '../../src/common/test-support.ts';
import {
  type HostileNode,
  startHostileNode,
  withU128Constant,
} from '../../src/levers/hostile-node.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The app connected through a node that lies about what a purchase or a device-list change
// decides (src/hostile-node.ts), with the devnet itself as the second node: the facts read once
// at the connected node's final block and compared byte for byte catch each lie and name what
// differs; a node that lies only in reads of the latest state gets nothing decided from them.
/** An account the seed gives nothing. */
const NOBODY = encodeAddress(new Uint8Array(32).fill(7), 32);
/** Another, whose facts no test changes. */
const STILL = encodeAddress(new Uint8Array(32).fill(9), 32);

let devnet: DevnetProcess;
let hostile: HostileNode;
/** A second node in front of the same devnet, which may be told to lie too. */
let second: HostileNode;
let connection: ChainConnection;
const createSocket = (url: string) => new WebSocket(url) as unknown as MinimalWebSocket;

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  hostile = await startHostileNode({ target: devnet.url });
  second = await startHostileNode({ target: devnet.url });
  connection = new ChainConnection(hostile.url, { cacheStorage: new MemoryStorage() });
  const client = await connection.ready();
  // The facts are read at the final block, which trails the seed's blocks by the devnet's
  // finality lag (longer on a loaded machine): the seeded state must be final first.
  const seeded = (await client.rpc.chain_getHeader())?.number ?? 0;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const head = await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead());
    if ((head?.number ?? 0) >= seeded || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterEach(() => {
  hostile.rules = {};
  second.rules = {};
});
afterAll(async () => {
  await connection?.disconnect();
  await hostile?.close();
  await second?.close();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const options = (endpoint: string | null, more: Partial<CheckFactsOptions> = {}) => ({
  connected: hostile.url,
  secondNodes: endpoint ? [{ endpoint, own: false }] : [],
  createSocket,
  timeoutMs: 3_000,
  ...more,
});
const check = (owner: string, endpoint: string | null = devnet.url, more = {}) => {
  const client = connection.client!;
  return checkFacts(client, ownerFacts(client, owner), options(endpoint, more));
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(FactsRefusedError);
      return (error as Error).message;
    },
  );

describe('facts checked before decisions', () => {
  it('are confirmed by an honest second node, and decode to what the client reads', async () => {
    const checked = await check(ALICE);
    expect(checked.confirmation).toEqual({
      kind: 'confirmed',
      node: { endpoint: devnet.url, own: false },
    });
    expect(checked.block.number).toBeGreaterThan(0);
    const client = connection.client!;
    const facts = decodeOwnerFacts(client, checked.values);
    expect(facts.devices).toEqual(await fetchSubscriptionDevices(client, ALICE));
    expect(facts.ledger).toEqual(await fetchLedger(client, ALICE));
    expect(facts.balance.free).toBeGreaterThan(0n);
    // An account with nothing: no subscription, no devices, an empty balance.
    const nobody = decodeOwnerFacts(client, (await check(NOBODY)).values);
    expect(nobody).toEqual({
      ledger: null,
      devices: [],
      balance: await fetchAccountBalance(client, NOBODY),
    });
  });

  it('catch a node that leaves a device out of the list a change would rewrite', async () => {
    const devices = await connection.client!.query.rws.devices(ALICE);
    hostile.rules = { hiddenDevice: { owner: ALICE, device: devices[0]!.address(32) } };
    expect(await refusal(check(ALICE))).toMatch(
      new RegExp(
        `^Nothing was signed: the node ${hostile.url} and the second node ${devnet.url} disagree about the device list at finalized block #\\d+\\. One of them is wrong; try again later or choose another node\\.$`,
      ),
    );
  });

  it('catch a running subscription reported as gone, and one reported for an account without', async () => {
    const client = connection.client!;
    const [aliceLedger] = ownerFacts(client, ALICE);
    const [nobodyLedger] = ownerFacts(client, NOBODY);
    hostile.rules = { storage: { [aliceLedger!.key]: null } };
    expect(await refusal(check(ALICE))).toContain('disagree about the subscription');
    hostile.rules = {};
    const bytes = await client.rpc.state_getStorage(aliceLedger!.key);
    hostile.rules = { storage: { [nobodyLedger!.key]: bytes ?? null } };
    expect(await refusal(check(NOBODY))).toContain('disagree about the subscription');
  });

  it('take nothing from a node that lies only in reads of the latest state', async () => {
    const client = connection.client!;
    const [aliceLedger] = ownerFacts(client, ALICE);
    const devices = await fetchSubscriptionDevices(client, ALICE);
    hostile.rules = {
      latestOnly: true,
      storage: { [aliceLedger!.key]: null },
      hiddenDevice: { owner: ALICE, device: devices[0]! },
    };
    // The latest state lies: no subscription, a device missing.
    expect(await fetchLedger(client, ALICE)).toBeNull();
    expect(await fetchSubscriptionDevices(client, ALICE)).toEqual(devices.slice(1));
    // The checked facts, read at the final block, are the truth, and confirmed.
    const checked = await check(ALICE);
    expect(checked.confirmation.kind).toBe('confirmed');
    const facts = decodeOwnerFacts(client, checked.values);
    expect(facts.ledger).not.toBeNull();
    expect(facts.devices).toEqual(devices);
  });

  it('refuse a final block far behind the second node’s', async () => {
    const client = connection.client!;
    // Enough blocks for one 8 behind the final one.
    await client.rpc.dev_newBlock({ count: 10 });
    let final = await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead());
    const deadline = Date.now() + 10_000;
    while (final!.number < 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      final = await client.rpc.chain_getHeader(await client.rpc.chain_getFinalizedHead());
    }
    const old = final!.number - 8;
    hostile.rules = { finalizedHead: await client.rpc.chain_getBlockHash(old) };
    const message = await refusal(check(STILL));
    expect(message).toMatch(
      new RegExp(
        `^Nothing was signed: the node ${hostile.url} answers from block #${old}, (\\d+) blocks behind the second node ${devnet.url}, whose last final block is #\\d+\\.`,
      ),
    );
    expect(Number(/, (\d+) blocks behind/.exec(message)![1])).toBeGreaterThanOrEqual(8);
    // A block a few behind is no lie: finality reaches nodes at slightly different times.
    hostile.rules = { finalizedHead: await client.rpc.chain_getBlockHash(final!.number - 2) };
    expect((await check(STILL)).confirmation.kind).toBe('confirmed');
  });

  it('wait for finality to reach a fact that changed after the final block', async () => {
    const client = connection.client!;
    const before = await client.rpc.chain_getFinalizedHead();
    // NOBODY's device list changes in a new block, while the node still names the old block final.
    const [, devicesKey] = ownerFacts(client, NOBODY);
    await client.rpc.dev_setStorage([[devicesKey!.key, `0x04${'07'.repeat(32)}`]]);
    await client.rpc.dev_newBlock({ count: 2 });
    hostile.rules = { finalizedHead: before };
    const checking = check(NOBODY);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    hostile.rules = {};
    const checked = await checking;
    // Decided from the new list, once it was final, not from the one before.
    expect(decodeOwnerFacts(client, checked.values).devices).toEqual([NOBODY]);
    expect(checked.confirmation.kind).toBe('confirmed');
  });

  it('refuse a final block the node does not describe', async () => {
    hostile.rules = { finalizedHead: `0x${'ab'.repeat(32)}` };
    expect(await refusal(check(ALICE))).toBe(
      `Nothing was signed: the node ${hostile.url} names block 0x${'ab'.repeat(32)} as final but does not describe it. Try again later or choose another node.`,
    );
  });

  it('are not confirmed, with the reason, when no second node answers or none is known', async () => {
    const down = await check(ALICE, 'ws://127.0.0.1:1');
    expect(down.confirmation).toEqual({
      kind: 'unconfirmed',
      reason: expect.stringMatching(
        /^the second node ws:\/\/127\.0\.0\.1:1 did not answer \(.+\)\.$/,
      ),
    });
    // The facts are still read, for the user to decide on them knowingly.
    expect(down.values).toHaveLength(3);
    const none = await check(ALICE, null, { noSecondNode: 'Polkadot has one public node.' });
    expect(none.confirmation).toEqual({
      kind: 'unconfirmed',
      reason: 'Polkadot has one public node.',
    });
    // The next node in the list is asked when the first does not answer.
    const client = connection.client!;
    const fallback = await checkFacts(client, ownerFacts(client, ALICE), {
      ...options(null),
      secondNodes: [
        { endpoint: 'ws://127.0.0.1:1', own: true },
        { endpoint: devnet.url, own: false },
      ],
    });
    expect(fallback.confirmation).toEqual({
      kind: 'confirmed',
      node: { endpoint: devnet.url, own: false },
    });
  });

  it('are not confirmed by a second node that answers garbage', async () => {
    const garbage = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    garbage.on('connection', (ws) =>
      ws.on('message', (data) => {
        const { id } = JSON.parse(String(data)) as { id: number };
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, result: { not: 'a hash' } }));
      }),
    );
    await new Promise((resolve) => garbage.once('listening', resolve));
    try {
      const url = `ws://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
      expect((await check(ALICE, url)).confirmation).toEqual({
        kind: 'unconfirmed',
        reason: `the second node ${url} answered something that is not what was asked for.`,
      });
    } finally {
      await new Promise((resolve) => garbage.close(resolve));
    }
  });

  it('compare the constants nothing pins, from the second node’s description at that block', async () => {
    const constants = [{ label: 'the minimal bid', pallet: 'RWS', name: 'MinimalBid' }];
    expect((await check(ALICE, second.url, { constants })).confirmation.kind).toBe('confirmed');
    // The second node describes another price than the connected node's description.
    second.rules = {
      metadata: (hex) => withU128Constant(hex, 'RWS', 'MinimalBid', 123_900_000_000n),
    };
    expect(await refusal(check(ALICE, second.url, { constants }))).toContain(
      'disagree about the minimal bid at finalized block',
    );
  });
});
