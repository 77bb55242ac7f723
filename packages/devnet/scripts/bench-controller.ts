// Device-control round trips: a /call over libp2p until the /update that shows the new state,
// as the app sees them, median of 20 each.
//
// By default against an in-process seeded devnet (chain in instant seal, IPFS, relay, the home's
// proxy and its Home Assistant): through the relay (how a home behind NAT is reached) and
// directly, with the legacy proxy (mplex, raw JSON: what homes run) and the current one (yamux,
// length-prefixed); again through the relay with the chain node stopped; and a chain launch
// (boxed command on IPFS, launch.launch through rws.call) until the controller applied it.
//
// With `--devnet http://127.0.0.1:8899` (a running devnet's levers) it measures that devnet's
// home through its relay instead, whatever proxy the home uses: start the devnet with
// `--proxy external=ws://127.0.0.1:8888` and any proxy implementation on that address to weigh it.
// Run by `npm run bench`.
import { parseArgs } from 'node:util';
import { Keyring } from '@polkadot/keyring';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelope } from '@robonomics-dapp/robonomics/crypto/envelope';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { parsePayload } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { addToIpfs } from '@robonomics-dapp/robonomics/ipfs/kubo-add';
import { SEED_CONTROLLER_MNEMONIC } from '../src/chain/seed.ts';
import { removeDir, tempDir } from '../src/common/test-support.ts';
import { startControllerService } from '../src/controller/service.ts';
import { send, startNetwork } from '../src/controller/test-support.ts';
import { type AppPeer, startAppPeer } from '../src/p2p/test-support.ts';

const ROUNDS = 20;
const ENTITY = 'switch.kitchen_kettle';
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

const { values } = parseArgs({ options: { devnet: { type: 'string' } } });
await cryptoWaitReady();
const keyring = new Keyring({ ss58Format: 32 });
const bobPair = keyring.addFromUri('//Bob', {}, 'ed25519');
const bob = pairFromUri('//Bob', 'ed25519');
const controllerKey = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519');
const controllerAddress = keyring.addFromUri(SEED_CONTROLLER_MNEMONIC, {}, 'ed25519').address;

/** The kettle's state in an /update, as Bob opens it. */
const stateOf = (data: unknown): string | undefined => {
  try {
    const text = decryptEnvelope(
      JSON.stringify(data),
      bob,
      bobPair.address,
      controllerKey.publicKey,
    );
    const states = parsePayload(text) as { entities: Record<string, { state: string }> };
    return states.entities[ENTITY]?.state;
  } catch {
    return undefined;
  }
};

const toggle = () => ({
  data: {
    sender: bobPair.address,
    data: encryptMessage(
      JSON.stringify({ platform: 'switch', name: 'toggle', params: { entity_id: ENTITY } }),
      bob,
      controllerAddress,
    ),
  },
});

/** Round trips of one app peer: /call, then the /update showing the kettle's new state. */
async function roundTrips(app: AppPeer): Promise<number[]> {
  // The proxy sends the last states as the app connects: that is the state to change.
  const first = await app.nextUpdate((m) => stateOf(m.body.data) !== undefined, 10_000);
  let state = stateOf(first.body.data)!;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // At a human pace: Home Assistant pushes /update at most once a second.
    await new Promise((r) => setTimeout(r, 1_100));
    const want = state === 'on' ? 'off' : 'on';
    const t0 = performance.now();
    await app.call(toggle());
    const update = await app.nextUpdate((m) => m.at > t0 && stateOf(m.body.data) === want, 5_000);
    times.push(update.at - t0);
    state = want;
  }
  return times;
}

async function measure(label: string, address: string): Promise<void> {
  const app = await startAppPeer(address);
  try {
    const times = await roundTrips(app);
    console.log(
      `p2p command round trip (/call -> /update), ${label} (${app.connection.multiplexer}): median ${median(times).toFixed(0)} ms, p90 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!.toFixed(0)} ms over ${ROUNDS}`,
    );
  } finally {
    await app.stop();
  }
}

if (values.devnet) {
  const status = (await (await fetch(values.devnet)).json()) as {
    proxy: string;
    home?: { addresses: string[] };
  };
  const circuit = status.home?.addresses.find((a) => a.includes('/p2p-circuit'));
  if (!circuit) throw new Error(`The devnet at ${values.devnet} names no relayed home address.`);
  await measure(`through the relay, ${status.proxy} proxy`, circuit);
  process.exit(0);
}

const dataDir = tempDir();
const net = await startNetwork(dataDir);
// Both ways in: the relay circuit, and a direct listener (--controller-direct).
await net.restartProxy('legacy', { controllerDirect: true });
const controller = await startControllerService(net.options, net.running, {
  log: () => {},
  lanAddress: null,
});
const alice = keyring.addFromUri('//Alice', {}, 'sr25519').address;
const proxy = () => net.proxy!;
const relayed = () =>
  proxy()
    .addresses()
    .find((a) => a.includes('/p2p-circuit'))!;
const direct = () =>
  proxy()
    .addresses()
    .find((a) => !a.includes('/p2p-circuit'))!;
/** Waits until Home Assistant listens to the (new) proxy again. */
const linked = async () => {
  while (proxy().clients() === 0 || !controller.proxyLink.connected) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));
};

try {
  await linked();
  await measure('through the relay, legacy proxy', relayed());
  await measure('direct, legacy proxy', direct());

  const chain: number[] = [];
  const headers = web3AuthHeaders(web3AuthFromPair(bob), alice);
  for (let i = 0; i < 5; i++) {
    const want = controller.home.entity(ENTITY)!.state === 'on' ? 'off' : 'on';
    const t0 = performance.now();
    const boxed = encryptMessage(
      JSON.stringify({ platform: 'switch', name: 'toggle', params: { entity_id: ENTITY } }),
      bob,
      controller.address,
    );
    const cid = await addToIpfs(net.ipfs.apiUrl, boxed, headers);
    await send(
      net.api,
      net.api.tx.rws.call(alice, net.api.tx.launch.launch(controller.address, cidToH256(cid))),
      bobPair,
    );
    while (controller.home.entity(ENTITY)!.state !== want)
      await new Promise((r) => setTimeout(r, 5));
    chain.push(performance.now() - t0);
  }
  console.log(
    `parachain command round trip (upload, launch in instant seal, applied): median ${median(chain).toFixed(0)} ms over 5`,
  );

  await net.restartProxy('current');
  await linked();
  await measure('through the relay, current proxy', relayed());

  // The chain node goes away: the home is still controlled peer-to-peer.
  await net.restartProxy('legacy');
  await linked();
  await net.api.disconnect();
  await net.chain.stop();
  await measure('through the relay, legacy proxy, chain node stopped', relayed());
} finally {
  await controller.stop();
  await net.stop().catch(() => {});
  removeDir(dataDir);
}
process.exit(0);
