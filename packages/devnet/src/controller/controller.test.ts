import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { u8aToString } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelope } from '@robonomics-dapp/robonomics/crypto/envelope';
import { type KeyPair, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import { validateHaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { HA_REGISTRATION_PARAM } from '@robonomics-dapp/robonomics/home-assistant/launch';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { cidToH256, h256ToCid } from '@robonomics-dapp/robonomics/ipfs/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CONTROLLER_MNEMONIC } from '../chain/seed.ts';
import { removeDir, tempDir } from '../common/test-support.ts';
import { startAppPeer } from '../p2p/test-support.ts';
import { ZERO_ACCOUNT } from './chain/chain.ts';
import { readFixture, SERVICE_CATALOGUE, servicesForEntities } from './ha-api/ha-config.ts';
import { haLogin } from './ha-api/ha-login-client.ts';
import { toPythonJson } from './ha-api/python-json.ts';
import type { Published } from './publishing/publisher.ts';
import { type ControllerHandle, type LaunchOutcome, startControllerService } from './service.ts';
import { type Network, nextEvent, send, startNetwork } from './test-support.ts';

let dataDir: string;
let net: Network;
let controller: ControllerHandle;
let app: Awaited<ReturnType<typeof startAppPeer>> | undefined;
let alice: KeyringPair;
let bobPair: KeyringPair;
let charliePair: KeyringPair;
let bob: KeyPair;
let charlie: KeyPair;
let controllerKey: KeyPair;
const logs: string[] = [];
let firstPublished: Published;

const start = () =>
  startControllerService(net.options, net.running, {
    retryDelayMs: 150,
    lanAddress: null,
    log: (line) => logs.push(line),
  });

/** The controller's newest datalog record: its CID text. */
async function lastRecord(): Promise<{ cid: string; count: number }> {
  const index = (await net.api.query.datalog.datalogIndex(controller.address)).toJSON() as {
    start: number;
    end: number;
  };
  const item = (await net.api.query.datalog.datalogItem([
    controller.address,
    index.end - 1,
  ])) as unknown as [unknown, { toU8a(bare: boolean): Uint8Array }];
  return { cid: u8aToString(item[1].toU8a(true)), count: index.end - index.start };
}

async function gatewayText(cid: string): Promise<string> {
  const response = await fetch(`${net.ipfs.gatewayUrl}/ipfs/${cid}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** What Bob (an ed25519 device of the subscription) reads from an envelope. */
function openForBob(envelope: unknown): string {
  return decryptEnvelope(envelope, bob, bobPair.address, controller.address);
}

function callBody(sender: KeyPair, senderAddress: string, command: unknown) {
  return {
    data: {
      sender: senderAddress,
      data: encryptMessage(JSON.stringify(command), sender, controller.address),
    },
  };
}

function stateIn(message: { body: { data?: unknown } }, entityId: string): string | undefined {
  try {
    const states = JSON.parse(openForBob(message.body.data)) as HaStates;
    return states.entities[entityId]?.state;
  } catch {
    return undefined;
  }
}

/** Bob's chain launch, as the app sends it: boxed JSON on IPFS, its H256 through rws.call. */
async function chainLaunch(
  command: unknown,
  { encrypt = true, raw }: { encrypt?: boolean; raw?: string } = {},
) {
  const text = raw ?? JSON.stringify(command);
  const file = encrypt ? encryptMessage(text, bob, controller.address) : text;
  const form = new FormData();
  form.append('file', new Blob([file]), 'launch');
  const headers = web3AuthHeaders(web3AuthFromPair(bob), alice.address);
  const response = await fetch(`${net.ipfs.apiUrl}/api/v0/add?cid-version=0`, {
    method: 'POST',
    body: form,
    headers,
  });
  expect(response.status).toBe(200);
  const cid = (JSON.parse((await response.text()).split('\n')[0]!) as { Hash: string }).Hash;
  return launchParam(cidToH256(cid));
}

async function launchParam(param: string, signer = bobPair) {
  const seen = nextEvent<LaunchOutcome>(controller.events, 'launch', (o) => o.source === 'chain');
  const { error } = await send(
    net.api,
    net.api.tx.rws.call(alice.address, net.api.tx.launch.launch(controller.address, param)),
    signer,
  );
  expect(error).toBeNull();
  return seen;
}

beforeAll(async () => {
  await cryptoWaitReady();
  const keyring = new Keyring({ ss58Format: 32 });
  alice = keyring.addFromUri('//Alice', {}, 'sr25519');
  bobPair = keyring.addFromUri('//Bob', {}, 'ed25519');
  charliePair = keyring.addFromUri('//Charlie', {}, 'ed25519');
  bob = pairFromUri('//Bob', 'ed25519');
  charlie = pairFromUri('//Charlie', 'ed25519');
  controllerKey = pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519');
  dataDir = tempDir();
  net = await startNetwork(dataDir);
  // The seeded home starts with free weight; drain it to see the controller wait for some.
  const ledger = (await net.api.query.rws.ledger(alice.address)) as unknown as {
    unwrap(): { toRawType(): string; toJSON(): Record<string, unknown> };
  };
  const current = ledger.unwrap();
  const drained = net.api.createType(current.toRawType(), { ...current.toJSON(), freeWeight: 0 });
  await net.provider.send('dev_setStorage', [
    [[net.api.query.rws.ledger.key(alice.address), drained.toHex()]],
  ]);
  controller = await start();
});

afterAll(async () => {
  await app?.stop();
  await controller?.stop();
  await net?.stop();
  removeDir(dataDir);
});

/** The states of a /call, seen by the controller: the ack comes before the command runs. */
async function callAndWait(command: unknown, sender = bob, senderAddress = bobPair.address) {
  const seen = nextEvent<LaunchOutcome>(controller.events, 'launch', (o) => o.source === 'libp2p');
  const reply = await app!.call(callBody(sender, senderAddress, command));
  return { reply, outcome: await seen };
}

describe('the devnet controller', () => {
  it('is the seeded ed25519 controller, reachable only through the relay', () => {
    expect(controller.address).toBe('4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G');
    expect(Buffer.from(controllerKey.publicKey).toString('hex')).toBe(
      '7b4344ead732d6beeeded95d39e330ef0c16ae806046b296737dababb8a0b80d',
    );
    expect(controller.peerId).toMatch(/^12D3KooW/);
    expect(controller.multiaddr).toBe(
      `${net.relay.multiaddr}/p2p-circuit/p2p/${controller.peerId}`,
    );
    expect(controller.directAddress).toBeUndefined();
    // The reservation is made while the node starts: the circuit address is all it announces.
    expect(controller.addresses()).toEqual([controller.multiaddr]);
    expect(net.relay.reservations()).toEqual([controller.peerId]);
  });

  it('retries while the subscription lacks free weight, then publishes once it has some', async () => {
    // Without free weight the first rws.call is refused.
    await nextEvent<string>(controller.events, 'retry', (reason) =>
      reason.includes('FreeWeightIsNotEnough'),
    );
    expect(logs.some((line) => line.includes('RWS.FreeWeightIsNotEnough'))).toBe(true);
    const published = nextEvent<Published>(controller.events, 'published');
    // A day later the Daily subscription has accrued plenty.
    await net.provider.send('dev_timeTravel', [Date.now() + 86_400_000]);
    await net.provider.send('dev_newBlock', [{ count: 1 }]);
    firstPublished = await published;
    expect(firstPublished.twinId).toBeGreaterThanOrEqual(1);
  });

  it('writes the states CID as its datalog record; Bob decrypts the states with history', async () => {
    const { cid } = await lastRecord();
    expect(cid).toBe(firstPublished.statesCid);
    const text = await gatewayText(cid);
    const envelope = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(envelope).at(-1)).toBe('data');
    expect(Object.keys(envelope)).toContain(bobPair.address);
    expect(Object.keys(envelope)).toContain(controller.address);
    const payload = openForBob(text);
    const expected = controller.home.snapshot({ history: true, twinId: firstPublished.twinId });
    expect(payload).toBe(toPythonJson(expected));
    expect(payload).toContain('"units": "None", "state": ');
    expect(payload).toContain('\\u00b0C');
    const states = JSON.parse(payload) as HaStates;
    expect(states.twin_id).toBe(firstPublished.twinId);
    expect(states.entities['sensor.altruist_signal_strength']!.history!.length).toBeGreaterThan(
      500,
    );
    // The days counter follows the chain's ledger with HA's formula,
    // int((issue + 30 days - now) / day) + 1: 31 on the day of issue, 30 once the clock
    // travelled the day forward (it is refreshed on each publish).
    expect(['30', '31']).toContain(
      states.entities['sensor.robonomics_subscription_days_left']!.state,
    );
  });

  it('points its twin topic to the config CID; the config names its peer', async () => {
    const twin = (
      await net.api.query.digitalTwin.digitalTwin(firstPublished.twinId)
    ).toJSON() as Record<string, string>;
    const owner = (await net.api.query.digitalTwin.owner(firstPublished.twinId)).toString();
    expect(owner).toBe(controller.address);
    const topics = Object.entries(twin).filter(([, source]) => source === controller.address);
    expect(topics).toHaveLength(1);
    const cid = h256ToCid(topics[0]![0]);
    expect(cid).toBe(firstPublished.configCid);
    const config = JSON.parse(openForBob(await gatewayText(cid)));
    expect(Object.keys(config)).toEqual([
      'services',
      'dashboard',
      'twin_id',
      'sending_timeout',
      'peer_id',
      'libp2p_multiaddress',
    ]);
    expect(config).toMatchObject({
      twin_id: firstPublished.twinId,
      sending_timeout: 600,
      peer_id: controller.peerId,
      // The proxy's addresses (the relay circuit), then HA's LAN guess: none here.
      libp2p_multiaddress: [controller.multiaddr, null],
    });
    // The services of the domains the home has entities of, in the registry's order.
    const catalogue = readFixture(SERVICE_CATALOGUE) as Record<string, unknown>;
    const domains = Object.keys(
      servicesForEntities(catalogue as never, controller.home.entityIds()),
    );
    expect(Object.keys(config.services)).toEqual(domains);
    expect(domains).toContain('weather');
    expect(domains).not.toContain('sensor');
    expect(config.dashboard.views.map((v: { title: string }) => v.title)).toEqual([
      'Home',
      'Sensors',
      'System',
    ]);
    const checked = validateHaConfig(config);
    expect(checked.ok && checked.value.services?.switch?.toggle).toBeTruthy();
  });

  it('sends the last states to a peer as it connects through the relay', async () => {
    app = await startAppPeer(controller.multiaddr);
    expect(app.connection.remoteAddr.toString()).toContain('/p2p-circuit');
    const first = await app.nextUpdate(() => true);
    const states = JSON.parse(openForBob(first.body.data)) as HaStates;
    // Live snapshots carry no history.
    expect(Object.values(states.entities).every((e) => !('history' in e))).toBe(true);
    expect(states.entities['switch.kitchen_kettle']!.state).toBe('off');
  });

  it('applies a /call from a device, answers {result: true} and pushes an /update within 2 s', async () => {
    const before = controller.home.entity('switch.kitchen_kettle')!;
    const t0 = performance.now();
    const { reply, outcome } = await callAndWait({
      platform: 'switch',
      name: 'toggle',
      params: { entity_id: 'switch.kitchen_kettle' },
    });
    expect(reply).toEqual({ result: true });
    expect(outcome).toMatchObject({ ok: true, action: 'switch.toggle switch.kitchen_kettle' });
    const update = await app!.nextUpdate(
      (m) => m.at > t0 && stateIn(m, 'switch.kitchen_kettle') === 'on',
      2_000,
    );
    const roundTrip = update.at - t0;
    console.log(`/call -> /update round trip: ${roundTrip.toFixed(1)} ms`);
    expect(roundTrip).toBeLessThan(2_000);
    const after = controller.home.entity('switch.kitchen_kettle')!;
    expect(after.state).toBe('on');
    expect(after.history).toHaveLength(before.history!.length + 1);
    expect(after.history!.at(-1)!.date).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/,
    );
  });

  it('acknowledges but ignores a /call from an account that is no device of the subscription', async () => {
    const { reply, outcome } = await callAndWait(
      { platform: 'switch', name: 'toggle', params: { entity_id: 'switch.kitchen_kettle' } },
      charlie,
      charliePair.address,
    );
    // The proxy acknowledges what it received; the controller decides afterwards.
    expect(reply).toEqual({ result: true });
    expect(outcome).toMatchObject({
      ok: false,
      error: `${charliePair.address} is not a device of the subscription.`,
    });
    expect(controller.home.entity('switch.kitchen_kettle')!.state).toBe('on');
  });

  it('refuses invalid /call commands and changes nothing', async () => {
    const before = JSON.stringify(controller.home.snapshot({ history: true }));
    const cases: [unknown, RegExp][] = [
      [
        {
          platform: 'light',
          name: 'turn_on',
          params: { entity_id: 'light.hallway_ceiling', brightness: 300 },
        },
        /at most 255/,
      ],
      [
        {
          platform: 'climate',
          name: 'set_temperature',
          params: { entity_id: 'climate.bedroom_thermostat', temperature: 40 },
        },
        /Accepted range is 7.0 to 35.0/,
      ],
      [
        {
          platform: 'select',
          name: 'select_option',
          params: { entity_id: 'select.kitchen_kettle_mode', option: 'turbo' },
        },
        /Valid options are/,
      ],
      [
        { platform: 'switch', name: 'turn_on', params: { entity_id: 'switch.garden_fountain' } },
        /unavailable/,
      ],
      [{ platform: 'switch', name: 'turn_on' }, /params.entity_id/],
    ];
    for (const [command, error] of cases) {
      const { reply, outcome } = await callAndWait(command);
      expect(reply).toEqual({ result: true });
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toMatch(error);
    }
    const refused = async (body: unknown) => {
      const seen = nextEvent<LaunchOutcome>(controller.events, 'launch', (o) => !o.ok);
      expect(await app!.call(body)).toEqual({ result: true });
      return (await seen).error;
    };
    expect(await refused({ data: { sender: bobPair.address, data: '0x1234' } })).toMatch(
      /could not be decrypted/,
    );
    expect(await refused({ hello: 'world' })).toMatch(/must be/);
    expect(JSON.stringify(controller.home.snapshot({ history: true }))).toBe(before);
  });

  it('applies a chain launch from Bob and writes a new datalog record', async () => {
    const { count } = await lastRecord();
    const published = nextEvent<Published>(controller.events, 'published', () => true, 30_000);
    const outcome = await chainLaunch({
      platform: 'light',
      name: 'turn_on',
      params: { entity_id: 'light.hallway_ceiling', brightness: 128 },
    });
    expect(outcome).toMatchObject({ ok: true, action: 'light.turn_on light.hallway_ceiling' });
    expect(controller.home.entity('light.hallway_ceiling')).toMatchObject({
      state: 'on',
      attributes: { brightness: 128 },
    });
    // A publication the /call tests started may still be under way and end first: the launch's
    // own is the one whose states show the change.
    const statesOf = async (cid: string) =>
      JSON.parse(openForBob(await gatewayText(cid))) as HaStates;
    const lampOn = (states: HaStates) => states.entities['light.hallway_ceiling']?.state === 'on';
    let result = await published;
    while (!lampOn(await statesOf(result.statesCid))) {
      result = await nextEvent<Published>(controller.events, 'published', () => true, 30_000);
    }
    const record = await lastRecord();
    expect(record.count).toBeGreaterThan(count);
    expect(record.cid).toBe(result.statesCid);
    const states = await statesOf(record.cid);
    expect(states.entities['light.hallway_ceiling']).toMatchObject({
      state: 'on',
      attributes: { brightness: 128 },
    });
    expect(states.entities['switch.kitchen_kettle']!.state).toBe('on');
    // The config did not change: same CID, no new topic.
    expect(result.configCid).toBe(firstPublished.configCid);
  });

  it('takes plaintext JSON launches too, but not what literal_eval refuses', async () => {
    const plain = await chainLaunch(
      {
        platform: 'select',
        name: 'select_option',
        params: { entity_id: 'select.kitchen_kettle_mode', option: 'boost' },
      },
      { encrypt: false },
    );
    expect(plain.ok).toBe(true);
    expect(controller.home.entity('select.kitchen_kettle_mode')!.state).toBe('boost');
    const before = JSON.stringify(controller.home.snapshot({ history: true }));
    const withTrue = await chainLaunch({
      platform: 'select',
      name: 'select_next',
      params: { entity_id: 'select.kitchen_kettle_mode', cycle: true },
    });
    expect(withTrue).toMatchObject({ ok: false, error: expect.stringMatching(/malformed node/) });
    const outOfRange = await chainLaunch({
      platform: 'number',
      name: 'set_value',
      params: { entity_id: 'number.kitchen_kettle_target_temperature', value: 120 },
    });
    expect(outOfRange).toMatchObject({
      ok: false,
      error: expect.stringMatching(/outside valid range/),
    });
    expect(JSON.stringify(controller.home.snapshot({ history: true }))).toBe(before);
  });

  it('ignores launches from accounts that are no devices, and registers users', async () => {
    const seen = nextEvent<LaunchOutcome>(controller.events, 'launch', (o) => o.source === 'chain');
    const { error } = await send(
      net.api,
      net.api.tx.launch.launch(controller.address, `0x${'11'.repeat(32)}`),
      charliePair,
    );
    expect(error).toBeNull();
    expect(await seen).toMatchObject({
      ok: false,
      error: `not linked device ${charliePair.address}`,
    });

    const registered = await launchParam(HA_REGISTRATION_PARAM);
    expect(registered).toMatchObject({ ok: true, action: 'registration' });
    const user = controller.home.users()[bobPair.address]!;
    expect(user.username).toBe(bobPair.address.toLowerCase());
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    // A launch file holding {"password": …} sets the user's password.
    const password = await chainLaunch({ password: 'kettle-42' });
    expect(password).toMatchObject({ ok: true, action: 'password' });
    expect(await haLogin(controller.haUrl, bobPair.address, 'kettle-42')).toMatchObject({
      type: 'create_entry',
      result: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await haLogin(controller.haUrl, bobPair.address, 'kettle-43')).toMatchObject({
      type: 'form',
      errors: { base: 'invalid_auth' },
    });
  });

  it('keeps the home and its peer id across a restart', async () => {
    const states = JSON.stringify(controller.home.snapshot({ history: true }));
    const { peerId, multiaddr } = controller;
    await app?.stop();
    app = undefined;
    await controller.stop();
    controller = await start();
    expect(controller.peerId).toBe(peerId);
    expect(controller.multiaddr.split('/p2p/')[1]).toBe(multiaddr.split('/p2p/')[1]);
    expect(JSON.stringify(controller.home.snapshot({ history: true }))).toBe(states);
    expect(controller.home.entity('light.hallway_ceiling')!.state).toBe('on');
    const published = await nextEvent<Published>(
      controller.events,
      'published',
      () => true,
      30_000,
    );
    expect(published.twinId).toBe(firstPublished.twinId);
    const twin = (await net.api.query.digitalTwin.digitalTwin(published.twinId)).toJSON() as Record<
      string,
      string
    >;
    const mine = Object.entries(twin).filter(([, source]) => source === controller.address);
    expect(mine).toEqual([[cidToH256(published.configCid), controller.address]]);
    // Same relay, same peer id: the same config, so the same CID and topic.
    expect(controller.multiaddr).toBe(multiaddr);
    expect(published.configCid).toBe(firstPublished.configCid);
    expect(twin[cidToH256(firstPublished.configCid)]).not.toBe(ZERO_ACCOUNT);
  });
});
