import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import {
  type HomeSummary,
  homes,
  type ProxyGeneration,
  useProxy,
} from './fixtures/devnet-levers.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { closeControlPanels, firstSwitch, saveSeededSetup } from './fixtures/seeded-home.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * The first hour of a new owner, as they walk it: a fresh browser with a wallet holding XRT and no
 * subscription, through every step of "Set up your home" to a switch toggled peer-to-peer on the
 * home the devnet's Home Assistant adopted from the file the app made, imported through Home
 * Assistant's own setup page in the same browser.
 */

const PASSWORD = 'tulip orbit gravel 7';
/** Home Assistant's page for adding the Robonomics integration, on the devnet. */
const HA_SETUP_URL = 'http://127.0.0.1:8123/config/integrations/dashboard/add?domain=robonomics';
/**
 * The user actions of the path (clicks, typed fields, uploads, tab switches), counted as they
 * are made: 17, of which Home Assistant's own flow takes 7 (its two acknowledgements and their
 * Submit, the file, the password and their Submit, and the way back to the app).
 */
const MAX_ACTIONS = 17;
/** The integration's acknowledgements, word for word. */
const WARN_DATA_SENDING =
  'Integration will store your encrypted data in IPFS local node and save the CID in Robonomics blockchain.';
const WARN_ACCOUNT_MANAGMENT =
  'Integration will be able to create or delete Home Assistant users based on the list of your Robonomics subscription devices.';
/**
 * E2E_REAL_TIME=1 walks the path on a stack with the default block time (6 s) and auction
 * duration (10 blocks), as `npm start` runs it, to time it: the test then makes no blocks itself.
 */
const REAL_TIME = Boolean(process.env.E2E_REAL_TIME);

test.afterAll(async () => {
  await useProxy('legacy');
});

/** Waits until the devnet's Home Assistant runs a home for `controller` that has published. */
async function publishedHome(controller: string): Promise<HomeSummary> {
  let found: HomeSummary | undefined;
  await expect
    .poll(
      async () => {
        found = (await homes()).find((h) => h.controller === controller);
        return found?.published ?? null;
      },
      { timeout: 90_000, intervals: [500], message: 'the adopted home publishes' },
    )
    .not.toBeNull();
  return found!;
}

/**
 * After the bid: the auction's countdown, and with `resumed` (after a reload) the step waiting
 * for it. The other browser lane's blocks close auctions too, so the auction may be over
 * already: then the step is done, and only because the chain gave the owner the subscription.
 */
async function expectCountdownOrWon(
  page: Page,
  chain: DevnetChain,
  owner: string,
  { resumed }: { resumed: boolean },
): Promise<void> {
  const step = page.getByTestId('step-state-subscription');
  const countdown = page.getByTestId('auction-countdown');
  await expect(
    countdown
      .filter({ hasText: 'closes with block' })
      .or(step.filter({ hasText: /^Done$/ }))
      .first(),
  ).toBeVisible();
  const state = (await step.textContent())?.trim();
  if (state === 'Done') {
    expect(await chain.hasSubscription(owner), 'the auction was won').toBe(true);
  } else if (resumed) {
    expect(state).toBe('Waiting');
  }
}

for (const generation of ['legacy', 'current'] as ProxyGeneration[]) {
  test(`a new owner goes from an empty browser to a toggled light (${generation} proxy)`, async ({
    page,
    context,
    devnetChain: chain,
  }, testInfo) => {
    test.setTimeout(240_000);
    await useProxy(generation);
    let actions = 0;
    const act = async <T>(step: () => Promise<T>): Promise<T> => {
      actions += 1;
      return step();
    };
    const started = Date.now();

    // A funded account and no subscription; an auction nobody bid on.
    const uri = `//Newcomer ${generation} ${Date.now()}`;
    const owner = chain.pair(uri).address;
    await chain.transfer(owner, 20n * XRT);
    await chain.startAuctions(1);
    await injectPolkadotExtension(page, [{ name: 'Newcomer', uri, type: 'sr25519' }]);
    await page.goto('./');
    await act(() => page.getByRole('link', { name: 'Set up your home step by step' }).click());
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your home' })).toBeVisible();
    await act(() => page.getByRole('button', { name: 'Polkadot{.js}' }).click());
    await expect(page.getByTestId('step-state-account')).toHaveText('Done');

    // The bid; the auction closes with the blocks (on this stack blocks come with transactions).
    await act(() => page.getByRole('button', { name: 'Bid for a subscription' }).click());
    await expectCountdownOrWon(page, chain, owner, { resumed: false });
    // A reload in the middle of the wait resumes it.
    await page.reload();
    await expectCountdownOrWon(page, chain, owner, { resumed: true });
    if (!REAL_TIME) await chain.newBlocks(3);
    await expect(page.getByTestId('step-state-subscription')).toHaveText('Done', {
      timeout: REAL_TIME ? 120_000 : 30_000,
    });

    // The controller, made here and sealed with a password; with it, a user key for this browser.
    await act(() => page.getByLabel("A password for the controller's key").fill(PASSWORD));
    await act(() => page.getByRole('button', { name: 'Create the controller' }).click());
    await expect(page.getByTestId('step-state-controller')).toHaveText('Done');
    await expect(page.getByTestId('controller-phrase')).toBeVisible();
    await expect(page.getByTestId('step-state-users')).toHaveText('Done');
    // Both secret phrases stay on screen for this visit, for the owner to take down.
    await expect(page.getByTestId('user-phrase')).toContainText('shown only in this visit');

    // One transaction: the device list, and what the new accounts need to exist on the chain.
    await act(() => page.getByRole('button', { name: 'Review and sign the device list' }).click());
    const review = page.getByTestId('device-list-review');
    await expect(review.getByRole('listitem')).toHaveCount(3);
    await expect(review.getByTestId('device-funding')).toContainText('Sends 0.001 XRT to');
    await act(() => review.getByRole('button', { name: 'Sign the new list' }).click());
    await expect(page.getByTestId('step-state-devices')).toHaveText('Done', { timeout: 30_000 });

    // The controller's digital twin, made by the guide from the controller's own balance (sent
    // with the device list), with a first record Home Assistant finds it by.
    const twinLine = page.getByTestId('controller-twin');
    await expect(twinLine).toHaveAttribute('data-state', 'made');
    await expect(twinLine).toContainText('from its own balance');
    const twin = Number(/twin #(\d+)/.exec((await twinLine.textContent()) ?? '')?.[1]);
    expect(Number.isInteger(twin)).toBe(true);

    // The file, checked with Home Assistant's own rules before it is downloaded; Home Assistant's
    // setup opens in a new tab of the same browser.
    const download = page.waitForEvent('download');
    const opened = context.waitForEvent('page');
    await act(() =>
      page.getByRole('button', { name: 'Check and download the setup file' }).click(),
    );
    const file = await (await download).path();
    const ha = await opened;
    await expect(page.getByTestId('file-verdict')).toHaveText(
      'Home Assistant will accept this file.',
    );
    const setupFile = JSON.parse(readFileSync(file, 'utf8')) as { controller: { address: string } };
    const controller = setupFile.controller.address;
    await expect(page.getByTestId('step-state-publication')).toHaveText('Waiting');
    await expect(page.getByTestId('waiting-for-home')).toContainText(
      'What usually holds a home up',
    );
    await expect(page.getByTestId('free-weight-wait')).toContainText(
      'needs 419 M for its configuration’s topic on the twin and the record',
    );
    await expect(page.getByTestId('free-weight-wait')).toContainText(
      `Home Assistant publishes on twin #${twin}, the last one the controller owns.`,
    );
    // What the guide can and cannot see of Home Assistant.
    await expect(page.getByTestId('ha-import')).toHaveText(
      "Home Assistant’s import cannot be seen from here: the app learns that Home Assistant took the file only from the home’s first record. On success, Home Assistant’s setup page says “Success! Created configuration for Robonomics.”; when it refuses the file it says why in red (“Can't decrypt setting with given password”, “Controller address is not in subscription devices”, …), and nothing is set up.",
    );
    await page.screenshot({
      path: `${SCREENS}/first-hour-waiting-${generation}.png`,
      fullPage: true,
    });

    // A new subscription earns free weight for about a quarter of an hour before the home's
    // first publication goes through (the page said from when). The chain's storage gives it
    // that weight here, as if the owner imported the file after that wait: imported earlier,
    // Home Assistant's first try is refused and it publishes at a later try (the devnet's
    // controller tests cover that retry), which would only add a retry interval here.
    await chain.fillFreeWeight(owner);

    // Home Assistant's setup, as the integration's config flow has it: its two points, then the
    // file and its password; one Submit.
    await expect(ha.getByRole('heading', { name: 'Robonomics' })).toBeVisible();
    await ha.screenshot({ path: `${SCREENS}/first-hour-home-assistant-points-${generation}.png` });
    await act(() => ha.getByLabel(WARN_DATA_SENDING).check());
    await act(() => ha.getByLabel(WARN_ACCOUNT_MANAGMENT).check());
    await act(() => ha.getByRole('button', { name: 'Submit' }).click());
    await act(() => ha.getByLabel('Setup File').setInputFiles(file));
    await act(() => ha.getByLabel('Controller Password').fill(PASSWORD));
    await act(() => ha.getByRole('button', { name: 'Submit' }).click());
    await expect(ha.getByText('Success! Created configuration for Robonomics.')).toBeVisible();
    await ha.screenshot({ path: `${SCREENS}/first-hour-home-assistant-${generation}.png` });
    // A reload of the success page shows it again and posts nothing.
    await ha.reload();
    await expect(ha.getByText('Success! Created configuration for Robonomics.')).toBeVisible();
    await expect(ha.getByRole('alert')).toHaveCount(0);
    // The same file once more, in a new setup: said as the home it runs, not as a failure.
    await importOnHomeAssistant(ha, { name: 'setup.json', buffer: readFileSync(file) }, PASSWORD);
    await expect(ha.getByRole('status')).toContainText('Robonomics already runs this home');
    await expect(ha.getByRole('status')).toContainText('Nothing was changed.');
    await ha.screenshot({ path: `${SCREENS}/first-hour-home-assistant-again-${generation}.png` });
    await expect(ha.getByRole('alert')).toHaveCount(0);
    expect((await homes()).filter((h) => h.controller === controller)).toHaveLength(1);
    // Back to the app's tab.
    await act(() => page.bringToFront());
    const userMinutes = (Date.now() - started) / 60_000;

    // The home publishes on the twin the guide made.
    const home = await publishedHome(controller);
    expect(home.owner).toBe(owner);
    expect(home.published?.twinId).toBe(twin);
    expect(await chain.ownedTwins(controller)).toEqual([twin]);
    await expect(page.getByTestId('step-state-publication')).toHaveText('Done', {
      timeout: 30_000,
    });

    // The first control, on the devices page, signed in with the key made in this browser.
    await act(() => page.getByRole('link', { name: 'Open Devices & Control' }).click());
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('connection-type')).toHaveText('Libp2p (via relay) ✓', {
      timeout: 60_000,
    });
    await closeControlPanels(page);
    await page.getByRole('tab', { name: /^Switches & Outlets/ }).click();
    const { card, state } = firstSwitch(page);
    const before = (await state.textContent())?.trim() ?? '';
    await act(() => card.getByRole('switch').click());
    await expect(state).not.toHaveText(before, { timeout: 15_000 });
    await expect(card.getByText('All done!')).toBeVisible();

    // Back on the guide, every step is done.
    await page.goto('./#/setup-home');
    await expect(page.getByTestId('guide-progress')).toHaveText('8 of 8 steps done.');
    await page.screenshot({ path: `${SCREENS}/first-hour-done-${generation}.png`, fullPage: true });
    const summary = `${actions} actions; ${userMinutes.toFixed(1)} min from the empty browser to the file imported, ${((Date.now() - started) / 60_000).toFixed(1)} min to the toggle (the free weight's quarter hour given by the test)`;
    testInfo.annotations.push({ type: 'first hour', description: summary });
    if (REAL_TIME) console.log(`first hour (${generation}): ${summary}`);
    expect(actions).toBeLessThanOrEqual(MAX_ACTIONS);
  });
}

/** Opens the guide with a funded account that owns a subscription, at the controller step. */
async function ownerWithSubscription(chain: DevnetChain, page: Page, name: string) {
  const uri = `//${name} ${Date.now()}`;
  const owner = chain.pair(uri).address;
  await chain.transfer(owner, 20n * XRT);
  await chain.grantSubscription(owner);
  const wallet = await injectPolkadotExtension(page, [{ name, uri, type: 'sr25519' }]);
  await page.goto('./#/setup-home');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('step-state-subscription')).toHaveText('Done');
  return { owner, wallet };
}

test('every step resumes after a reload, from what the chain holds', async ({
  page,
  devnetChain: chain,
}) => {
  // The wallet chosen once is connected again by itself after each reload.
  const { owner } = await ownerWithSubscription(chain, page, 'Reloader');
  await page.getByLabel("A password for the controller's key").fill(PASSWORD);
  await page.getByRole('button', { name: 'Create the controller' }).click();
  await expect(page.getByTestId('step-state-users')).toHaveText('Done');
  await page.reload();
  await expect(page.getByTestId('step-state-controller')).toHaveText('Done');
  await expect(page.getByTestId('step-state-users')).toHaveText('Done');
  await signDeviceList(page);
  // After a reload the password is asked again: it lives in memory only. The controller's
  // twin, left by the reload, is made once the password opens its key again.
  await page.reload();
  await expect(page.getByTestId('step-state-file')).toHaveText('Now');
  await page.getByLabel("The controller's password").fill('not the password');
  await page.getByRole('button', { name: 'Check and download the setup file' }).click();
  await expect(page.getByTestId('file-verdict')).toHaveAttribute(
    'data-error-key',
    'wrong_password',
  );
  expect((await chain.devices(owner)).length).toBe(2);
  await page.getByLabel("The controller's password").fill(PASSWORD);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Check and download the setup file' }).click();
  await download;
  await expect(page.getByTestId('controller-twin')).toHaveAttribute('data-state', 'made');
});

/** Ticks Home Assistant's two points and goes on to the file step. */
async function acknowledge(page: Page): Promise<void> {
  await page.goto(HA_SETUP_URL);
  await page.getByLabel(WARN_DATA_SENDING).check();
  await page.getByLabel(WARN_ACCOUNT_MANAGMENT).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Setup File')).toBeVisible();
}

/**
 * Imports a setup file on Home Assistant's setup page, from its first step; its error key, or
 * 'accepted' (or 'running' for a home it runs already).
 */
async function importOnHomeAssistant(
  page: Page,
  file: { name: string; buffer: Buffer },
  password: string,
): Promise<string> {
  await acknowledge(page);
  await page.getByLabel('Setup File').setInputFiles({ ...file, mimeType: 'application/json' });
  await page.getByLabel('Controller Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  const outcome = page
    .getByRole('alert')
    .or(page.getByText('Success! Created configuration'))
    .or(page.getByText('Robonomics already runs this home'));
  await expect(outcome).toBeVisible();
  const step = await page.locator('main').getAttribute('data-flow-step');
  if (step === 'running' || step === 'created') return step === 'running' ? 'running' : 'accepted';
  return (await page.getByRole('alert').getAttribute('data-error-key')) ?? 'unknown alert';
}

test("Home Assistant's errors: said by the app before the download, by Home Assistant after", async ({
  page,
  context,
  devnetChain: chain,
}) => {
  const { owner } = await ownerWithSubscription(chain, page, 'Refused');
  // A controller made and kept, but never written to the device list.
  await page.getByLabel("A password for the controller's key").fill(PASSWORD);
  await page.getByRole('button', { name: 'Create the controller' }).click();
  await expect(page.getByTestId('step-state-controller')).toHaveText('Done');

  // The app says it before anything is downloaded.
  await page.goto('./#/rws-setup');
  await page.getByText('Subscription backup').click();
  await page.getByLabel('Controller password', { exact: false }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Download backup' }).click();
  const verdict = page.getByTestId('file-verdict');
  await expect(verdict).toHaveAttribute('data-error-key', 'is_not_in_devices');
  await expect(verdict).toContainText(
    'Home Assistant would refuse this file: “Controller address is not in subscription devices”.',
  );
  await page.getByLabel('Controller password', { exact: false }).fill('not the password 1');
  await page.getByRole('button', { name: 'Download backup' }).click();
  await expect(verdict).toHaveAttribute('data-error-key', 'wrong_password');
  await page.getByLabel('Controller password', { exact: false }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Download backup' }).click();
  await expect(verdict).toHaveAttribute('data-error-key', 'is_not_in_devices');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download anyway' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  const file = JSON.parse(text) as Record<string, unknown>;
  const as = (value: unknown) => ({
    name: 'setup.json',
    buffer: Buffer.from(JSON.stringify(value)),
  });

  // Home Assistant's first step: its two points, both to be ticked.
  const ha = await context.newPage();
  await ha.goto(HA_SETUP_URL);
  await expect(
    ha.getByText('To use Robonomics Integration you shoul know the following:'),
  ).toBeVisible();
  await ha.getByLabel(WARN_DATA_SENDING).check();
  await ha.getByRole('button', { name: 'Submit' }).click();
  await expect(ha.getByRole('alert')).toHaveAttribute('data-error-key', 'warnings');
  await expect(ha.getByRole('alert')).toContainText(
    'You should tick all points before using Robonomics Integration',
  );
  await expect(ha.getByLabel('Setup File')).toHaveCount(0);
  await ha.getByLabel(WARN_DATA_SENDING).check();
  await ha.getByLabel(WARN_ACCOUNT_MANAGMENT).check();
  await ha.getByRole('button', { name: 'Submit' }).click();
  await expect(ha.getByLabel('Setup File')).toBeVisible();

  // Home Assistant says the same of the same file, and of files changed as people change them.
  expect(await importOnHomeAssistant(ha, as(file), PASSWORD)).toBe('is_not_in_devices');
  await expect(ha.getByRole('alert')).toContainText(
    'Controller address is not in subscription devices',
  );
  expect(await importOnHomeAssistant(ha, as(file), 'not the password 1')).toBe('wrong_password');
  await expect(ha.getByRole('alert')).toContainText("Can't decrypt setting with given password");
  expect(await importOnHomeAssistant(ha, as({ ...file, network: 'kusama' }), PASSWORD)).toBe(
    'has_no_subscription',
  );
  const fresh = chain.pair(`//No subscription ${Date.now()}`).address;
  expect(await importOnHomeAssistant(ha, as({ ...file, owner: fresh }), PASSWORD)).toBe(
    'has_no_subscription',
  );
  const { datalog: _missing, ...noDatalog } = file;
  expect(await importOnHomeAssistant(ha, as(noDatalog), PASSWORD)).toBe('unknown');
  expect(
    await importOnHomeAssistant(
      ha,
      { name: 'setup.json', buffer: Buffer.from('not json') },
      PASSWORD,
    ),
  ).toBe('wrong_config_format');
  // Nothing was adopted by any of them.
  expect((await homes()).some((h) => h.owner === owner)).toBe(false);
});

test('the guide proposes a development account without a subscription; the header names no home until it has one', async ({
  page,
  devnetChain: chain,
}) => {
  // This browser knows the demo home, as one that visited it before does.
  await saveSeededSetup(page);
  await page.goto('./#/setup-home');
  await expect(page.getByRole('button', { name: 'Active setup: Seeded home' })).toBeVisible();
  const proposal = page.getByTestId('new-owner-proposal');
  await expect(proposal).toContainText('Alice, the first development account, holds the demo home');
  const use = proposal.getByRole('button', {
    name: /^Use (\w+), a development account without a subscription$/,
  });
  await page.screenshot({ path: `${SCREENS}/first-hour-proposal.png` });
  const name = /^Use (\w+),/.exec((await use.textContent()) ?? '')![1]!;
  await use.click();
  const owner = chain.pair(`//${name}`).address;
  expect(await chain.hasSubscription(owner)).toBe(false);
  await expect(page.getByTestId('step-state-account')).toHaveText('Done');
  await expect(page.getByTestId('step-state-subscription')).toHaveText('Now');
  await expect(page.getByTestId('guide-progress')).toHaveText('1 of 8 steps done.');
  // The connected account has no home yet: the header names none (not the demo home's).
  await expect(page.getByRole('button', { name: /^Active setup:/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/first-hour-new-owner.png`, fullPage: true });
});

/** Creates the controller in the guide; its address and a signer for it, from its phrase. */
async function createController(chain: DevnetChain, page: Page) {
  await page.getByLabel("A password for the controller's key").fill(PASSWORD);
  await page.getByRole('button', { name: 'Create the controller' }).click();
  await expect(page.getByTestId('step-state-users')).toHaveText('Done');
  const phrase = (await page.getByTestId('controller-phrase').locator('.mono').textContent())!;
  const pair = chain.pair(phrase.trim(), 'ed25519');
  return { controller: pair.address, pair };
}

async function signDeviceList(page: Page) {
  await page.getByRole('button', { name: 'Review and sign the device list' }).click();
  await page
    .getByTestId('device-list-review')
    .getByRole('button', { name: 'Sign the new list' })
    .click();
  await expect(page.getByTestId('step-state-devices')).toHaveText('Done', { timeout: 30_000 });
}

test('a twin made elsewhere for the controller is the one shown and used; the estimate does not move later while the home pays its topic', async ({
  page,
  context,
  devnetChain: chain,
}) => {
  const { owner } = await ownerWithSubscription(chain, page, 'Twin kept');
  const { controller, pair } = await createController(chain, page);
  // A twin the controller made before, from another browser holding its key.
  await chain.transfer(controller, XRT);
  await chain.send(chain.api.tx.digitalTwin.create(), pair);
  const [elsewhere] = await chain.ownedTwins(controller);
  await signDeviceList(page);
  // The guide adds the first record Home Assistant finds that twin by, and makes no other.
  const twinLine = page.getByTestId('controller-twin');
  await expect(twinLine).toHaveAttribute('data-state', 'made');
  await expect(twinLine).toContainText(
    `The controller owns twin #${elsewhere} and its first record`,
  );
  expect(await chain.ownedTwins(controller)).toEqual([elsewhere]);

  const download = page.waitForEvent('download');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Check and download the setup file' }).click();
  const file = await (await download).path();
  const ha = await opened;
  // Enough free weight for the config's topic, not yet for the record.
  await chain.setFreeWeightNow(owner, 158_556_000n + 20_000_000n);
  const wait = page.getByTestId('free-weight-wait');
  await expect(wait).toContainText(
    `Home Assistant publishes on twin #${elsewhere}, the last one the controller owns.`,
  );
  await expect(wait).toContainText(
    'needs 419 M for its configuration’s topic on the twin and the record',
  );
  const time = page.getByTestId('free-weight-time');
  const before = Number(await time.getAttribute('data-reached-at'));

  expect(
    await importOnHomeAssistant(ha, { name: 'setup.json', buffer: readFileSync(file) }, PASSWORD),
  ).toBe('accepted');
  // The home points its config's topic on that twin, paid from the subscription.
  await expect
    .poll(async () => Object.values(await chain.twinTopics(elsewhere)), { timeout: 30_000 })
    .toContain(controller);
  // Once the page has followed it (a later estimate is said once it holds for two seconds), the
  // time is where it was, with no word of a move, and the record alone is left to pay.
  await page.waitForTimeout(2_500);
  const after = Number(await time.getAttribute('data-reached-at'));
  expect(Math.abs(after - before)).toBeLessThanOrEqual(1000);
  await expect(page.getByTestId('estimate-moved')).toHaveCount(0);
  await expect(wait).toContainText('needs 260 M for the record');
  await page.screenshot({ path: `${SCREENS}/first-hour-estimate.png`, fullPage: true });
});

test('a controller without enough balance for its twin: the guide says so and goes on without it', async ({
  page,
  devnetChain: chain,
}) => {
  await ownerWithSubscription(chain, page, 'Twin poor');
  const { controller } = await createController(chain, page);
  // It exists with a little more than the existential deposit: the device list sends it nothing.
  await chain.transfer(controller, 2_000n);
  await signDeviceList(page);
  const twinLine = page.getByTestId('controller-twin');
  await expect(twinLine).toHaveAttribute('data-state', 'skipped');
  await expect(twinLine).toContainText('The controller holds 0.000002 XRT, and its twin takes');
  await expect(twinLine).toContainText(
    'Home Assistant makes the twin itself, from the subscription’s free weight.',
  );
  expect(await chain.ownedTwins(controller)).toEqual([]);
  // The rest of the guide goes on: the file, and a wait that counts the twin.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Check and download the setup file' }).click();
  await download;
  await expect(page.getByTestId('free-weight-wait')).toContainText(
    'needs 650 M for a digital twin, its configuration’s topic on the twin and the record',
  );
  await expect(page.getByTestId('free-weight-wait')).toContainText(
    'The controller owns no twin yet: Home Assistant creates one.',
  );
});
