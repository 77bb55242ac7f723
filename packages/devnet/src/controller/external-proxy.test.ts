import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelope } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { parsePayload } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevnetProcess, startDevnet } from '../../test/chain/devnet-process.ts';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { type AppPeer, startAppPeer, until } from '../p2p/test-support.ts';
import { type ControllerHandle, startControllerService } from './service.ts';
import { type Network, startNetworkWith } from './test-support.ts';

/**
 * `--proxy external=`: the home's Home Assistant uses a proxy it did not start, here the devnet's
 * own proxy run as a separate process (any implementation of the proxy's WebSocket protocol can
 * take its place), which reserves on this devnet's relay.
 */

const ENTITY = 'switch.kitchen_kettle';
let dataDir: string;
let net: Network;
let proxy: DevnetProcess;
let controller: ControllerHandle;
let app: AppPeer | undefined;

beforeAll(async () => {
  await cryptoWaitReady();
  dataDir = tempDir();
  net = await startNetworkWith(dataDir, {}, null);
  proxy = await startDevnet(['--relay-port', String(net.relay.port)], undefined, {
    services: ['proxy'],
  });
  controller = await startControllerService(
    { ...net.options, proxy: { kind: 'external', url: proxy.urls.proxy! } },
    net.running,
    { lanAddress: null, log: () => {} },
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await controller?.stop();
  await proxy?.stop();
  if (proxy) removeDir(proxy.dataDir);
  await net?.stop();
  removeDir(dataDir);
});

describe('a home whose proxy runs elsewhere', () => {
  it('is reached through the relay and controlled peer-to-peer', async () => {
    await until(
      () => controller.proxyLink.connected && controller.peerId !== '',
      15_000,
      'the link',
    );
    expect(proxy.output.some((line) => line.includes('generation legacy'))).toBe(true);
    await until(() => controller.multiaddr.includes('/p2p-circuit'), 15_000, 'the circuit');
    expect(net.relay.reservations()).toEqual([controller.peerId]);

    app = await startAppPeer(controller.multiaddr);
    expect(app.connection.multiplexer).toBe('/mplex/6.7.0');
    const bob = pairFromUri('//Bob', 'ed25519');
    const bobAddress = new Keyring({ ss58Format: 32 }).addFromUri('//Bob', {}, 'ed25519').address;
    const controllerKey = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519');
    const stateIn = (data: unknown) => {
      try {
        const text = decryptEnvelope(
          JSON.stringify(data),
          bob,
          bobAddress,
          controllerKey.publicKey,
        );
        return (parsePayload(text) as { entities: Record<string, { state: string }> }).entities[
          ENTITY
        ]?.state;
      } catch {
        return undefined;
      }
    };
    // Home Assistant loads its device list from the chain before it publishes.
    const want = controller.home.entity(ENTITY)!.state === 'on' ? 'off' : 'on';
    await until(() => controller.proxyLink.connected, 5_000, 'the link');
    const t0 = performance.now();
    expect(
      await app.call({
        data: {
          sender: bobAddress,
          data: encryptMessage(
            JSON.stringify({ platform: 'switch', name: 'toggle', params: { entity_id: ENTITY } }),
            bob,
            controller.address,
          ),
        },
      }),
    ).toEqual({ result: true });
    const update = await app.nextUpdate((m) => m.at > t0 && stateIn(m.body.data) === want, 10_000);
    expect(stateIn(update.body.data)).toBe(want);
    expect(controller.home.entity(ENTITY)!.state).toBe(want);
  });
});
