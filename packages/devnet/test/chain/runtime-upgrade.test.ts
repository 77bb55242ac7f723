import { ApiPromise, WsProvider as PolkadotWsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { ChainConnection } from '@robonomics-dapp/robonomics/chain/connection/chain-connection';
import { MemoryStorage } from '@robonomics-dapp/robonomics/chain/metadata/memory-storage';
import {
  RUNTIME_UPGRADED,
  sendTransaction,
} from '@robonomics-dapp/robonomics/chain/tx/send-transaction';
import { DedotClient, WsProvider } from 'dedot';
import type { InjectedSigner } from 'dedot/types';
import { createClient, type PolkadotClient } from 'polkadot-api';
import { getPolkadotSigner } from 'polkadot-api/signer';
import { getWsRawProvider } from 'polkadot-api/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { removeDir } from '../../src/common/test-support.ts';
import { upgradeRuntime } from '../../src/levers/upgrade-runtime.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

// One runtime upgrade (spec 43 → 44, RWS.MinimalBid 1 → 5 XRT) seen by every client while it
// stays connected: @polkadot/api (legacy methods), polkadot-api and dedot in its default mode
// (the new interface, metadata V15), and the app's own client (dedot, legacy), whose transaction
// signed across the upgrade is refused in words.
const OLD_BID = 1_000_000_000n;
const NEW_BID = 5_000_000_000n;

let devnet: DevnetProcess;
let pjs: ApiPromise;
let papi: PolkadotClient;
// biome-ignore lint/suspicious/noExplicitAny: the untyped API of polkadot-api
let papiApi: any;
// biome-ignore lint/suspicious/noExplicitAny: untyped here; the app uses the generated bindings
let dedot: DedotClient<any>;
let app: ChainConnection;
let alice: KeyringPair;
let bob: KeyringPair;

beforeAll(async () => {
  await cryptoWaitReady();
  devnet = await startDevnet(['--instant', '--reset']);
  const keyring = new Keyring({ ss58Format: 32, type: 'sr25519' });
  alice = keyring.addFromUri('//Alice');
  bob = keyring.addFromUri('//Bob');
  [pjs, dedot] = await Promise.all([
    ApiPromise.create({ provider: new PolkadotWsProvider(devnet.url), noInitWarn: true }),
    DedotClient.new({ provider: new WsProvider(devnet.url) }),
  ]);
  papi = createClient(getWsRawProvider(devnet.url, { websocketClass: WebSocket as never }));
  papiApi = papi.getUnsafeApi();
  app = new ChainConnection(devnet.url, { cacheStorage: new MemoryStorage() });
  await app.ready();
});

afterAll(async () => {
  papi?.destroy();
  await Promise.all([pjs?.disconnect(), dedot?.disconnect(), app?.disconnect()]);
  await devnet?.stop();
  removeDir(devnet.dataDir);
});

describe('a runtime upgrade on the devnet', () => {
  it('is seen by @polkadot/api, polkadot-api, dedot and the app without reconnecting', async () => {
    const client = app.client!;
    expect(pjs.consts.rws.minimalBid.toString()).toBe(String(OLD_BID));
    expect(await papiApi.constants.RWS.MinimalBid()).toBe(OLD_BID);
    expect(dedot.consts.rws.minimalBid).toBe(OLD_BID);
    expect(client.consts.rws.minimalBid).toBe(OLD_BID);

    const versions: number[] = [];
    const unsub = await pjs.rpc.state.subscribeRuntimeVersion((v) => {
      versions.push(v.specVersion.toNumber());
    });
    const dedotUpgraded = new Promise((resolve) => dedot.once('runtimeUpgraded', resolve));

    // The app signs a datalog record; the network upgrades while the wallet is still open.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signing: () => void = () => {};
    const signingStarted = new Promise<void>((resolve) => {
      signing = resolve;
    });
    const slowWallet: InjectedSigner = {
      signPayload: async (payload) => {
        signing();
        await held;
        const signature = alice.sign(
          pjs.registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a(true),
          { withType: true },
        );
        return { id: 1, signature: `0x${Buffer.from(signature).toString('hex')}` };
      },
    };
    const stale = sendTransaction(client, client.tx.datalog.record('0x61'), alice.address, {
      signer: slowWallet,
    });
    await signingStarted;

    const { specVersion, blockHash } = await upgradeRuntime(devnet.url, {
      constants: { RWS: { MinimalBid: String(NEW_BID) } },
    });
    expect(specVersion).toBe(44);
    expect(blockHash).toMatch(/^0x[0-9a-f]{64}$/);

    // @polkadot/api: the runtime version subscription and its re-decorated constants.
    await expect.poll(() => versions, { timeout: 15_000 }).toContain(44);
    await expect
      .poll(() => pjs.consts.rws.minimalBid.toString(), { timeout: 15_000 })
      .toBe(String(NEW_BID));
    await unsub();
    // dedot (new interface): the upgrade event and the new constants.
    await dedotUpgraded;
    expect(dedot.runtimeVersion.specVersion).toBe(44);
    expect(dedot.consts.rws.minimalBid).toBe(NEW_BID);
    // polkadot-api: the new runtime once it is finalized.
    await expect.poll(() => papiApi.constants.RWS.MinimalBid(), { timeout: 15_000 }).toBe(NEW_BID);
    // The app: the new metadata, the spec version its views follow.
    await expect.poll(() => app.specVersion, { timeout: 15_000 }).toBe(44);
    expect(client.consts.rws.minimalBid).toBe(NEW_BID);

    // The transaction signed for spec 43 is refused in words, never run under spec 44.
    release();
    await expect(stale).rejects.toThrow(RUNTIME_UPGRADED);

    // Every client signs for the new runtime.
    const sent = await sendTransaction(client, client.tx.datalog.record('0x62'), alice);
    expect(sent.blockHash).toMatch(/^0x/);
    const fromPapi = await new Promise<{ ok: boolean }>((resolve, reject) => {
      const signer = getPolkadotSigner(bob.publicKey, 'Sr25519', (input) => bob.sign(input));
      const subscription = papiApi.tx.Datalog.record({ record: new Uint8Array([1]) })
        .signSubmitAndWatch(signer)
        .subscribe({
          next: (event: { type: string; found?: boolean; ok: boolean }) => {
            if (event.type !== 'txBestBlocksState' || !event.found) return;
            queueMicrotask(() => subscription.unsubscribe());
            resolve(event);
          },
          error: reject,
        });
    });
    expect(fromPapi.ok).toBe(true);
    const fromPjs = await new Promise<string>((resolve, reject) => {
      pjs.tx.datalog
        .record('0x63')
        .signAndSend(bob, ({ status, dispatchError }) => {
          if (status.isInBlock) resolve(dispatchError ? dispatchError.type : 'ok');
        })
        .catch(reject);
    });
    expect(fromPjs).toBe('ok');
  });

  it('refuses an impossible upgrade in words', async () => {
    await expect(upgradeRuntime(devnet.url, { specVersion: 10 })).rejects.toThrow(
      'specVersion must be a whole number above 44',
    );
    await expect(
      upgradeRuntime(devnet.url, { constants: { RWS: { NoSuchThing: 1 } } }),
    ).rejects.toThrow('no constant RWS.NoSuchThing');
    await expect(
      upgradeRuntime(devnet.url, { constants: { RWS: { MinimalBid: '0xzz' } } }),
    ).rejects.toThrow('RWS.MinimalBid must be a whole number or SCALE hex');
  });
});
