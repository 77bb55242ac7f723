// Device-control round trips against an in-process seeded devnet (chain in instant seal, IPFS,
// relay, controller): a /call over libp2p until the /update showing the new state, through the
// relay (how a home behind NAT is reached) and directly; and a chain launch (boxed command on
// IPFS, launch.launch through rws.call) until the controller's next datalog record.
// Run by `npm run bench`.
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
import { startControllerService } from '../src/controller/service.ts';
import {
  removeDir,
  send,
  startAppPeer,
  startNetwork,
  tempDir,
} from '../src/controller/test-support.ts';

const ROUNDS = 10;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

await cryptoWaitReady();
const dataDir = tempDir();
const net = await startNetwork(dataDir);
// Both ways in: the relay circuit, and a direct listener (--controller-direct).
const controller = await startControllerService(
  { ...net.options, controllerDirect: true },
  net.running,
  { log: () => {}, lanAddress: null },
);
const keyring = new Keyring({ ss58Format: 32 });
const bobPair = keyring.addFromUri('//Bob', {}, 'ed25519');
const bob = pairFromUri('//Bob', 'ed25519');
const controllerKey = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519');
const alice = keyring.addFromUri('//Alice', {}, 'sr25519').address;
const relayed = await startAppPeer(controller.multiaddr);
const direct = await startAppPeer(controller.directAddress!);
const entity = 'switch.kitchen_kettle';
const stateOf = (data: unknown): string | undefined => {
  try {
    const text = decryptEnvelope(
      JSON.stringify(data),
      bob,
      bobPair.address,
      controllerKey.publicKey,
    );
    const states = parsePayload(text) as { entities: Record<string, { state: string }> };
    return states.entities[entity]?.state;
  } catch {
    return undefined;
  }
};

try {
  const roundTrips = async (app: typeof relayed): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // At a human pace: the controller flushes /update at most once a second, like HA.
      await new Promise((r) => setTimeout(r, 1_100));
      const want = controller.home.entity(entity)!.state === 'on' ? 'off' : 'on';
      const t0 = performance.now();
      await app.call({
        data: {
          sender: bobPair.address,
          data: encryptMessage(
            JSON.stringify({ platform: 'switch', name: 'toggle', params: { entity_id: entity } }),
            bob,
            controller.address,
          ),
        },
      });
      const update = await app.nextUpdate((m) => m.at > t0 && stateOf(m.body.data) === want, 5_000);
      times.push(update.at - t0);
    }
    return times;
  };
  if (!relayed.connection.remoteAddr.toString().includes('/p2p-circuit')) {
    throw new Error('The relayed peer is not connected through the relay.');
  }
  const viaRelay = await roundTrips(relayed);
  const viaDirect = await roundTrips(direct);
  console.log(
    `p2p command round trip (/call -> /update): through the relay median ${median(viaRelay).toFixed(0)} ms, direct median ${median(viaDirect).toFixed(0)} ms, over ${ROUNDS} each`,
  );

  const chain: number[] = [];
  const headers = web3AuthHeaders(web3AuthFromPair(bob), alice);
  for (let i = 0; i < 5; i++) {
    const want = controller.home.entity(entity)!.state === 'on' ? 'off' : 'on';
    const t0 = performance.now();
    const boxed = encryptMessage(
      JSON.stringify({ platform: 'switch', name: 'toggle', params: { entity_id: entity } }),
      bob,
      controller.address,
    );
    const cid = await addToIpfs(net.ipfs.apiUrl, boxed, headers);
    await send(
      net.api,
      net.api.tx.rws.call(alice, net.api.tx.launch.launch(controller.address, cidToH256(cid))),
      bobPair,
    );
    while (controller.home.entity(entity)!.state !== want)
      await new Promise((r) => setTimeout(r, 5));
    chain.push(performance.now() - t0);
  }
  console.log(
    `parachain command round trip (upload, launch in instant seal, applied): median ${median(chain).toFixed(0)} ms over 5`,
  );
} finally {
  await relayed.stop();
  await direct.stop();
  await controller.stop();
  await net.stop();
  removeDir(dataDir);
}
process.exit(0);
