import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { decodeAddress, encodeAddress, Keyring } from '@polkadot/keyring';
import { CONNECTION_CHOICE_KEY } from '../apps/web/src/features/devices/commands/connection-choice.ts';
import { keepOnEveryLoad, keptSetups } from './fixtures/app-storage.ts';
import {
  ALICE,
  BOB_ED25519,
  CONTROLLER,
  openSeededHome,
  saveSeededSetup,
  shortAddress,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/** Dave's Lifetime subscription of the seeded devnet. */
const DAVE = new Keyring({ ss58Format: 32, type: 'sr25519' }).addFromUri('//Dave').address;

const controls = (page: Page) => page.getByRole('region', { name: 'Controls' });
const chip = (page: Page, name: string) => controls(page).locator(`[data-chip="${name}"]`);
/** Opens a status chip's panel (a no-op when it is open). */
async function openChip(page: Page, name: string) {
  if ((await chip(page, name).getAttribute('aria-expanded')) !== 'true') {
    await chip(page, name).click();
  }
  await expect(chip(page, name)).toHaveAttribute('aria-expanded', 'true');
}
const device = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Home' }).getByRole('article', { name, exact: true });

/** Saves the download the click starts; its name and parsed content. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    controls(page).getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), json: JSON.parse(readFileSync(path, 'utf8')) };
}

test('before sign-in the controls bar asks for a login', async ({ page }) => {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  // The chips are there, their panels closed.
  for (const name of ['connection', 'subscription', 'datalog', 'ipfs']) {
    await expect(chip(page, name)).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(controls(page).getByRole('region', { name: 'Subscription' })).toBeHidden();
  // Nobody signed in yet: waiting, not a fault.
  await expect(chip(page, 'subscription')).toHaveAttribute('data-state', 'busy');
  await expect(chip(page, 'subscription')).toHaveText('Subscription');
  await openChip(page, 'subscription');
  await expect(controls(page).getByTestId('telemetry-user')).toHaveText('You need to login first');
  // The controller is a device of the active subscription: its mark is a check.
  const controller = controls(page).getByTestId('telemetry-controller');
  await expect(controller).toContainText(shortAddress(CONTROLLER));
  await expect(controller.locator('[data-mark]')).toHaveAttribute('data-mark', 'ok');
  await expect(controls(page).getByTestId('telemetry-subscription')).toHaveText(
    'Subscription: active',
  );
  await openChip(page, 'datalog');
  await expect(controls(page).getByText('Config is missing')).toBeVisible();
  await expect(controls(page).getByText('Datalog is missing')).toBeVisible();
});

test('a controller written with another network prefix is the same device: the page says it is in the list', async ({
  page,
}) => {
  // The same keys written for the generic Substrate prefix (42: 5…), as a backup made elsewhere
  // or an address pasted from another wallet keeps them; the chain's list holds them as keys.
  const generic = (address: string) => encodeAddress(decodeAddress(address), 42);
  const controller42 = generic(CONTROLLER);
  expect(controller42).not.toBe(CONTROLLER);
  await keepOnEveryLoad(
    page,
    keptSetups([
      {
        owner: generic(ALICE),
        name: 'Seeded home, generic prefix',
        network: 'local',
        controller: { address: controller42 },
      },
    ]),
  );
  await page.goto('./#/telemetry');
  await openChip(page, 'subscription');
  const mark = controls(page).getByTestId('telemetry-controller').locator('[data-mark]');
  await expect(mark).toHaveAttribute('data-mark', 'ok');
  await expect(controls(page).getByTestId('telemetry-subscription')).toHaveText(
    'Subscription: active',
  );
  await expect(chip(page, 'subscription')).not.toHaveText('Controller not a device');
  // The setup's editor says the same of its controller.
  await page.goto('./#/rws-setup');
  await expect(page.getByText('Current:')).toBeVisible();
  await expect(page.getByText('in the user list')).toBeVisible();
  await expect(page.getByText('Account should be added in User list')).toHaveCount(0);
});

// The two tests that open the home (in the home lane) give its subscription free weight
// themselves: the others run in the other lane, which writes nothing of the seeded home's.
test('device cards by category and area, with Extended, in columns by width', async ({
  page,
  devnetChain,
}) => {
  await payForSeededHome(devnetChain);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSeededHome(page);
  const home = page.getByRole('region', { name: 'Home' });
  await expect(home.locator('.device-columns')).toHaveAttribute('data-columns', '4');

  // The kettle is a switch and has other entities: they sit under Extended.
  await home.getByRole('tab', { name: /^Switches & Outlets/ }).click();
  const kettle = device(page, 'Kitchen kettle');
  await expect(
    kettle.locator('.device-title').getByRole('heading', { name: 'Kitchen kettle', level: 3 }),
  ).toBeVisible();
  await expect(kettle.locator('[data-entity="switch.kitchen_kettle"]')).toBeVisible();
  const extended = kettle.locator('details.device-extended');
  const select = extended.locator('[data-entity="select.kitchen_kettle_mode"]');
  await expect(select).toBeHidden();
  await extended.getByText(/^Extended \(\d+\)$/).click();
  await expect(select).toBeVisible();

  // The same device in the other category it matches, the switch now extended.
  await home.getByRole('tab', { name: /^Other Devices/ }).click();
  await expect(kettle.locator('[data-entity="select.kitchen_kettle_mode"]')).toBeVisible();
  await expect(kettle.locator('[data-entity="switch.kitchen_kettle"]')).toBeHidden();

  // A light names itself: its device has no title.
  await home.getByRole('tab', { name: /^Lighting/ }).click();
  const lamp = device(page, 'Living room lamp');
  await expect(lamp.locator('[data-entity="light.living_room_lamp"]')).toBeVisible();
  await expect(lamp.locator('.device-title')).toHaveCount(0);

  // The Altruist sensor's own card: its readings at a glance.
  await home.getByRole('tab', { name: /^Sensors & Detectors/ }).click();
  const altruist = device(page, 'Altruist Outdoor');
  await expect(altruist.locator('[data-reading="signal_strength"]')).toContainText(
    /Signal strength\s*-?\d+(\.\d+)? dBm/,
  );
  await expect(altruist.locator('[data-reading="peak_noise"]')).toContainText('Peak noise');
  // The status toasts of loading the home would cover the card's picture.
  const dismiss = page.locator('.toasts').getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await altruist.screenshot({ path: `${SCREENS}/devices-altruist-card.png` });
  await page.screenshot({ path: `${SCREENS}/devices-layout-1280-light.png`, fullPage: true });

  // By area: one tab per area, the whole device in it.
  await home.getByRole('tablist', { name: 'Sort by' }).getByRole('tab', { name: 'Area' }).click();
  await home.getByRole('tab', { name: /^kitchen/ }).click();
  await expect(kettle.locator('[data-entity="switch.kitchen_kettle"]')).toBeVisible();
  await expect(kettle.locator('[data-entity="select.kitchen_kettle_mode"]')).toBeVisible();

  // The Robonomics relay's own card: power, voltage and current, and its relay toggles.
  await home.getByRole('tab', { name: /^study/ }).click();
  const relay = device(page, 'Desk relay');
  await expect(
    relay.locator('.device-title').getByRole('heading', { name: 'Desk relay', level: 3 }),
  ).toBeVisible();
  for (const [label, unit] of [
    ['Power', 'W'],
    ['Voltage', 'V'],
    ['Current', 'A'],
  ] as const) {
    await expect(relay.locator('.readings > div').filter({ hasText: label })).toHaveText(
      new RegExp(`^${label}\\s*\\d+(\\.\\d+)? ${unit}$`),
    );
  }
  const relaySwitch = relay.locator('[data-entity$="_robonomics_1_gang_switch"]');
  const relayState = relaySwitch.locator('[data-testid^="state-"]');
  const before = (await relayState.textContent())?.trim() ?? '';
  await relaySwitch.getByRole('switch').click();
  await expect(relayState).not.toHaveText(before, { timeout: 30_000 });
  await expect(relaySwitch.getByText('All done!')).toBeVisible();
  // The relay's power reading follows its load: the relay's own standby draw when off.
  const power = relay.locator('.readings > div').filter({ hasText: 'Power' });
  const standby = /^Power\s*0\.4 W$/;
  if (/off/i.test((await relayState.textContent()) ?? '')) await expect(power).toHaveText(standby);
  else await expect(power).not.toHaveText(standby);
  await relay.screenshot({ path: `${SCREENS}/devices-roboswitch-card.png` });
  await home
    .getByRole('tablist', { name: 'Sort by' })
    .getByRole('tab', { name: 'Category' })
    .click();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.screenshot({ path: `${SCREENS}/devices-layout-1280-dark.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(home.locator('.device-columns')).toHaveAttribute('data-columns', '1');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/devices-layout-390-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.screenshot({ path: `${SCREENS}/devices-layout-390-light.png`, fullPage: true });
});

test('the controls bar: marks, freshness, downloads and the connection choice', async ({
  page,
  devnetChain,
}) => {
  await payForSeededHome(devnetChain);
  await openSeededHome(page);
  const connection = controls(page).getByTestId('connection-type');
  await expect(connection).toHaveText(/^Libp2p.* ✓$/, { timeout: 30_000 });
  await expect(chip(page, 'connection')).toHaveAttribute('data-state', 'ok');
  await expect(chip(page, 'connection')).toHaveText('Libp2p');

  // Alice's active subscription, its controller and the signed-in user are all devices of it.
  await expect(chip(page, 'subscription')).toHaveAttribute('data-state', 'ok');
  const user = controls(page).getByTestId('telemetry-user');
  await expect(user).toContainText(shortAddress(BOB_ED25519));
  await expect(user.locator('[data-mark]')).toHaveAttribute('data-mark', 'ok');

  // The datalog's freshness, counted from the record or update the page shows.
  const freshness = controls(page).getByTestId('datalog-freshness');
  await expect(freshness).toHaveText(/^Updated (Just now|\d+ minutes? ago|\d+ hours? ago)$/);
  await expect(chip(page, 'datalog')).toHaveAttribute('data-state', 'ok');

  // Downloads: the decrypted config and datalog, named as docs/product-rules.md says.
  await openChip(page, 'datalog');
  const config = await download(page, 'Download config');
  expect(config.name).toMatch(/^127\.0\.0\.1_5173-Config_Seeded home-\d{4}-\d\d-\d\d\.json$/);
  expect(config.json.peer_id).toEqual(expect.any(String));
  expect(Object.keys(config.json.services)).toContain('switch');
  const datalog = await download(page, 'Download datalog');
  expect(datalog.name).toMatch(/^127\.0\.0\.1_5173-Datalog_Seeded home-\d{4}-\d\d-\d\d\.json$/);
  expect(Object.keys(datalog.json.entities)).toContain('switch.kitchen_kettle');

  // The parachain, chosen: commands and updates go through the chain, and the choice is kept.
  await openChip(page, 'connection');
  const form = controls(page).getByRole('form', { name: 'Connection type' });
  await form.getByLabel('Connection type').selectOption('parachain');
  await form.getByRole('button', { name: 'Reconnect' }).click();
  await expect(connection).toHaveText('Parachain ✓');
  await expect(connection).toHaveAttribute('data-path', 'parachain');
  await expect(controls(page).getByTestId('connection-path')).toHaveText(/^Through the parachain/);
  await expect(chip(page, 'connection')).toHaveText('Parachain');
  expect(await page.evaluate((key) => localStorage.getItem(key), CONNECTION_CHOICE_KEY)).toBe(
    JSON.stringify({ [ALICE]: 'parachain' }),
  );
  await page.screenshot({ path: `${SCREENS}/devices-controls-parachain.png`, fullPage: true });

  // Back to peer-to-peer: Reconnect dials the controller again.
  await form.getByLabel('Connection type').selectOption('libp2p');
  await form.getByRole('button', { name: 'Reconnect' }).click();
  await expect(connection).toHaveText(/^Libp2p.* ✓$/, { timeout: 30_000 });
  await expect(connection).toHaveAttribute('data-path', /^(relay|direct)$/);
  await expect(controls(page).getByTestId('connection-path')).toHaveText(/^Peer-to-peer/);
});

test('the header popup shows the active setup, switches it and leads to the setup', async ({
  page,
}) => {
  await keepOnEveryLoad(
    page,
    keptSetups([
      { owner: ALICE, name: 'Seeded home', network: 'local', controller: { address: CONTROLLER } },
      { owner: DAVE, name: 'Dave lifetime', network: 'local' },
      { owner: DAVE, name: 'Elsewhere', network: 'kusama' },
    ]),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./');
  const open = page.getByRole('button', { name: 'Active setup: Seeded home' });
  await open.click();
  const popup = page.getByRole('dialog', { name: 'Active setup' });
  const select = popup.getByLabel('Setup', { exact: true });
  // Only the setups of the network the app is connected to.
  await expect(select.locator('option')).toHaveText(['Seeded home', 'Dave lifetime']);
  await expect(popup.getByTestId('active-until')).toHaveAttribute('data-tone', 'ok');
  await expect(popup.getByTestId('active-until')).toHaveText(/\d{4}/);
  await expect(popup).toContainText(shortAddress(ALICE));
  await page.screenshot({ path: `${SCREENS}/header-setup-popup-1280-light.png` });

  await select.selectOption({ label: 'Dave lifetime' });
  await expect(page.getByRole('button', { name: 'Active setup: Dave lifetime' })).toBeVisible();
  await expect(popup.getByTestId('active-until')).toHaveText('Lifetime (never expires)');
  await expect(popup).toContainText(shortAddress(DAVE));

  await popup.getByRole('link', { name: 'Go to setup' }).click();
  await expect(page).toHaveURL(/#\/rws-setup$/);
  await expect(popup).toBeHidden();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Active setup: Dave lifetime' }).click();
  await expect(popup.getByTestId('active-until')).toBeVisible();
  // The popup stays on the screen.
  const box = (await popup.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/header-setup-popup-390-dark.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/header-setup-popup-1280-dark.png` });
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('the header popup names the only setup of the network', async ({ page }) => {
  await saveSeededSetup(page);
  await page.goto('./');
  await page.getByRole('button', { name: 'Active setup: Seeded home' }).click();
  const popup = page.getByRole('dialog', { name: 'Active setup' });
  await expect(popup.getByTestId('active-setup-name')).toHaveText('Seeded home');
  await expect(popup.getByLabel('Setup', { exact: true })).toHaveCount(0);
});
