import type { Page } from '@playwright/test';
import { Keyring } from '@polkadot/keyring';
import type { DevnetChain } from './fixtures/devnet-chain.ts';
import { keyDbKeys } from './fixtures/key-db.ts';
import {
  ALICE,
  BOB_ED25519,
  blockPeerPaths,
  CONTROLLER,
  CONTROLLER_PHRASE,
  closeControlPanels,
  DEV_PHRASE,
  markDocument,
  openSeededPanel,
  sameDocument,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * The devices page opens on the user's devices: the first card's main control on screen at
 * once, the home kept on this device shown before the network answers, a home that has not
 * published yet shown as soon as it does, the plumbing one tap away behind its chips (and open
 * by itself when something is wrong), and one status and one toast per command.
 */

test.beforeAll(async ({ devnetChain: chain }) => {
  await payForSeededHome(chain);
});

const home = (page: Page) => page.getByRole('region', { name: 'Home' });
const chip = (page: Page, name: string) => page.locator(`[data-chip="${name}"]`);

/** Signs Bob in with "Keep me signed in": the key, the config and the states stay on this device. */
async function keepBobSignedIn(page: Page) {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`, { keep: true });
  await expect(home(page).locator('[data-entity]').first()).toBeVisible({ timeout: 120_000 });
  // The states this visit saw are kept (encrypted) for the next one.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('hastates:'))),
    )
    .toBe(true);
}

/** Where the first row of cards' main controls are, and whether each is inside the viewport. */
async function firstRow(page: Page) {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('#root .device-columns > .masonry-item'));
    const top = Math.min(...items.map((i) => i.getBoundingClientRect().top));
    const row = items
      .filter((i) => Math.abs(i.getBoundingClientRect().top - top) < 2)
      .map((item) => {
        const control =
          item.querySelector('.main-control') ??
          item.querySelector('[data-entity] :is(button, [role="switch"], select, input)');
        const box = (control ?? item).getBoundingClientRect();
        return {
          top: Math.round(box.top + window.scrollY),
          inView: box.top >= 0 && box.bottom <= window.innerHeight,
        };
      });
    return { row, cards: items.length };
  });
}

/**
 * The next visit's network: no peer-to-peer (the relay is away) and the gateways answer 4 s
 * late, so live data can come only after them.
 */
async function slowNetwork(page: Page) {
  await blockPeerPaths(page, { relay: true });
  await page.route(/127\.0\.0\.1:(5001|808\d)\/ipfs\//, async (route) => {
    await new Promise((r) => setTimeout(r, 4_000));
    await route.continue().catch(() => {});
  });
}

test('the home sealed on this device opens without the kept envelopes, and goes with the key', async ({
  page,
}) => {
  await keepBobSignedIn(page);
  await expect
    .poll(() => keyDbKeys(page, 'home-views'))
    .toEqual([expect.stringMatching(/^4Gvn.* ws:/)]);
  // The next visit: the kept envelopes are gone, and the network slow. The home shows at once
  // all the same, from the view sealed with the kept key's device key.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (/^ha(states|update):/.test(key)) localStorage.removeItem(key);
    }
  });
  await slowNetwork(page);
  await page.reload();
  await expect(home(page)).toHaveAttribute('data-live', 'false', { timeout: 3_000 });
  await expect(home(page).locator('[data-entity]').first()).toBeVisible();
  await expect(chip(page, 'datalog')).toHaveText(/^As of \S/);

  // Forgetting the key takes the view with it (a plain "Sign out" is in saved-keys.spec.ts).
  await page
    .getByTestId('signed-in-user')
    .getByRole('button', { name: 'Sign out and forget the keys kept on this device' })
    .click();
  await expect(home(page)).toBeHidden();
  expect(await keyDbKeys(page, 'home-views')).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the page as last seen is painted before the app runs, out of reach, and goes for the app’s own', async ({
  page,
}) => {
  await keepBobSignedIn(page);
  // The view kept with the page's markup: sealed, so no device's name is readable at rest.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('robonomics-dapp');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const views = await new Promise<{ markup?: { sealed: ArrayBuffer } }[]>((resolve) => {
          const all = db.transaction('home-views').objectStore('home-views').getAll();
          all.onsuccess = () => resolve(all.result);
        });
        db.close();
        const markup = views[0]?.markup?.sealed;
        return markup ? new TextDecoder('latin1').decode(markup).includes('data-entity') : null;
      }),
    )
    .toBe(false);
  // The next visit, with the app's own code held back 2 s: the page's first script paints the
  // home from the snapshot alone.
  const held: string[] = [];
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    held.push(route.request().url());
    await new Promise((r) => setTimeout(r, 2_000));
    released = true;
    await route.continue().catch(() => {});
  });
  // (Not until 'load': that waits for the scripts held back.)
  await page.reload({ waitUntil: 'commit' });
  const preview = page.locator('#home-preview');
  await expect(preview.locator('[data-entity]').first()).toBeVisible({ timeout: 1_500 });
  // The app's code was asked for and has not arrived: nothing of the app has run yet.
  expect(held.length).toBeGreaterThan(0);
  expect(released).toBe(false);
  expect(await page.locator('#root').innerHTML()).toBe('');
  await expect(preview).toHaveAttribute('inert', '');
  await expect(preview).toHaveAttribute('aria-hidden', 'true');
  await expect(preview.locator('section[aria-label="Home"]')).toHaveAttribute('data-live', 'false');
  // Its status chips say it is a picture of the past: none reports a state, the datalog's says
  // how old the picture is.
  const paintedChips = preview.locator('.status-chip');
  await expect(paintedChips.filter({ hasText: /^As of \S/ })).toHaveCount(1);
  const states = await paintedChips.evaluateAll((chips) =>
    chips.map((chip) => chip.getAttribute('data-state')),
  );
  expect(states.length).toBeGreaterThan(1);
  expect(new Set(states)).toEqual(new Set(['busy']));
  await expect(preview.locator('.status-chip svg')).toHaveCount(0);
  // Nothing in it for a test, a label or a script to find twice.
  expect(await preview.locator('[id], [data-testid], [data-chip], script').count()).toBe(0);
  await page.screenshot({ path: `${SCREENS}/home-painted-before-app.png` });
  // The app's own home replaces it.
  await expect(home(page).locator('[data-entity]').first()).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`a returning user at ${width}×${height} sees the first card's main control on load`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await keepBobSignedIn(page);
    await page.reload();
    await expect(home(page).locator('[data-entity]').first()).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const { row, cards } = await firstRow(page);
    // On a phone one card per row; at 1280 px four columns (fewer when the tab has fewer cards).
    expect(row.length).toBe(Math.min(width === 390 ? 1 : 4, cards));
    for (const card of row)
      expect(card, `a main control at ${card.top} px`).toMatchObject({ inView: true });
    // The plumbing is one tap away: every chip's panel is closed while all is well.
    for (const name of ['connection', 'subscription', 'datalog', 'ipfs']) {
      await expect(chip(page, name)).toHaveAttribute('aria-expanded', 'false');
    }
    await page.screenshot({ path: `${SCREENS}/home-first-${width}.png` });
  });
}

test('the kept home is shown before the network answers, then goes live in place', async ({
  page,
}) => {
  await keepBobSignedIn(page);
  await slowNetwork(page);
  await page.reload();
  await expect(home(page)).toHaveAttribute('data-live', 'false', { timeout: 3_000 });
  await expect(chip(page, 'datalog')).toHaveText(/^As of \S/);
  const card = home(page).locator('[data-entity]').first();
  await expect(card).toBeVisible();
  const before = await card.boundingBox();
  await page.screenshot({ path: `${SCREENS}/home-kept.png` });

  // Live data replaces it without moving the card.
  await expect(home(page)).toHaveAttribute('data-live', 'true', { timeout: 30_000 });
  await expect(chip(page, 'datalog')).toHaveText('Datalog');
  expect(await card.boundingBox()).toEqual(before);
});

test('a chip opens its panel, and an unhealthy chip opens its own and says what to do', async ({
  page,
}) => {
  // The relay is away: peer-to-peer fails and commands go through the parachain.
  await blockPeerPaths(page, { relay: true });
  await openSeededPanel(page);
  const connection = chip(page, 'connection');
  await expect(connection).toHaveAttribute('data-state', 'bad', { timeout: 45_000 });
  await expect(connection).toHaveText('Peer-to-peer failed');
  await expect(connection).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Connection' });
  await expect(panel.getByTestId('connection-note')).toBeVisible();
  await expect(panel).toContainText('press Reconnect to try peer-to-peer again');
  await expect(panel.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  // Closed by the user, it stays closed.
  await connection.click();
  await expect(panel).toBeHidden();
  await expect(connection).toHaveAttribute('aria-expanded', 'false');

  // A healthy chip opens its panel on a tap, and closes it again.
  const datalog = chip(page, 'datalog');
  await expect(datalog).toHaveAttribute('data-state', 'ok');
  await datalog.click();
  await expect(datalog).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Download config' })).toBeVisible();
  await datalog.click();
  await expect(page.getByRole('button', { name: 'Download config' })).toBeHidden();
  // A tap elsewhere closes an open panel too, and Escape does from the keyboard, back on its chip.
  await datalog.click();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(datalog).toHaveAttribute('aria-expanded', 'false');
  await datalog.click();
  await page.getByRole('button', { name: 'Download config' }).focus();
  await page.keyboard.press('Escape');
  await expect(datalog).toHaveAttribute('aria-expanded', 'false');
  await expect(datalog).toBeFocused();
});

test('no gateway answering: the IPFS chip says so and opens its panel by itself', async ({
  page,
}) => {
  await page.route(/127\.0\.0\.1:(5001|808\d)\/ipfs\//, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html>502</html>' }),
  );
  await blockPeerPaths(page, { relay: true });
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  const ipfs = chip(page, 'ipfs');
  await expect(ipfs).toHaveAttribute('data-state', 'bad', { timeout: 45_000 });
  await expect(ipfs).toHaveText('No IPFS gateway');
  await expect(ipfs).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'IPFS' }).getByRole('alert')).toHaveText(
    'No available gateways found. Try adding your custom gateway or wait.',
  );
  await page.screenshot({ path: `${SCREENS}/home-chip-ipfs-failing.png` });
});

test('one status on the card and one toast per command, updated in place', async ({ page }) => {
  // Through the parachain: the command's messages are several steps, each replacing the last.
  await blockPeerPaths(page, { relay: true });
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: { most: number; texts: string[] } };
    w.__toasts = { most: 0, texts: [] };
    const steps = ['Launch command', 'Authorization on ipfs node', 'Send launch', 'Launch sended'];
    new MutationObserver(() => {
      const shown = Array.from(document.querySelectorAll('.toast > span'))
        .map((t) => t.textContent ?? '')
        .filter((t) => steps.includes(t));
      w.__toasts.most = Math.max(w.__toasts.most, shown.length);
      for (const t of shown) if (!w.__toasts.texts.includes(t)) w.__toasts.texts.push(t);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await openSeededPanel(page);
  await expect(chip(page, 'connection')).toHaveText('Peer-to-peer failed', { timeout: 45_000 });
  await closeControlPanels(page);
  await home(page)
    .getByRole('tab', { name: /^Switches & Outlets/ })
    .click();
  const card = home(page).locator('[data-entity^="switch."]').first();
  const state = card.locator('[data-testid^="state-"]');
  const before = (await state.textContent())?.trim() ?? '';
  await card.getByRole('switch').click();
  const status = card.getByRole('status');
  await expect(status).toHaveText('Waiting for request complete');
  // "All done!" once the launch ran; the new state may arrive before the next look, when the
  // status already says both.
  await expect(status).toHaveText(/^All done!/, { timeout: 30_000 });
  await expect(state).not.toHaveText(before, { timeout: 30_000 });
  await expect(status).toHaveText('All done! The new state has arrived.');
  await expect(card.getByRole('status')).toHaveCount(1);
  const seen = await page.evaluate(
    () => (window as unknown as { __toasts: { most: number; texts: string[] } }).__toasts,
  );
  // The steps were said in one toast that changed its text (steps of the same moment are
  // painted as the last of them), ending with the result.
  expect(seen.texts).toContain('Send launch');
  expect(seen.texts.at(-1)).toBe('Launch sended');
  expect(seen.most).toBe(1);
});

/** Compact<u64> as SCALE hex without 0x. */
const compact = (chain: DevnetChain, n: number) =>
  Buffer.from(chain.api.createType('Compact<u64>', n).toU8a()).toString('hex');

/** The controller's datalog made empty (as before its first record); returns what restores it. */
async function hideDatalog(chain: DevnetChain): Promise<{ key: string; start: number }> {
  const key = chain.api.query.datalog.datalogIndex.key(CONTROLLER);
  const index = (await chain.api.query.datalog.datalogIndex(CONTROLLER)) as unknown as {
    start: { toNumber(): number };
    end: { toNumber(): number };
  };
  const end = index.end.toNumber();
  await chain.setStorage([[key, `0x${compact(chain, end)}${compact(chain, end)}`]]);
  return { key, start: index.start.toNumber() };
}

/** Gives the controller its datalog back, with whatever it recorded since. */
async function restoreDatalog(chain: DevnetChain, { key, start }: { key: string; start: number }) {
  const index = (await chain.api.query.datalog.datalogIndex(CONTROLLER)) as unknown as {
    end: { toNumber(): number };
  };
  await chain.setStorage([
    [key, `0x${compact(chain, start)}${compact(chain, index.end.toNumber())}`],
  ]);
}

/** The controller's newest twin: the one its config topic is on. */
async function controllerTwin(chain: DevnetChain): Promise<number> {
  const owners = await chain.api.query.digitalTwin.owner.entries();
  const ids = owners
    .filter(([, owner]) => chain.keyring.encodeAddress(owner.toString(), 32) === CONTROLLER)
    .map(([key]) => Number((key.args[0] as unknown as { toNumber(): number }).toNumber()));
  return Math.max(...ids);
}

/** The controller's last datalog record (its states file), read before it is hidden. */
async function lastRecord(chain: DevnetChain): Promise<string> {
  const index = (await chain.api.query.datalog.datalogIndex(CONTROLLER)) as unknown as {
    end: { toNumber(): number };
  };
  const slot = (index.end.toNumber() + 127) % 128;
  const item = (await chain.api.query.datalog.datalogItem([CONTROLLER, slot])) as unknown as [
    unknown,
    { toUtf8(): string },
  ];
  return item[1].toUtf8();
}

test('a home that has not published yet shows as soon as its first record lands, no reload', async ({
  page,
  devnetChain: chain,
}) => {
  const record = await lastRecord(chain);
  const hidden = await hideDatalog(chain);
  try {
    // No peer-to-peer: the home can come only with the record.
    await blockPeerPaths(page, { relay: true });
    await openUnpublished(page);
    // The controller records its states: the page shows the home by itself.
    const controllerPair = new Keyring({ ss58Format: 32 }).addFromUri(
      CONTROLLER_PHRASE,
      {},
      'ed25519',
    );
    await chain.send(
      chain.api.tx.rws.call(ALICE, chain.api.tx.datalog.record(record)),
      controllerPair,
    );
    await expect(home(page).locator('[data-entity]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('home-unpublished')).toBeHidden();
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await restoreDatalog(chain, hidden);
  }
});

test('a home that has not published yet shows as soon as its config is on its twin, peer-to-peer', async ({
  page,
  devnetChain: chain,
}) => {
  const twinKey = chain.api.query.digitalTwin.digitalTwin.key(await controllerTwin(chain));
  const twin = await chain.storage(twinKey);
  const hidden = await hideDatalog(chain);
  try {
    // Before the first publication the twin names no config either.
    await chain.setStorage([[twinKey, '0x00']]);
    await blockPeerPaths(page, { relay: false });
    await openUnpublished(page);
    // The config lands on the twin: the page reads it, dials the home, and the home's proxy
    // sends its states, with no datalog record yet.
    await chain.setStorage([[twinKey, twin]]);
    await expect(home(page).locator('[data-entity]').first()).toBeVisible({ timeout: 30_000 });
    await expect(chip(page, 'connection')).toHaveText('Libp2p');
    expect(await sameDocument(page)).toBe(true);
  } finally {
    await chain.setStorage([[twinKey, twin]]);
    await restoreDatalog(chain, hidden);
  }
});

/** Opens the page for Bob while the home has not published: it says what it waits for. */
async function openUnpublished(page: Page) {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  const waiting = page.getByTestId('home-unpublished');
  await expect(waiting).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toContainText('The controller has not published any telemetry yet.');
  await expect(waiting).toContainText('The home appears here as soon as one arrives.');
  await expect(home(page)).toHaveCount(0);
  await markDocument(page);
  await page.screenshot({ path: `${SCREENS}/home-unpublished.png` });
}
