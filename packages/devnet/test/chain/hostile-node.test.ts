import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { NetworkRefusedError } from '@robonomics-dapp/robonomics/chain/connection/refusal';
import {
  checkedSetDevicesTx,
  DEVICE_LIST_CHANGED,
  deviceListAsShown,
} from '@robonomics-dapp/robonomics/chain/flows/device-list';
import { prepareBuy } from '@robonomics-dapp/robonomics/chain/flows/purchase';
import { rememberMetadata } from '@robonomics-dapp/robonomics/chain/metadata/cache';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import { signingMetadataOf } from '@robonomics-dapp/robonomics/chain/metadata/signing-registry';
import { fetchSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/queries/subscription-devices';
import { subscribeSubscriptionDevices } from '@robonomics-dapp/robonomics/chain/subscriptions/subscription-devices';
import { followOffer } from '@robonomics-dapp/robonomics/rws/follow-offer';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { $Metadata } from 'dedot/codecs';
import { u8aToHex } from 'dedot/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { removeDir } from '../../src/common/test-support.ts';
import {
  type HostileNode,
  startHostileNode,
  withU128Constant,
} from '../../src/levers/hostile-node.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// The app's chain layer behind a node that lies (src/hostile-node.ts): it must refuse a node that
// contradicts the network it stands for, and mark a chain it does not know.
const KUSAMA = '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc';
const POLKADOT = '0x29f4371dcc41045f5041489dfcd51389bf8ccd2161332e0de1ca803bcc3ee872';
const XRT = 1_000_000_000n;

const EVE = '4HQ8vFEDNkVvwoq6C5qFi1hdU8bbLXTh3HGJ5jBC6YBsfRQY';

const withMinimalBid = (hex: string, planck: bigint) =>
  withU128Constant(hex, 'RWS', 'MinimalBid', planck) as `0x${string}`;

let devnet: DevnetProcess;
let hostile: HostileNode;
const open: ChainConnection[] = [];

beforeAll(async () => {
  devnet = await startDevnet(['--instant', '--reset', '--seed']);
  hostile = await startHostileNode({ target: devnet.url });
});
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.disconnect();
  hostile.rules = {};
});
afterAll(async () => {
  await hostile?.close();
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

const connect = (devnetEndpoints: string[] = []) => {
  const connection = new ChainConnection(hostile.url, {
    cacheStorage: new MemoryStorage(),
    devnetEndpoints,
  });
  open.push(connection);
  return connection;
};

/**
 * Keeps for the hostile node, as an earlier version of the app would have kept it from a lying
 * node, the devnet's description with MinimalBid at 123.9 XRT, under Robonomics on Polkadot's
 * runtime 43.
 */
async function keepLyingDescription(storage: MemoryStorage) {
  const served = (
    (await fetch(devnet.url.replace('ws:', 'http:'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'state_getMetadata', params: [] }),
    }).then((r) => r.json())) as { result: string }
  ).result;
  const patched = withMinimalBid(served, 123_900_000_000n);
  await rememberMetadata(
    { summaries: storage, bytes: storage },
    hostile.url,
    {
      genesisHash: POLKADOT,
      runtimeVersion: { specName: 'robonomics', specVersion: 43 },
      metadata: $Metadata.tryDecode(patched),
    } as never,
    { [`RAW_META/${POLKADOT}/43`]: patched },
  );
}

describe('the chain layer behind a hostile node', () => {
  it('refuses a known network whose node reports 12 decimals, and hands out no client', async () => {
    hostile.rules = { properties: { tokenDecimals: 12 } };
    // The devnet's own endpoint, as the devnet build names it.
    const connection = connect([hostile.url]);
    const offer = followOffer(connection);
    await expect(connection.ready()).rejects.toThrow(NetworkRefusedError);
    expect(connection.refused).toBe(true);
    expect(connection.client).toBeNull();
    expect(connection.state).toBe('error');
    expect(connection.error).toBe(
      'This node says it is Local devnet, whose token is XRT with 9 decimals, but it reports the symbol XRT and 12 decimals. The app does not use it, so that no amount is shown or signed at the wrong scale; choose another network.',
    );
    expect(offer.current.minimalBid).toBeUndefined();
  });

  it('takes a custom node claiming Kusama’s genesis as Kusama, but not as its endpoint', async () => {
    hostile.rules = { genesisHash: KUSAMA };
    const connection = connect();
    const client = await connection.ready();
    expect(client.genesisHash).toBe(KUSAMA);
    expect(connection.network).toEqual({
      kind: 'known',
      name: 'Robonomics on Kusama',
      genesisHash: KUSAMA,
      token: { decimals: 9, symbol: 'XRT' },
      ownEndpoint: false,
      devnet: false,
    });
  });

  it('refuses a custom node claiming Kusama’s genesis with 12 decimals', async () => {
    hostile.rules = { genesisHash: KUSAMA, properties: { tokenDecimals: 12 } };
    await expect(connect().ready()).rejects.toThrow(/says it is Robonomics on Kusama/);
  });

  it('refuses a known network whose runtime description moves a call the app sends', async () => {
    // Datalog at the Balances pallet's index: a "record" the real chain would read as a transfer.
    hostile.rules = {
      metadata: (hex) => {
        const metadata = $Metadata.tryDecode(hex);
        const v14 = metadata.metadataVersioned.value as {
          pallets: { name: string; index: number }[];
        };
        v14.pallets.find((p) => p.name === 'Datalog')!.index = 31;
        return u8aToHex($Metadata.tryEncode(metadata));
      },
    };
    const connection = connect([hostile.url]);
    await expect(connection.ready()).rejects.toThrow(
      'This node describes the runtime of Local devnet otherwise than it is: Datalog.record is not where or what it is there.',
    );
    expect(connection.client).toBeNull();
    expect(connection.network?.kind).toBe('refused');
    // The same description on an unknown chain is that chain's own: nothing to hold it to.
    const unknown = connect();
    await unknown.ready();
    expect(unknown.network?.kind).toBe('unknown');
  });

  it('bids the pinned price whatever a node claiming a pinned runtime says, and refuses it', async () => {
    // A node claiming Robonomics on Polkadot (runtime 43, pinned) with MinimalBid at 123.9 XRT.
    hostile.rules = {
      genesisHash: POLKADOT,
      metadata: (hex) => withMinimalBid(hex, 123_900_000_000n),
    };
    const connection = connect();
    const offer = followOffer(connection);
    const client = await connection.ready();
    // The price comes from the pin: the node's constant never reaches what is shown or signed.
    expect(offer.current.minimalBid).toBe(XRT);
    expect(client.consts.rws.minimalBid).toBe(123_900_000_000n);
    // Before anything is signed the description is checked: the node is refused in words.
    await expect(signingMetadataOf(client)).rejects.toThrow(
      "This node describes runtime 43 of Robonomics on Polkadot otherwise than it is: its RWS.MinimalBid is 123900000000 planck, the runtime's 1000000000.",
    );
    expect(connection.refused).toBe(true);
    expect(connection.error).toMatch(/does not sign anything with it/);
    expect(hostile.submitted).toEqual([]);
  });

  it('signs over the pinned metadata hash when a pinned runtime is described as it is', async () => {
    hostile.rules = { genesisHash: POLKADOT };
    const connection = connect();
    const client = await connection.ready();
    expect(await signingMetadataOf(client)).toEqual({
      kind: 'pinned',
      metadataHash: '0xf874f577ba6b04caa15707baeb6f73a3ef2263f754bad1b43e832b6d8402f9a9',
    });
  });

  it('drops a lying description kept from an earlier visit and takes the node’s again', async () => {
    const storage = new MemoryStorage();
    // What an earlier version of the app kept from a lying node: the patched metadata.
    const served = (
      (await await fetch(devnet.url.replace('ws:', 'http:'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'state_getMetadata', params: [] }),
      }).then((r) => r.json())) as { result: string }
    ).result;
    const patched = withMinimalBid(served, 123_900_000_000n);
    const runtimeVersion = { specName: 'robonomics', specVersion: 43 };
    await rememberMetadata(
      { summaries: storage, bytes: storage },
      hostile.url,
      { genesisHash: POLKADOT, runtimeVersion, metadata: $Metadata.tryDecode(patched) } as never,
      { [`RAW_META/${POLKADOT}/43`]: patched },
    );
    hostile.rules = { genesisHash: POLKADOT };
    const first = new ChainConnection(hostile.url, { cacheStorage: storage });
    const firstOffer = followOffer(first);
    open.push(first);
    const lied = await first.ready();
    // The client started from what was kept: the lying constant, never shown nor signed.
    expect(lied.consts.rws.minimalBid).toBe(123_900_000_000n);
    expect(firstOffer.current.minimalBid).toBe(XRT);
    await expect(signingMetadataOf(lied)).rejects.toThrow(
      /It was kept on this device from an earlier visit and has been dropped\.$/,
    );
    expect(first.keptDescriptionDropped).toBe(true);
    expect(await storage.keys()).toEqual([]);
    // A new connection (a later visit) fetches the node's description too, which holds.
    const second = new ChainConnection(hostile.url, { cacheStorage: storage });
    open.push(second);
    const client = await second.ready();
    expect(client.consts.rws.minimalBid).toBe(XRT);
    expect((await signingMetadataOf(client)).kind).toBe('pinned');
    expect((await storage.keys()).length).toBe(2);
  });

  it('fetches the node’s description itself, on the same connection, when the kept one does not hold', async () => {
    const storage = new MemoryStorage();
    await keepLyingDescription(storage);
    hostile.rules = { genesisHash: POLKADOT };
    const connection = new ChainConnection(hostile.url, { cacheStorage: storage });
    open.push(connection);
    const offer = followOffer(connection);
    const seen: { state: string; refused: boolean; dropped: boolean }[] = [];
    connection.onChange(() =>
      seen.push({
        state: connection.state,
        refused: connection.refused,
        dropped: connection.socketDropped,
      }),
    );
    const lied = await connection.ready();
    expect(lied.consts.rws.minimalBid).toBe(123_900_000_000n);
    // The client started from what was kept signs nothing, and the connection replaces it.
    await expect(signingMetadataOf(lied)).rejects.toThrow(
      /It was kept on this device from an earlier visit and has been dropped\.$/,
    );
    expect(connection.keptDescriptionDropped).toBe(true);
    expect(connection.client).toBeNull();
    expect(connection.state).toBe('connecting');
    const client = await connection.ready();
    expect(client).not.toBe(lied);
    expect(connection.client).toBe(client);
    expect(client.consts.rws.minimalBid).toBe(XRT);
    expect((await signingMetadataOf(client)).kind).toBe('pinned');
    expect(connection.signing?.kind).toBe('pinned');
    // Kept again, the node's this time.
    expect((await storage.keys()).length).toBe(2);
    // Neither refused nor shown as a lost connection on the way; the offer follows the new client.
    expect(connection.refused).toBe(false);
    expect(connection.state).toBe('connected');
    expect(seen.some((s) => s.state === 'error' || s.refused || s.dropped)).toBe(false);
    expect(offer.current.minimalBid).toBe(XRT);
    const queue = await client.query.rws.auctionQueue();
    await expect.poll(() => offer.current.auctionQueue).toEqual(queue);
  });

  it('fetches the node’s description once: a node whose own description fails too is refused', async () => {
    const storage = new MemoryStorage();
    await keepLyingDescription(storage);
    let served = 0;
    hostile.rules = {
      genesisHash: POLKADOT,
      metadata: (hex) => {
        served++;
        return withMinimalBid(hex, 123_900_000_000n);
      },
    };
    const connection = new ChainConnection(hostile.url, { cacheStorage: storage });
    open.push(connection);
    const lied = await connection.ready();
    // The summary was kept: nothing was downloaded for the first client.
    expect(served).toBe(0);
    await expect(signingMetadataOf(lied)).rejects.toThrow(/has been dropped\.$/);
    const fetched = await connection.ready();
    expect(served).toBe(1);
    await expect(signingMetadataOf(fetched)).rejects.toThrow(
      "This node describes runtime 43 of Robonomics on Polkadot otherwise than it is: its RWS.MinimalBid is 123900000000 planck, the runtime's 1000000000.",
    );
    expect(connection.refused).toBe(true);
    expect(connection.state).toBe('error');
    expect(connection.error).toMatch(/does not sign anything with it/);
    // Not fetched a third time, and nothing kept from that node.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(served).toBe(1);
    expect(await storage.keys()).toEqual([]);
    expect(hostile.submitted).toEqual([]);
  });

  it('marks a chain the build does not know as unknown, with what it reports', async () => {
    hostile.rules = { properties: { tokenDecimals: 12 } };
    const connection = connect();
    await connection.ready();
    expect(connection.network).toMatchObject({
      kind: 'unknown',
      reported: { decimals: 12, symbol: 'XRT' },
    });
  });

  it('adds an account to an owner’s device list, in reads and in subscriptions', async () => {
    const connection = connect();
    const client = await connection.ready();
    const honest = await fetchSubscriptionDevices(client, ALICE);
    expect(honest).not.toContain(EVE);
    hostile.rules = { extraDevice: { owner: ALICE, device: EVE } };
    expect(await fetchSubscriptionDevices(client, ALICE)).toEqual([...honest, EVE]);
    const followed = await new Promise<string[]>((resolve) => {
      void subscribeSubscriptionDevices(client, ALICE, resolve);
    });
    expect(followed).toEqual([...honest, EVE]);
    // Reads only: the followed list stays true while one-off reads lie.
    hostile.rules = { extraDevice: { owner: ALICE, device: EVE, readsOnly: true } };
    const second = await new Promise<string[]>((resolve) => {
      void subscribeSubscriptionDevices(client, ALICE, resolve);
    });
    expect(second).toEqual(honest);
    expect(await fetchSubscriptionDevices(client, ALICE)).toEqual([...honest, EVE]);
    expect(hostile.submitted).toEqual([]);
  });

  it('refuses to build a device list write when the chain no longer holds the list shown', async () => {
    const client = await connect().ready();
    const shown = await fetchSubscriptionDevices(client, ALICE);
    expect(await deviceListAsShown(client, ALICE, shown)).toEqual(shown);
    hostile.rules = { extraDevice: { owner: ALICE, device: EVE, readsOnly: true } };
    await expect(deviceListAsShown(client, ALICE, shown)).rejects.toThrow(DEVICE_LIST_CHANGED);
    const read = await fetchSubscriptionDevices(client, ALICE);
    expect(() => checkedSetDevicesTx(client, read, shown, shown.slice(1))).toThrow(
      DEVICE_LIST_CHANGED,
    );
  });

  it('makes a first purchase write exactly the buyer, whatever devices the node claims', async () => {
    const client = await connect().ready();
    // Charlie has no subscription; the node claims Eve is a device of it.
    const charlie = '4FTr8kn7SMg3w78WCPSZHXPWLYSSDMU8RCHDXCLoP9ajd4ws';
    hostile.rules = { extraDevice: { owner: charlie, device: EVE } };
    const shown = await fetchSubscriptionDevices(client, charlie);
    expect(shown).toEqual([EVE]);
    const { tx } = await prepareBuy(client, charlie, { shown, keep: [] });
    const batch = (tx as unknown as { call: unknown }).call as {
      palletCall: { params: { calls: { palletCall: { name: string; params: unknown } }[] } };
    };
    const setDevices = batch.palletCall.params.calls.find(
      (c) => c.palletCall.name === 'SetDevices',
    );
    expect(setDevices?.palletCall.params).toEqual({ devices: [charlie] });
    // A list other than the one shown is refused before anything is built.
    await expect(prepareBuy(client, charlie, { shown: [], keep: [] })).rejects.toThrow(
      DEVICE_LIST_CHANGED,
    );
  });
});

describe('the hostile node itself', () => {
  /** Opens a socket as a page of `origin` would (undefined: a tool, no Origin). */
  const socket = (origin?: string) =>
    new WebSocket(hostile.url, origin ? { headers: { origin } } : undefined);
  const opened = (ws: WebSocket) =>
    new Promise<number>((resolve) => {
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });
  const answer = (ws: WebSocket, request: object) =>
    new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => {
      ws.once('message', (data) => resolve(JSON.parse(data.toString())));
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, ...request }));
    });

  it('has the devnet’s origin gate: pages of other origins are refused', async () => {
    const foreign = socket('https://evil.example');
    expect(await opened(foreign)).toBe(403);
    const app = socket('http://127.0.0.1:5173');
    expect(await opened(app)).toBe(101);
    app.close();
  });

  it('gives pages no dev_* method, as a public node; tools keep them', async () => {
    const page = socket('http://127.0.0.1:5173');
    await opened(page);
    const refused = await answer(page, { method: 'dev_newBlock', params: [] });
    expect(refused.error?.message).toBe('RPC call is unsafe to be called externally');
    page.close();
    const tool = socket();
    await opened(tool);
    const asked = await answer(tool, { method: 'system_name', params: [] });
    expect(asked.result).toBeTypeOf('string');
    tool.close();
  });

  it('closes a socket that sends a frame larger than the devnet takes', async () => {
    const page = socket('http://127.0.0.1:5173');
    await opened(page);
    const closed = new Promise<number>((resolve) => page.once('close', (code) => resolve(code)));
    page.send('x'.repeat(17 * 1024 * 1024));
    expect(await closed).toBe(1009);
  });
});
