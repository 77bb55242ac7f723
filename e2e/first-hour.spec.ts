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
import { closeControlPanels, firstSwitch } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The first hour of a new owner, as they walk it: a fresh browser with a wallet holding XRT and no
 * subscription, through every step of "Set up your home" to a switch toggled peer-to-peer on the
 * home the devnet's Home Assistant adopted from the file the app made, imported through Home
 * Assistant's own setup page in the same browser.
 */

const SCREENS = 'e2e/artifacts/screens';
const PASSWORD = 'tulip orbit gravel 7';
/** Home Assistant's page for adding the Robonomics integration, on the devnet. */
const HA_SETUP_URL = 'http://127.0.0.1:8123/config/integrations/dashboard/add?domain=robonomics';
/** The user actions of the path (clicks and typed fields), counted as they are made. */
const MAX_ACTIONS = 15;
/**
 * E2E_REAL_TIME=1 walks the path on a stack with the default block time (6 s) and auction
 * duration (10 blocks), as `npm start` runs it, to time it: the test then makes no blocks itself.
 */
const REAL_TIME = Boolean(process.env.E2E_REAL_TIME);

let chain: DevnetChain;
test.beforeAll(async ({ devnetChain }) => {
  chain = devnetChain;
});
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

for (const generation of ['legacy', 'current'] as ProxyGeneration[]) {
  test(`a new owner goes from an empty browser to a toggled light (${generation} proxy)`, async ({
    page,
    context,
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
    await expect(page.getByTestId('auction-countdown')).toBeVisible();
    // A reload in the middle of the wait resumes it.
    await page.reload();
    await expect(page.getByTestId('step-state-subscription')).toHaveText('Waiting');
    await expect(page.getByTestId('auction-countdown')).toContainText('closes with block');
    if (!REAL_TIME) await chain.newBlocks(3);
    await expect(page.getByTestId('step-state-subscription')).toHaveText('Done', {
      timeout: REAL_TIME ? 120_000 : 30_000,
    });

    // The controller, made here and sealed with a password; a user key for this browser.
    await act(() => page.getByLabel("A password for the controller's key").fill(PASSWORD));
    await act(() => page.getByRole('button', { name: 'Create the controller' }).click());
    await expect(page.getByTestId('step-state-controller')).toHaveText('Done');
    await expect(page.getByTestId('controller-phrase')).toBeVisible();
    await act(() =>
      page.getByRole('button', { name: 'Create a user key for this browser' }).click(),
    );
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

    // The file, checked with Home Assistant's own rules before it is downloaded.
    const download = page.waitForEvent('download');
    await act(() =>
      page.getByRole('button', { name: 'Check and download the setup file' }).click(),
    );
    const file = await (await download).path();
    await expect(page.getByTestId('file-verdict')).toHaveText(
      'Home Assistant will accept this file.',
    );
    const setupFile = JSON.parse(readFileSync(file, 'utf8')) as { controller: { address: string } };
    const controller = setupFile.controller.address;
    await expect(page.getByTestId('step-state-publication')).toHaveText('Waiting');
    await expect(page.getByTestId('waiting-for-home')).toContainText(
      'What usually holds a home up',
    );
    await expect(page.getByTestId('free-weight-wait')).toContainText('can go through from about');
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

    // Home Assistant's setup page, in a new tab of the same browser.
    const [ha] = await Promise.all([
      context.waitForEvent('page'),
      act(() => page.getByRole('link', { name: 'open its setup' }).first().click()),
    ]);
    await expect(ha.getByRole('heading', { name: 'Robonomics' })).toBeVisible();
    await act(() => ha.getByLabel('Setup File').setInputFiles(file));
    await act(() => ha.getByLabel('Controller Password').fill(PASSWORD));
    await act(() => ha.getByRole('button', { name: 'Submit' }).click());
    await expect(ha.getByText('Success! Created configuration for Robonomics.')).toBeVisible();
    await ha.screenshot({ path: `${SCREENS}/first-hour-home-assistant-${generation}.png` });
    // The same file once more: the integration is set up already, and nothing changes.
    await ha.goto(HA_SETUP_URL);
    await ha.getByLabel('Setup File').setInputFiles(file);
    await ha.getByLabel('Controller Password').fill(PASSWORD);
    await ha.getByRole('button', { name: 'Submit' }).click();
    await expect(ha.getByText('Robonomics is already configured')).toBeVisible();
    expect((await homes()).filter((h) => h.controller === controller)).toHaveLength(1);
    const userMinutes = (Date.now() - started) / 60_000;

    const home = await publishedHome(controller);
    expect(home.owner).toBe(owner);
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
async function ownerWithSubscription(page: Page, name: string) {
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

test('every step resumes after a reload, from what the chain holds', async ({ page }) => {
  // The wallet chosen once is connected again by itself after each reload.
  const { owner } = await ownerWithSubscription(page, 'Reloader');
  await page.getByLabel("A password for the controller's key").fill(PASSWORD);
  await page.getByRole('button', { name: 'Create the controller' }).click();
  await page.reload();
  await expect(page.getByTestId('step-state-controller')).toHaveText('Done');
  await expect(page.getByTestId('step-state-users')).toHaveText('Now');
  await page.getByRole('button', { name: 'Create a user key for this browser' }).click();
  await page.reload();
  await expect(page.getByTestId('step-state-users')).toHaveText('Done');
  await page.getByRole('button', { name: 'Review and sign the device list' }).click();
  await page
    .getByTestId('device-list-review')
    .getByRole('button', { name: 'Sign the new list' })
    .click();
  await expect(page.getByTestId('step-state-devices')).toHaveText('Done', { timeout: 30_000 });
  // After a reload the password is asked again: it lives in memory only.
  await page.reload();
  await expect(page.getByTestId('step-state-file')).toHaveText('Now');
  await page.getByLabel("The controller's password").fill('not the password');
  await page.getByRole('button', { name: 'Check and download the setup file' }).click();
  await expect(page.getByTestId('file-verdict')).toHaveAttribute(
    'data-error-key',
    'wrong_password',
  );
  expect((await chain.devices(owner)).length).toBe(2);
});

/** Imports a setup file on Home Assistant's setup page; its error key, or 'accepted'. */
async function importOnHomeAssistant(
  page: Page,
  file: { name: string; buffer: Buffer },
  password: string,
): Promise<string> {
  await page.goto(HA_SETUP_URL);
  await page.getByLabel('Setup File').setInputFiles({ ...file, mimeType: 'application/json' });
  await page.getByLabel('Controller Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  const outcome = page.getByRole('alert').or(page.getByText('Success! Created configuration'));
  await expect(outcome).toBeVisible();
  return (
    (await page
      .getByRole('alert')
      .getAttribute('data-error-key')
      .catch(() => null)) ?? 'accepted'
  );
}

test("Home Assistant's errors: said by the app before the download, by Home Assistant after", async ({
  page,
  context,
}) => {
  const { owner } = await ownerWithSubscription(page, 'Refused');
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

  // Home Assistant says the same of the same file, and of files changed as people change them.
  const ha = await context.newPage();
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
