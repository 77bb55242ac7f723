import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { u8aToString } from '@polkadot/util';
import { cryptoWaitReady, encodeAddress } from '@polkadot/util-crypto';
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { decryptEnvelope, encryptForDevices } from '@robonomics-dapp/robonomics/crypto/envelope';
import {
  generateMnemonic,
  type KeyPair,
  pairFromSeed,
  pairFromUri,
} from '@robonomics-dapp/robonomics/crypto/keys';
import { encodeKeystore } from '@robonomics-dapp/robonomics/crypto/keystore';
import { web3AuthFromPair, web3AuthHeaders } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import {
  ALREADY_CONFIGURED_TEXT,
  SETUP_ERROR_TEXT,
  type SetupErrorKey,
} from '@robonomics-dapp/robonomics/home-assistant/setup-file/integration';
import { writeSetupFile } from '@robonomics-dapp/robonomics/home-assistant/setup-file/write';
import { cidToH256 } from '@robonomics-dapp/robonomics/ipfs/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CONTROLLER_MNEMONIC } from '../../chain/seed.ts';
import { removeDir, tempDir } from '../../common/test-support.ts';
import { startControlServer } from '../../levers/control-server.ts';
import { type AppPeer, startAppPeer } from '../../p2p/test-support.ts';
import { haLogin } from '../ha-api/ha-login-client.ts';
import type { LaunchOutcome } from '../home/launches.ts';
import { type ControllerHandle, type HomeSummary, startControllerService } from '../service.ts';
import { type Network, nextEvent, send, startNetwork } from '../test-support.ts';
import { escapeHtml } from './setup-page.ts';

/**
 * A newcomer's home: the owner's subscription lists a new controller, the setup file the app
 * made is imported into Home Assistant's Robonomics integration (its page on HA's port, or the
 * devnet's control port), and the devnet's Home Assistant runs a second home for it.
 */

const PASSWORD = 'correct horse battery staple';
const CONTROLLER_FUNDS = 10_000_000_000n;

let dataDir: string;
let net: Network;
let controller: ControllerHandle;
let control: { url: string; close(): Promise<void> };
let app: AppPeer | undefined;
const logs: string[] = [];
let eve: KeyringPair;
let bobPair: KeyringPair;
const bob = pairFromUri('//Bob', 'ed25519');

/** A controller key and its address. */
const controllerOf = (pair: KeyPair) => ({ pair, address: encodeAddress(pair.publicKey, 32) });
/** Imported from a file through the page. */
const first = controllerOf(pairFromSeed(randomBytes(32), 'ed25519'));
/** Entered by hand as a mnemonic on the manual step. */
const mnemonic = generateMnemonic();
const second = controllerOf(pairFromUri(mnemonic, 'ed25519'));
/** Imported twice at once through the control port. */
const third = controllerOf(pairFromSeed(randomBytes(32), 'ed25519'));
/** Owns a twin it made itself, and has no datalog record. */
const owning = controllerOf(pairFromSeed(randomBytes(32), 'ed25519'));
/** Owns a twin it made itself, and its last datalog record names a telemetry file. */
const recorded = controllerOf(pairFromSeed(randomBytes(32), 'ed25519'));
/** Not among the owner's devices. */
const stranger = controllerOf(pairFromSeed(randomBytes(32), 'ed25519'));
const seededController = controllerOf(pairFromUri(SEED_CONTROLLER_MNEMONIC, 'ed25519'));

/**
 * The setup file the app writes for a devnet setup (every value a string, the keystore a JSON
 * string), with the fields a test changes by hand put over it (`undefined` removes one).
 */
function setupFile(
  key: ReturnType<typeof controllerOf> | null,
  overrides: Record<string, unknown> = {},
): string {
  const written = writeSetupFile(
    {
      owner: eve.address,
      name: 'Newcomer Home',
      network: 'local',
      controller: {
        address: key?.address ?? '',
        keystore: key ? JSON.stringify(encodeKeystore(key.pair, PASSWORD)) : '',
      },
      users: [{ address: bobPair.address, label: 'Bob' }],
    },
    {
      name: true,
      owner: true,
      controllerAddress: true,
      userNames: true,
      controllerKey: true,
      interval: '',
      ipfsGateway: '',
    },
  );
  const file = { ...(JSON.parse(written) as Record<string, unknown>), ...overrides };
  for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete file[name];
  return JSON.stringify(file);
}

/** The acknowledgements, both ticked, as a browser posts them: the new flow's id. */
async function startFlow(): Promise<string> {
  const response = await fetch(controller.setupUrl, {
    method: 'POST',
    body: new URLSearchParams({
      step: 'user',
      warn_data_sending: 'on',
      warn_account_managment: 'on',
    }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!, controller.haUrl).searchParams.get('flow_id')!;
}

/** The page a post leads to: the flow's own page after the redirect. */
interface FlowPage {
  status: number;
  html: string;
  /** Where the flow stands (data-flow-step). */
  step: string | undefined;
}

async function pageOf(response: Response): Promise<FlowPage> {
  const html = await response.text();
  return { status: response.status, html, step: /data-flow-step="([a-z]+)"/.exec(html)?.[1] };
}

/** The acknowledgements, then the conf step, as a browser posts them. */
async function postFile(
  text: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<FlowPage> {
  const form = new FormData();
  form.append('flow_id', await startFlow());
  form.append('file', new Blob([text], { type: 'application/json' }), 'robonomics-setup.json');
  form.append('password', password);
  return pageOf(await fetch(controller.setupUrl, { method: 'POST', body: form, headers }));
}

/** The manual step, as a browser posts it. */
async function postManual(fields: Record<string, string>): Promise<FlowPage> {
  return pageOf(
    await fetch(controller.setupUrl, {
      method: 'POST',
      body: new URLSearchParams({ step: 'manual', ...fields }),
    }),
  );
}

function errorKeyIn(html: string): string | undefined {
  return /role="alert" data-error-key="([a-z_]+)"/.exec(html)?.[1];
}

function expectError(page: FlowPage, key: SetupErrorKey) {
  expect(errorKeyIn(page.html), page.html).toBe(key);
  expect(page.html).toContain(escapeHtml(SETUP_ERROR_TEXT[key]));
}

async function controlPost(path: string, body: unknown) {
  const response = await fetch(`${control.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function homesNow(): Promise<HomeSummary[]> {
  const response = await fetch(`${control.url}/homes`);
  return ((await response.json()) as { homes: HomeSummary[] }).homes;
}

/** Polls GET /homes until `check` holds for the listed homes (as a tool waits). */
async function homesWhen(check: (homes: HomeSummary[]) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const homes = await homesNow();
    if (check(homes)) return homes;
    if (Date.now() > end) throw new Error(`GET /homes: ${JSON.stringify(homes)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const homeFolders = () =>
  existsSync(join(dataDir, 'homes'))
    ? readdirSync(join(dataDir, 'homes')).filter((name) => name !== 'homes.json')
    : [];

const start = () =>
  startControllerService(net.options, net.running, {
    retryDelayMs: 150,
    lanAddress: null,
    log: (line) => logs.push(line),
  });

const refused = async () => {
  throw new Error('not in this test');
};

beforeAll(async () => {
  await cryptoWaitReady();
  const keyring = new Keyring({ ss58Format: 32 });
  const alice = keyring.addFromUri('//Alice', {}, 'sr25519');
  eve = keyring.addFromUri('//Eve', {}, 'sr25519');
  bobPair = keyring.addFromUri('//Bob', {}, 'ed25519');
  dataDir = tempDir();
  net = await startNetwork(dataDir);
  // Eve's new subscription (Alice is the RWS oracle) lists the new controllers and Bob.
  const { api } = net;
  expect(
    (await send(api, api.tx.rws.setSubscription(eve.address, { Daily: { days: 30 } }), alice))
      .error,
  ).toBeNull();
  const devices = [
    eve.address,
    first.address,
    second.address,
    third.address,
    owning.address,
    recorded.address,
    bobPair.address,
  ];
  // A controller signs its own rws.call (which pays no fee), so its account must exist.
  const funding = [first, second, third, owning, recorded].map((c) =>
    api.tx.balances.transferKeepAlive(c.address, CONTROLLER_FUNDS),
  );
  expect(
    (await send(api, api.tx.utility.batchAll([api.tx.rws.setDevices(devices), ...funding]), eve))
      .error,
  ).toBeNull();
  // Dave's subscription lists the first controller too: it cannot run a home for both.
  const dave = keyring.addFromUri('//Dave', {}, 'sr25519');
  expect(
    (await send(api, api.tx.rws.setSubscription(dave.address, { Daily: { days: 30 } }), alice))
      .error,
  ).toBeNull();
  expect((await send(api, api.tx.rws.setDevices([first.address]), dave)).error).toBeNull();
  // A subscription idle for a while: free weight to publish at once.
  const ledger = (await api.query.rws.ledger(eve.address)) as unknown as {
    unwrap(): { toRawType(): string; toJSON(): Record<string, unknown> };
  };
  const current = ledger.unwrap();
  const rich = api.createType(current.toRawType(), {
    ...current.toJSON(),
    freeWeight: 1_000_000_000_000_000n,
  });
  await net.provider.send('dev_setStorage', [
    [[api.query.rws.ledger.key(eve.address), rich.toHex()]],
  ]);
  controller = await start();
  control = await startControlServer('127.0.0.1', 0, {
    status: () => ({}),
    restartRelay: refused,
    pushRelayUpdate: refused,
    restartProxy: refused,
    linkHomeAssistant: refused,
    runController: refused,
    holdHello: refused,
    newProxyIdentity: refused,
    homes: () => controller.homes(),
    adoptHome: (input) => controller.adopt(input),
  });
});

afterAll(async () => {
  await app?.stop();
  await control?.close();
  await controller?.stop();
  await net?.stop();
  removeDir(dataDir);
});

describe("the Robonomics integration's setup page", () => {
  it("is served on Home Assistant's port with a strict policy, to pages of its own", async () => {
    const response = await fetch(controller.setupUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('To use Robonomics Integration you shoul know the following:');
    expect(html).toContain('name="warn_data_sending"');
    expect(html).toContain('name="warn_account_managment"');
    const conf = await (await fetch(`${controller.setupUrl}&flow_id=${await startFlow()}`)).text();
    expect(conf).toContain('Upload the file with setup settings from the Robonomics App');
    expect(conf).toContain('<label for="file">Setup File</label>');
    expect(conf).toContain('<label for="password">Controller Password</label>');
    expect(controller.setupUrl).toBe(
      `${controller.haUrl}/config/integrations/dashboard/add?domain=robonomics`,
    );
    const other = await fetch(`${controller.haUrl}/config/integrations/dashboard/add?domain=hue`);
    expect(other.status).toBe(404);
    // Another site's form gets nothing; HA's own page may post.
    const own = `http://127.0.0.1:${new URL(controller.haUrl).port}`;
    expect((await postFile('not json', PASSWORD, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expectError(await postFile('not json', PASSWORD, { origin: own }), 'wrong_config_format');
    // `Origin: null` (HA's own form under a no-referrer policy) only with Sec-Fetch-Site:
    // same-origin; absent or any other value is refused before the form is read.
    const fromNull = (site?: string) =>
      postFile('not json', PASSWORD, {
        origin: 'null',
        ...(site === undefined ? {} : { 'sec-fetch-site': site }),
      });
    expectError(await fromNull('same-origin'), 'wrong_config_format');
    for (const site of [undefined, 'cross-site', 'same-site', 'none']) {
      const refused = await fromNull(site);
      expect(refused.status, String(site)).toBe(403);
      expect(refused.html).toContain(
        escapeHtml("takes requests only from Home Assistant's own pages"),
      );
    }
  });

  it('refuses wrong files with the integration errors, and creates nothing', async () => {
    expectError(await postFile(setupFile(first), 'another password'), 'wrong_password');
    expectError(await postFile(setupFile(stranger)), 'is_not_in_devices');
    const ferdie = new Keyring({ ss58Format: 32 }).addFromUri('//Ferdie', {}, 'sr25519');
    const noSubscription = await postFile(setupFile(first, { owner: ferdie.address }));
    expectError(noSubscription, 'has_no_subscription');
    expect(noSubscription.html).toContain(`${ferdie.address} has no subscription`);
    // The devnet plays the Polkadot parachain; Kusama has no chain here.
    expectError(await postFile(setupFile(first, { network: 'kusama' })), 'has_no_subscription');
    const withoutDatalog = await postFile(setupFile(first, { datalog: undefined }));
    expectError(withoutDatalog, 'unknown');
    expect(withoutDatalog.html).toContain('&quot;datalog&quot;');
    const notJson = await postFile('{"owner": ');
    expectError(notJson, 'wrong_config_format');
    // The error is the file step's page again, after the redirect.
    expect(notJson).toMatchObject({ status: 200, step: 'conf' });
    expect(homeFolders()).toEqual([]);
    expect(existsSync(join(dataDir, 'homes', 'homes.json'))).toBe(false);
    expect(controller.homes()).toHaveLength(1);
  });

  it('refuses a keystore asking for absurd scrypt work in milliseconds, page and levers alike', async () => {
    // N 2^20, r 8, p 16: a gigabyte and about a hundred seconds of the one core every service
    // shares, had it been worked through (crypto/keystore.test.ts estimates it).
    const file = JSON.parse(setupFile(first)) as { controller: { private: string } };
    const keystore = JSON.parse(file.controller.private) as { encoded: string };
    const bytes = Buffer.from(keystore.encoded, 'base64');
    bytes.writeUInt32LE(1 << 20, 32);
    bytes.writeUInt32LE(16, 36);
    bytes.writeUInt32LE(8, 40);
    keystore.encoded = bytes.toString('base64');
    file.controller.private = JSON.stringify(keystore);
    const text = JSON.stringify(file);
    let started = performance.now();
    const page = await postFile(text);
    const pageMs = performance.now() - started;
    expectError(page, 'unknown');
    expect(page.html).toContain('asks for more key-derivation work than Polkadot keystores do');
    started = performance.now();
    const lever = await controlPost('/homes', { file: text, password: PASSWORD });
    const leverMs = performance.now() - started;
    expect(lever.status).toBe(422);
    expect(lever.body.reason).toMatch(/scrypt N 1048576, r 8, p 16: 16,384 MiB of mixing/);
    console.log(
      `absurd keystore refused: setup page ${pageMs.toFixed(0)} ms, POST /homes ${leverMs.toFixed(0)} ms`,
    );
    expect(pageMs).toBeLessThan(500);
    expect(leverMs).toBeLessThan(500);
    expect(homeFolders()).toEqual([]);
  });

  it('adopts a home from a good file', async () => {
    const page = await postFile(setupFile(first));
    expect(page).toMatchObject({ status: 200, step: 'created' });
    expect(page.html).toContain('Success! Created configuration for Robonomics.');
    expect(page.html).toContain(first.address);
    expect(page.html).toContain(eve.address);
    const home = controller.homes().find((h) => h.controller === first.address)!;
    expect(home).toMatchObject({ owner: eve.address, seeded: false, intervalMinutes: 10 });
    expect(home.peerId).toMatch(/^12D3KooW/);
    expect(home.peerId).not.toBe(controller.peerId);
    expect(page.html).toContain(home.peerId);
    // Remembered as HA keeps a config entry, with its own folder and peer key.
    const record = JSON.parse(readFileSync(join(dataDir, 'homes', 'homes.json'), 'utf8'));
    expect(record.homes).toEqual([
      expect.objectContaining({
        controller: first.address,
        seed: `0x${Buffer.from(first.pair.secretKey.slice(0, 32)).toString('hex')}`,
        owner: eve.address,
        network: 'polkadot',
        intervalMinutes: 10,
      }),
    ]);
    expect(existsSync(join(dataDir, 'homes', first.address, 'proxy', 'peer-key.json'))).toBe(true);
  });

  it('takes the key by hand when the file has none; a mnemonic completes it', async () => {
    const conf = await postFile(setupFile(null), '');
    expect(conf).toMatchObject({ status: 200, step: 'manual' });
    expect(conf.html).toContain(
      "Provided file don'contain the setup settings. You can enter them manually.",
    );
    const flowId = /name="flow_id" value="([^"]+)"/.exec(conf.html)?.[1];
    expect(flowId).toMatch(/^[0-9A-Z]{26}$/);
    expectError(
      await postManual({ flow_id: 'nope', seed: mnemonic, owner: '', network: 'polkadot' }),
      'file_not_found',
    );
    // The owner from the file stays when its field is left empty.
    const manual = await postManual({
      flow_id: flowId!,
      seed: mnemonic,
      owner: '',
      network: 'polkadot',
    });
    expect(manual).toMatchObject({ status: 200, step: 'created' });
    expect(manual.html).toContain(second.address);
    // The flow is over: the step posted again shows its end and changes nothing.
    const again = await postManual({
      flow_id: flowId!,
      seed: mnemonic,
      owner: '',
      network: 'polkadot',
    });
    expect(again).toMatchObject({ status: 200, step: 'created' });
    expect(controller.homes().filter((h) => h.controller === second.address)).toHaveLength(1);
  });

  it('says the same file again is the home it runs; refuses the controller for another owner', async () => {
    const again = await postFile(setupFile(first));
    expect(again).toMatchObject({ status: 200, step: 'running' });
    expect(errorKeyIn(again.html)).toBeUndefined();
    expect(again.html).toContain('Robonomics already runs this home since');
    expect(again.html).toContain('Nothing was changed.');
    const alice = new Keyring({ ss58Format: 32 }).addFromUri('//Alice', {}, 'sr25519').address;
    const seeded = await controlPost('/homes', {
      file: setupFile(seededController, { owner: alice }),
      password: PASSWORD,
    });
    expect(seeded).toMatchObject({
      status: 200,
      body: { controller: seededController.address, owner: alice, alreadyRunning: true },
    });
    // The first controller named for Dave, whose devices list it too: it runs for Eve here.
    const dave = new Keyring({ ss58Format: 32 }).addFromUri('//Dave', {}, 'sr25519').address;
    const otherOwner = await postFile(setupFile(first, { owner: dave }));
    expect(otherOwner.step).toBe('aborted');
    expect(errorKeyIn(otherOwner.html)).toBe('already_configured');
    expect(otherOwner.html).toContain(ALREADY_CONFIGURED_TEXT);
    expect(otherOwner.html).toContain(`for the owner ${eve.address}`);
    expect(controller.homes()).toHaveLength(3);
  });
});

describe('POST /homes on the control port', () => {
  it('answers the integration errors, the manual step, and one of two imports at once', async () => {
    expect(await controlPost('/homes', { file: setupFile(third), password: 'nope' })).toEqual({
      status: 422,
      body: {
        error: 'wrong_password',
        text: SETUP_ERROR_TEXT.wrong_password,
        reason: expect.any(String),
      },
    });
    expect(await controlPost('/homes', { file: setupFile(null), password: '' })).toEqual({
      status: 200,
      body: { next: 'manual', missing: "the controller's key (the file has none)" },
    });
    const byHand = await controlPost('/homes', {
      manual: {
        seed: `0x${Buffer.from(stranger.pair.secretKey.slice(0, 32)).toString('hex')}`,
        owner: eve.address,
        network: 'polkadot',
      },
    });
    expect(byHand).toMatchObject({ status: 422, body: { error: 'is_not_in_devices' } });
    expect((await controlPost('/homes', {})).status).toBe(400);

    const body = { file: setupFile(third), password: PASSWORD };
    const answers = await Promise.all([controlPost('/homes', body), controlPost('/homes', body)]);
    // One sets the home up; the other waits for it and says it runs.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ alreadyRunning: true });
    const created = answers.find((a) => a.status === 201)!.body;
    expect(created).toEqual({
      controller: third.address,
      owner: eve.address,
      peerId: expect.stringMatching(/^12D3KooW/),
      addresses: [expect.stringContaining(`/p2p-circuit/p2p/${created.peerId}`)],
    });
    const homes = await homesNow();
    expect(homes.map((h) => [h.controller, h.seeded])).toEqual([
      [controller.address, true],
      [first.address, false],
      [second.address, false],
      [third.address, false],
    ]);
    expect(new Set(homes.map((h) => h.peerId)).size).toBe(4);
    expect(homeFolders().sort()).toEqual([first.address, second.address, third.address].sort());
  });
});

describe('the twin an adopted home takes, as the integration finds it', () => {
  /** The controller signs for itself, paying from its own balance. */
  const signerOf = (c: ReturnType<typeof controllerOf>) =>
    new Keyring({ ss58Format: 32 }).addFromSeed(c.pair.secretKey.slice(0, 32), {}, 'ed25519');

  async function createTwin(c: ReturnType<typeof controllerOf>): Promise<number> {
    const id = Number((await net.api.query.digitalTwin.total()).toString() || 0);
    expect((await send(net.api, net.api.tx.digitalTwin.create(), signerOf(c))).error).toBeNull();
    expect((await net.api.query.digitalTwin.owner(id)).toString()).toBe(c.address);
    return id;
  }

  async function adoptAndPublish(c: ReturnType<typeof controllerOf>) {
    expect((await controlPost('/homes', { file: setupFile(c), password: PASSWORD })).status).toBe(
      201,
    );
    const homes = await homesWhen(
      (list) => list.find((h) => h.controller === c.address)?.published != null,
    );
    return homes.find((h) => h.controller === c.address)!.published!;
  }

  it('creates a new one when the controller has no record, whatever twin it owns', async () => {
    const own = await createTwin(owning);
    const published = await adoptAndPublish(owning);
    expect(published.twinId).not.toBe(own);
    expect((await net.api.query.digitalTwin.owner(published.twinId)).toString()).toBe(
      owning.address,
    );
    expect(logs).toContain(
      `home ${owning.address.slice(0, 8)}…: created digital twin ${published.twinId}`,
    );
  });

  it('takes the last twin the controller owns when its last record names a file', async () => {
    const own = await createTwin(recorded);
    // A first states file of the home, sealed by the controller as Home Assistant seals it:
    // no entities yet, its twin not named (-1).
    const sealed = encryptForDevices(
      '{"devices": {}, "entities": {}, "twin_id": -1}',
      recorded.pair,
      [],
    );
    const form = new FormData();
    form.append('file', new Blob([sealed.json]), 'data');
    const added = await fetch(`${net.ipfs.apiUrl}/api/v0/add?cid-version=0`, {
      method: 'POST',
      body: form,
      headers: web3AuthHeaders(web3AuthFromPair(recorded.pair), eve.address),
    });
    const cid = (JSON.parse((await added.text()).split('\n')[0]!) as { Hash: string }).Hash;
    expect(
      (await send(net.api, net.api.tx.datalog.record(cid), signerOf(recorded))).error,
    ).toBeNull();
    const free = async () =>
      BigInt(
        ((await net.api.query.rws.ledger(eve.address)).toJSON() as { freeWeight: number | string })
          .freeWeight,
      );
    const before = await free();
    const published = await adoptAndPublish(recorded);
    expect(published.twinId).toBe(own);
    expect(logs).toContain(
      `home ${recorded.address.slice(0, 8)}…: uses digital twin ${own}: the last twin the controller owns (its record ${cid})`,
    );
    // The subscription paid the config topic and the first record, no twin.
    expect(before - (await free())).toBeLessThan(158_556_000n + 260_430_000n + 1n);
  });
});

describe('an adopted home', () => {
  it('publishes its config naming its own peer, and its states through the owner', async () => {
    const homes = await homesWhen(
      (list) => list.find((h) => h.controller === first.address)?.published != null,
    );
    const home = homes.find((h) => h.controller === first.address)!;
    const { configCid, statesCid, twinId } = home.published!;
    // Its datalog record is the states' CID, written through the owner's subscription: the
    // controller paid nothing.
    const index = (await net.api.query.datalog.datalogIndex(first.address)).toJSON() as {
      end: number;
    };
    const item = (await net.api.query.datalog.datalogItem([
      first.address,
      index.end - 1,
    ])) as unknown as [unknown, { toU8a(bare: boolean): Uint8Array }];
    expect(u8aToString(item[1].toU8a(true))).toBe(statesCid);
    const account = (await net.api.query.system.account(first.address)).toJSON() as {
      data: { free: number };
    };
    expect(BigInt(account.data.free)).toBe(CONTROLLER_FUNDS);
    expect((await net.api.query.digitalTwin.owner(twinId)).toString()).toBe(first.address);
    const twin = (await net.api.query.digitalTwin.digitalTwin(twinId)).toJSON() as Record<
      string,
      string
    >;
    expect(twin[cidToH256(configCid)]).toBe(first.address);
    const text = await (await fetch(`${net.ipfs.gatewayUrl}/ipfs/${configCid}`)).text();
    const config = JSON.parse(decryptEnvelope(text, bob, bobPair.address, first.address));
    expect(config).toMatchObject({
      peer_id: home.peerId,
      sending_timeout: 600,
      libp2p_multiaddress: [`${net.relay.multiaddr}/p2p-circuit/p2p/${home.peerId}`, null],
    });
    expect(
      logs.some((l) => l.startsWith(`home ${first.address.slice(0, 8)}…: published config`)),
    ).toBe(true);
  });

  it('takes commands from its devices over libp2p, and their Home Assistant logins', async () => {
    const home = controller.adopted().find((h) => h.address === first.address)!;
    app = await startAppPeer(home.multiaddr);
    const entity = 'switch.kitchen_kettle';
    const want = home.home.entity(entity)!.state === 'on' ? 'off' : 'on';
    const outcome = nextEvent<LaunchOutcome>(home.events, 'launch', (o) => o.source === 'libp2p');
    const command = { platform: 'switch', name: 'toggle', params: { entity_id: entity } };
    expect(
      await app.call({
        data: {
          sender: bobPair.address,
          data: encryptMessage(JSON.stringify(command), bob, first.address),
        },
      }),
    ).toEqual({ result: true });
    expect(await outcome).toMatchObject({ ok: true });
    expect(home.home.entity(entity)!.state).toBe(want);

    // Bob sets his Home Assistant password with a chain launch through Eve's subscription.
    const form = new FormData();
    const sealed = encryptMessage(JSON.stringify({ password: 'kettle-42' }), bob, first.address);
    form.append('file', new Blob([sealed]), 'launch');
    const added = await fetch(`${net.ipfs.apiUrl}/api/v0/add?cid-version=0`, {
      method: 'POST',
      body: form,
      headers: web3AuthHeaders(web3AuthFromPair(bob), eve.address),
    });
    const cid = (JSON.parse((await added.text()).split('\n')[0]!) as { Hash: string }).Hash;
    const launched = nextEvent<LaunchOutcome>(home.events, 'launch', (o) => o.source === 'chain');
    const { error } = await send(
      net.api,
      net.api.tx.rws.call(eve.address, net.api.tx.launch.launch(first.address, cidToH256(cid))),
      bobPair,
    );
    expect(error).toBeNull();
    expect(await launched).toMatchObject({ ok: true, action: 'password' });
    // The one login port finds the users of every home.
    expect(await haLogin(controller.haUrl, bobPair.address, 'kettle-42')).toMatchObject({
      type: 'create_entry',
    });
  });

  it('comes back on the next start with its key, owner and peer; not after a reset', async () => {
    const before = await homesNow();
    await app?.stop();
    app = undefined;
    await controller.stop();
    controller = await start();
    const after = controller.homes();
    expect(after.map((h) => [h.controller, h.peerId])).toEqual(
      before.map((h) => [h.controller, h.peerId]),
    );
    expect(after.slice(1).every((h) => h.owner === eve.address)).toBe(true);
    await homesWhen((list) => list.every((h) => h.published !== null));
    await controller.stop();
    controller = await startControllerService({ ...net.options, reset: true }, net.running, {
      retryDelayMs: 150,
      lanAddress: null,
      log: (line) => logs.push(line),
    });
    expect(controller.homes().map((h) => h.controller)).toEqual([seededController.address]);
    expect(homeFolders()).toEqual([]);
    // Stopped once linked to the chain, not while its client still loads.
    await controller.chain.ready();
  });
});
