import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelope } from '@robonomics-dapp/robonomics/crypto/envelope';
import { type KeyPair, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { buildHaPassRecord } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../../common/test-support.ts';
import { ZERO_ACCOUNT } from '../chain/chain.ts';
import type { Published } from '../publishing/publisher.ts';
import { type ControllerHandle, startControllerService } from '../service.ts';
import { type Network, nextEvent, send, startNetwork } from '../test-support.ts';
import { haLogin } from './ha-login-client.ts';
import type { UserEvent } from './ha-users.ts';

let dataDir: string;
let net: Network;
let controller: ControllerHandle;
let alice: KeyringPair;
const logs: string[] = [];
let twinId: number;

/** An ed25519 dev account: its signer and its box key. */
function account(uri: string): { pair: KeyringPair; key: KeyPair; address: string } {
  const pair = new Keyring({ ss58Format: 32 }).addFromUri(uri, {}, 'ed25519');
  return { pair, key: pairFromUri(uri, 'ed25519'), address: pair.address };
}

const bob = () => account('//Bob');

function passRecord(
  user: ReturnType<typeof account>,
  password: string,
  overrides: { subscription?: string; controller?: string } = {},
): string {
  return buildHaPassRecord({
    subscription: overrides.subscription ?? alice.address,
    user: user.key,
    controller: overrides.controller ?? controller.address,
    password,
  });
}

/** A datalog record of `user`: through Alice's subscription when it is a device, else paid. */
async function record(user: ReturnType<typeof account>, text: string, viaSubscription = true) {
  const call = net.api.tx.datalog.record(text);
  const { error } = await send(
    net.api,
    viaSubscription ? net.api.tx.rws.call(alice.address, call) : call,
    user.pair,
  );
  expect(error).toBeNull();
}

/** Several records of `user` in one transaction (utility.batchAll), paid by the user. */
async function records(user: ReturnType<typeof account>, texts: string[]) {
  const calls = texts.map((text) => net.api.tx.datalog.record(text));
  const { error } = await send(net.api, net.api.tx.utility.batchAll(calls), user.pair);
  expect(error).toBeNull();
}

async function twinSources(): Promise<Record<string, string>> {
  return (await net.api.query.digitalTwin.digitalTwin(twinId)).toJSON() as Record<string, string>;
}

async function gatewayText(cid: string): Promise<string> {
  const response = await fetch(`${net.ipfs.gatewayUrl}/ipfs/${cid}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function setDevices(devices: string[]) {
  const { error } = await send(net.api, net.api.tx.rws.setDevices(devices), alice);
  expect(error).toBeNull();
}

const userEvent = (accept: (event: UserEvent) => boolean) =>
  nextEvent<UserEvent>(controller.events, 'user', accept, 30_000);

beforeAll(async () => {
  await cryptoWaitReady();
  alice = new Keyring({ ss58Format: 32 }).addFromUri('//Alice', {}, 'sr25519');
  dataDir = tempDir();
  net = await startNetwork(dataDir);
  controller = await startControllerService(net.options, net.running, {
    retryDelayMs: 150,
    lanAddress: null,
    log: (line) => logs.push(line),
  });
  twinId = (await nextEvent<Published>(controller.events, 'published', () => true, 30_000)).twinId;
});

afterAll(async () => {
  await controller?.stop();
  await net?.stop();
  removeDir(dataDir);
});

describe("the controller's Home Assistant users", () => {
  it('creates the user of an HA pass record; the password opens the login flow', async () => {
    const created = userEvent((e) => e.action === 'created');
    await record(bob(), passRecord(bob(), 'kettle-42'));
    const event = await created;
    expect(event).toMatchObject({ address: bob().address, source: 'record' });

    const username = bob().address.toLowerCase();
    expect(await haLogin(controller.haUrl, username, 'kettle-42')).toMatchObject({
      type: 'create_entry',
      result: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // HA compares usernames case-folded.
    expect(await haLogin(controller.haUrl, bob().address, 'kettle-42')).toMatchObject({
      type: 'create_entry',
    });
    expect(await haLogin(controller.haUrl, username, 'kettle-43')).toEqual({
      type: 'form',
      flow_id: expect.any(String),
      handler: ['homeassistant', null],
      step_id: 'init',
      data_schema: [
        { type: 'string', name: 'username', required: true },
        { type: 'string', name: 'password', required: true },
      ],
      errors: { base: 'invalid_auth' },
      description_placeholders: null,
      last_step: null,
      preview: null,
    });

    // The copy for the user: {"password": …} for [user, controller], its topic sourced by Bob.
    const sources = await twinSources();
    expect(sources[cidToH256(event.cid!)]).toBe(bob().address);
    const envelope = await gatewayText(event.cid!);
    expect(Object.keys(JSON.parse(envelope))).toEqual([bob().address, controller.address, 'data']);
    expect(decryptEnvelope(envelope, bob().key, bob().address, controller.address)).toBe(
      '{"password": "kettle-42"}',
    );
  });

  it('replaces the password of a new record and re-points the topic', async () => {
    const first = Object.entries(await twinSources()).find(([, s]) => s === bob().address)![0];
    const created = userEvent((e) => e.action === 'created');
    await record(bob(), passRecord(bob(), 'kettle-43'));
    const event = await created;
    expect(await haLogin(controller.haUrl, bob().address, 'kettle-42')).toMatchObject({
      errors: { base: 'invalid_auth' },
    });
    expect(await haLogin(controller.haUrl, bob().address, 'kettle-43')).toMatchObject({
      type: 'create_entry',
    });
    const sources = await twinSources();
    expect(sources[first]).toBe(ZERO_ACCOUNT);
    expect(sources[cidToH256(event.cid!)]).toBe(bob().address);
    expect(Object.values(sources).filter((s) => s === bob().address)).toHaveLength(1);
  });

  it('ignores records that are not for it, with a log line, and keeps the password', async () => {
    const charlie = account('//Charlie');
    const other = account('//Dave');
    const cases: [ReturnType<typeof account>, string, boolean, RegExp][] = [
      [bob(), 'hello, not JSON', true, /of .* ignored: it is not JSON/],
      [bob(), '{"subscription": "x"}', true, /has no "admin" field/],
      [
        bob(),
        passRecord(bob(), 'nope-1', { subscription: other.address }),
        true,
        /it is for the subscription/,
      ],
      [
        bob(),
        passRecord(bob(), 'nope-2', { controller: other.address }),
        true,
        /it is for the controller/,
      ],
      [
        bob(),
        JSON.stringify({
          subscription: alice.address,
          ha: controller.address,
          admin: encryptMessage('nope-3', charlie.key, controller.address),
        }),
        true,
        /"admin" does not open/,
      ],
      [charlie, passRecord(charlie, 'nope-4'), false, /not an ed25519 device of the subscription/],
    ];
    for (const [user, text, viaSubscription, log] of cases) {
      const count = logs.length;
      await record(user, text, viaSubscription);
      const end = Date.now() + 10_000;
      while (!logs.slice(count).some((line) => log.test(line))) {
        if (Date.now() > end) throw new Error(`no log line like ${log} for ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await controller.users.settled();
    expect(Object.keys(controller.home.users())).toEqual([bob().address]);
    expect(await haLogin(controller.haUrl, bob().address, 'kettle-43')).toMatchObject({
      type: 'create_entry',
    });
    expect(await haLogin(controller.haUrl, charlie.address, 'nope-4')).toMatchObject({
      errors: { base: 'invalid_auth' },
    });
  });

  it("finds records of new devices the way HA's scan does, index quirk included", {
    timeout: 120_000,
  }, async () => {
    const eve = account('//Eve');
    const ferdie = account('//Ferdie');
    const dave = account('//Dave');
    const notes = (who: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${who} note ${i}`);
    // Written before they are devices: the live path ignores them.
    // Eve: a note, the record, then 5 more -> the record at end-6, the last index HA reads.
    await records(eve, ['eve first note', passRecord(eve, 'eve-pass'), ...notes('eve', 5)]);
    // Ferdie: a note, the record, then 6 more -> at end-7: never read.
    await records(ferdie, ['ferdie first', passRecord(ferdie, 'ferdie-pass'), ...notes('f', 6)]);
    // Dave: the record at index 0, then 2 more: index 0 is read as "the latest", so the
    // record is missed although only three records exist.
    await records(dave, [passRecord(dave, 'dave-pass'), ...notes('dave', 2)]);

    const devices = (await net.api.query.rws.devices(alice.address)).toJSON() as string[];
    const found = userEvent((e) => e.address === eve.address && e.action === 'created');
    await setDevices([...devices, eve.address, ferdie.address, dave.address]);
    expect(await found).toMatchObject({ source: 'scan' });
    await controller.users.settled();
    expect(await haLogin(controller.haUrl, eve.address, 'eve-pass')).toMatchObject({
      type: 'create_entry',
    });
    expect(Object.keys(controller.home.users()).sort()).toEqual(
      [bob().address, eve.address].sort(),
    );
    expect(logs).toContain(`no HA pass record found for ${ferdie.address}`);
    expect(logs).toContain(`no HA pass record found for ${dave.address}`);
  });

  it('deletes the user of a device that leaves the subscription and zeroes its topic', async () => {
    const topic = Object.entries(await twinSources()).find(([, s]) => s === bob().address)![0];
    const devices = (await net.api.query.rws.devices(alice.address)).toJSON() as string[];
    const removed = userEvent((e) => e.address === bob().address && e.action === 'removed');
    await setDevices(devices.filter((d) => d !== bob().address));
    expect(await removed).toMatchObject({ source: 'devices' });
    await controller.users.settled();
    expect(await haLogin(controller.haUrl, bob().address, 'kettle-43')).toMatchObject({
      errors: { base: 'invalid_auth' },
    });
    expect((await twinSources())[topic]).toBe(ZERO_ACCOUNT);
    expect(Object.keys(controller.home.users())).not.toContain(bob().address);
  });
});

describe("Home Assistant's login flow endpoints", () => {
  const post = (path: string, body: string) =>
    fetch(`${controller.haUrl}${path}`, { method: 'POST', body });

  it('answers bad requests as HA does', async () => {
    const clientId = `${controller.haUrl}/`;
    const start = (body: unknown) => post('/auth/login_flow', JSON.stringify(body));
    let response = await post('/auth/login_flow', '{nope');
    expect([response.status, await response.json()]).toEqual([400, { message: 'Invalid JSON.' }]);
    response = await start({
      client_id: clientId,
      handler: ['other', null],
      redirect_uri: clientId,
    });
    expect([response.status, await response.json()]).toEqual([
      404,
      { message: 'Invalid handler specified' },
    ]);
    response = await start({
      client_id: 'not a url',
      handler: ['homeassistant', null],
      redirect_uri: '',
    });
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: 'Invalid client id' },
    ]);
    response = await start({ handler: ['homeassistant', null] });
    expect(response.status).toBe(400);
    response = await post('/auth/login_flow/01NOSUCHFLOW', JSON.stringify({ client_id: clientId }));
    expect([response.status, await response.json()]).toEqual([
      404,
      { message: 'Invalid flow specified' },
    ]);
    response = await start({
      client_id: clientId,
      handler: ['homeassistant', null],
      redirect_uri: `${controller.haUrl}?auth_callback=1`,
    });
    const flow = (await response.json()) as { flow_id: string };
    response = await post(
      `/auth/login_flow/${flow.flow_id}`,
      JSON.stringify({ client_id: clientId, username: 'x' }),
    );
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: 'User input malformed' },
    ]);
    expect((await fetch(`${controller.haUrl}/auth/login_flow`)).status).toBe(405);
  });
});
