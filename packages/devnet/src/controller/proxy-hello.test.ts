import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { decryptEnvelope } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../common/test-support.ts';
import type { Published } from './publishing/publisher.ts';
import { type ControllerHandle, startControllerService } from './service.ts';
import { type Network, nextEvent, startNetwork } from './test-support.ts';

/**
 * Issue 45: a config published before the proxy said hello names no peer, so no app can reach
 * the home peer-to-peer; Home Assistant publishes again as soon as the proxy says hello. And a
 * proxy with a new identity (a reinstalled add-on) gets a config naming its new peer.
 */

let dataDir: string;
let net: Network;
let controller: ControllerHandle;
const logs: string[] = [];
const bob = pairFromUri('//Bob', 'ed25519');
let bobAddress: string;

interface Config {
  peer_id: string;
  libp2p_multiaddress: (string | null)[];
}

/** The config of a publication, as Bob (a device) opens it. */
async function configOf(published: Published): Promise<Config> {
  const response = await fetch(`${net.ipfs.gatewayUrl}/ipfs/${published.configCid}`);
  const text = await response.text();
  return JSON.parse(decryptEnvelope(text, bob, bobAddress, controller.address)) as Config;
}

beforeAll(async () => {
  await cryptoWaitReady();
  bobAddress = new Keyring({ ss58Format: 32 }).addFromUri('//Bob', {}, 'ed25519').address;
  dataDir = tempDir();
  net = await startNetwork(dataDir);
  // The proxy runs but keeps its hello: Home Assistant links to it and learns nothing.
  net.proxy!.holdHello(true);
  controller = await startControllerService(net.options, net.running, {
    retryDelayMs: 150,
    lanAddress: null,
    helloWaitMs: 200,
    proxyReconnectMs: 100,
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await controller?.stop();
  await net?.stop();
  removeDir(dataDir);
});

describe("the proxy's hello", () => {
  it('comes late: the config without a peer is followed at once by one naming it', async () => {
    const first =
      controller.lastPublished ?? (await nextEvent<Published>(controller.events, 'published'));
    expect(controller.proxyLink.connected).toBe(true);
    expect(await configOf(first)).toMatchObject({ peer_id: '', libp2p_multiaddress: [null] });

    const next = nextEvent<Published>(
      controller.events,
      'published',
      (p) => p.configCid !== first.configCid,
    );
    net.proxy!.holdHello(false);
    const config = await configOf(await next);
    const peer = net.proxy!.peerId;
    expect(config.peer_id).toBe(peer);
    expect(config.libp2p_multiaddress).toEqual([
      `${net.relay.multiaddr}/p2p-circuit/p2p/${peer}`,
      null,
    ]);
    expect(logs).toContain(
      'the proxy said hello after a publication without its peer: publishing again',
    );
  });

  it('names the new peer once the proxy restarts with a new identity', async () => {
    const before = net.proxy!.peerId;
    const next = nextEvent<Published>(controller.events, 'published');
    const proxy = await net.restartProxy('legacy', {}, { newIdentity: true });
    expect(proxy.peerId).not.toBe(before);
    let published = await next;
    // A publication under way may end first; the one naming the new peer follows it.
    while ((await configOf(published)).peer_id !== proxy.peerId) {
      published = await nextEvent<Published>(controller.events, 'published');
    }
    expect(controller.peerId).toBe(proxy.peerId);
    expect(logs.some((l) => l.includes(`the proxy's peer is now ${proxy.peerId}`))).toBe(true);
  });
});
