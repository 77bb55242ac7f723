import type { Page } from '@playwright/test';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import type { DevnetChain } from './fixtures/devnet-chain.ts';
import {
  CONTROLLER_PHRASE,
  markDocument,
  openSeededHome,
  sameDocument,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

// The devnet profile's gateways, as the e2e stack starts them (playwright.config.ts).
const API = 'http://127.0.0.1:5001';
const GATEWAY = 'http://127.0.0.1:8080';
const SLOW = 'http://127.0.0.1:8081'; // 800 ms slower
const FAILING = 'http://127.0.0.1:8082'; // answers HTTP 502
const HTML = 'http://127.0.0.1:8083'; // answers a web page instead of the file
const HANGING = 'http://127.0.0.1:8084'; // never answers
const FAST = [API, GATEWAY];
// Room for the fixture's wait when an earlier spec changed the devices (see openSeededHome).
test.describe.configure({ timeout: 180_000 });

let controllerPair: KeyringPair;
const accounts = { alice: '', bob: '', controller: '' };

test.beforeAll(async ({ devnetChain: chain }) => {
  await cryptoWaitReady();
  const keyring = new Keyring({ ss58Format: 32 });
  accounts.alice = keyring.addFromUri('//Alice', {}, 'sr25519').address;
  accounts.bob = keyring.addFromUri('//Bob', {}, 'ed25519').address;
  controllerPair = keyring.addFromUri(CONTROLLER_PHRASE, {}, 'ed25519');
  accounts.controller = controllerPair.address;
  await payForSeededHome(chain);
});

const panel = (page: Page) => page.getByRole('region', { name: 'IPFS' });
const ipfsChip = (page: Page) => page.locator('[data-chip="ipfs"]');
/** Opens the IPFS chip's panel (closed by default, or open already when no gateway answers). */
async function openIpfs(page: Page) {
  if ((await ipfsChip(page).getAttribute('aria-expanded')) !== 'true') await ipfsChip(page).click();
  await expect(panel(page)).toBeVisible();
}
const row = (page: Page, origin: string) => panel(page).locator(`[data-gateway="${origin}"]`);
const pickedRow = (page: Page) => panel(page).locator('[aria-current="true"]');

/**
 * The empty file's identity CID: the app asks its own origin for it once, to learn whether that
 * origin is a gateway (where keys may not be kept). It is never one of the home's files.
 */
const ORIGIN_PROBE_PATH = '/ipfs/bafkqaaa';

/** Every GET /ipfs/… answer for the home's files the page receives: where from and its status. */
function recordReads(page: Page) {
  const reads: { origin: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (
      response.request().method() === 'GET' &&
      url.pathname.startsWith('/ipfs/') &&
      url.pathname !== ORIGIN_PROBE_PATH
    ) {
      reads.push({ origin: url.origin, status: response.status() });
    }
  });
  return reads;
}

/** The controller records its last states file again: the page reads it from IPFS. */
async function recordLastStatesAgain(chain: DevnetChain) {
  const last = (await chain.datalog(accounts.controller)).at(-1)!;
  await chain.send(
    chain.api.tx.rws.call(accounts.alice, chain.api.tx.datalog.record(last)),
    controllerPair,
  );
}

test('the home loads through the fastest gateway and the panel shows the ranking', async ({
  page,
}) => {
  const reads = recordReads(page);
  await openSeededHome(page);
  await openIpfs(page);
  const picked = await pickedRow(page).getAttribute('data-gateway');
  expect(FAST).toContain(picked);
  await expect(pickedRow(page)).toContainText(`${picked} ✓`);
  // The home's files (states, and config once the twin names it) came through it only.
  expect(reads.length).toBeGreaterThanOrEqual(1);
  expect(reads).toEqual(reads.map(() => ({ origin: picked, status: 200 })));

  // The ranking: the two fast ones, then the slow one, then the failing one, greyed.
  for (const origin of [...FAST, SLOW]) {
    await expect(row(page, origin)).toHaveAttribute('data-state', 'ok');
  }
  const slowTime = await row(page, SLOW).getByTestId('gateway-status').textContent();
  expect(Number(slowTime?.replace(' ms', ''))).toBeGreaterThanOrEqual(800);
  await expect(row(page, FAILING)).toHaveAttribute('data-state', 'failed');
  await expect(row(page, FAILING).getByTestId('gateway-status')).toHaveText(
    'unavailable: answered HTTP 502',
  );
  await expect(row(page, FAILING).getByRole('radio')).toBeDisabled();
  // Dimmed: drawn in the muted colour (readable, unlike faded text).
  await expect(row(page, FAILING)).toHaveClass(/gateway-unavailable/);
  await expect(row(page, FAILING)).toHaveCSS('color', 'rgb(91, 100, 114)');
  const order = await panel(page)
    .locator('[data-gateway]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gateway')));
  expect(order.slice(0, 2).sort()).toEqual(FAST);
  expect(order.slice(2)).toEqual([SLOW, FAILING]);
  await expect(panel(page)).toContainText(
    'Gateways are ranked by speed. If Datalog or Config file fails to load, pick any other gateway from the list.',
  );
  expect(await page.evaluate(() => localStorage.getItem('ipfs-smart-gateway:picked'))).toBe(picked);
  await page.screenshot({ path: `${SCREENS}/gateways-ranked.png`, fullPage: true });
});

test('a picked gateway that starts failing is replaced without a reload', async ({
  page,
  devnetChain: chain,
}) => {
  await openSeededHome(page, { blockPeer: true });
  await expect(page.getByTestId('connection-type')).toContainText('Parachain', {
    timeout: 30_000,
  });
  // Both fast gateways go down: only the slow one still serves the files.
  for (const origin of FAST) {
    await page.route(`${origin}/ipfs/**`, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>502</html>' }),
    );
  }
  await openIpfs(page);
  await markDocument(page);
  const reads = recordReads(page);
  const checking = page.waitForFunction(
    () => document.body.innerText.includes('Checking available gateways'),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  await recordLastStatesAgain(chain);
  await checking;
  await expect(pickedRow(page)).toHaveAttribute('data-gateway', SLOW, { timeout: 30_000 });
  await expect
    .poll(() => reads.filter((r) => r.status === 200).map((r) => r.origin))
    .toEqual([SLOW]);
  for (const origin of FAST) {
    await expect(row(page, origin).getByTestId('gateway-status')).toHaveText(
      'unavailable: answered HTTP 502',
    );
  }
  await expect(panel(page).getByText('Checking available gateways')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  await expect(page.getByText('File not available')).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/gateways-replaced.png`, fullPage: true });

  // Then the slow one goes down too: nothing serves the file, and the panel says what to do.
  await page.route(`${SLOW}/ipfs/**`, (route) => route.abort('connectionrefused'));
  await recordLastStatesAgain(chain);
  await expect(panel(page).getByRole('alert')).toHaveText(
    'No available gateways found. Try adding your custom gateway or wait.',
    { timeout: 30_000 },
  );
  await expect(page.getByText('File not available').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a user gateway can be added, switched to and removed; bad ones are refused', async ({
  page,
  devnetChain: chain,
}) => {
  await openSeededHome(page, { blockPeer: true });
  await openIpfs(page);
  const form = page.getByRole('form', { name: 'Add your gateway' });
  const input = form.getByLabel('Add your gateway');
  const switchTo = form.getByRole('button', { name: 'Switch gateway' });
  for (const [text, message] of [
    ['ftp://127.0.0.1:8080', 'A gateway address must start with http:// or https://.'],
    [
      'http://user:secret@127.0.0.1:8080',
      'A gateway address cannot contain a user name or password.',
    ],
    [
      'http://127.0.0.1:8080/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
      "Give the gateway's address without a path, for example http://127.0.0.1:8080.",
    ],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080 is already in the list.'],
  ]) {
    await input.fill(text!);
    await switchTo.click();
    await expect(form.getByRole('alert')).toHaveText(message!);
  }

  // The same node under another name: added, picked, checked, and the home is read through it.
  const own = 'http://localhost:8080';
  await input.fill(`${own}/ipfs/`);
  await switchTo.click();
  await expect(input).toHaveValue('');
  await expect(pickedRow(page)).toHaveAttribute('data-gateway', own);
  await expect(row(page, own)).toHaveAttribute('data-state', 'ok');
  const reads = recordReads(page);
  await recordLastStatesAgain(chain);
  await expect.poll(() => reads).toContainEqual({ origin: own, status: 200 });
  expect(reads.every((r) => r.origin === own)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('ipfs-smart-gateway:user-gateways'))).toBe(
    JSON.stringify([own]),
  );

  // Switch to another one from the list, then remove the user's own.
  await row(page, API).getByRole('radio').check();
  await expect(pickedRow(page)).toHaveAttribute('data-gateway', API);
  await row(page, own)
    .getByRole('button', { name: `Remove ${own}` })
    .click();
  await expect(row(page, own)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ipfs-smart-gateway:user-gateways'))).toBe(
    '[]',
  );

  // A gateway answering a web page is refused and the fastest one picked again.
  await input.fill(HTML);
  await switchTo.click();
  await expect(row(page, HTML).getByTestId('gateway-status')).toHaveText(
    'unavailable: answered with a web page instead of the file',
  );
  await expect(pickedRow(page)).toHaveAttribute('data-gateway', /:(5001|8080)$/);

  // One that never answers is given up after 10 s: no loader stays.
  await input.fill(HANGING);
  await switchTo.click();
  await expect(row(page, HANGING).getByTestId('gateway-status')).toHaveText('checking…');
  await expect(row(page, HANGING).getByTestId('gateway-status')).toHaveText(
    'unavailable: did not answer within 10 s',
    { timeout: 20_000 },
  );
  await expect(pickedRow(page)).toHaveAttribute('data-gateway', /:(5001|8080)$/);
  await expect(panel(page).getByText('Checking available gateways')).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/gateways-user.png`, fullPage: true });
  for (const origin of [HTML, HANGING]) {
    await row(page, origin)
      .getByRole('button', { name: `Remove ${origin}` })
      .click();
  }
  await expect(panel(page).locator('[data-gateway]')).toHaveCount(4);
});
