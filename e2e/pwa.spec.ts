import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { keepNow, keptDeviceList, keptSetups } from './fixtures/app-storage.ts';
import { ALICE } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/** The worker script of the build the stack serves. */
const WORKER_FILE = fileURLToPath(new URL('../apps/web/dist/sw.js', import.meta.url));

// The other specs run with service workers blocked (playwright.config.ts); these need them.
test.use({ serviceWorkers: 'allow' });

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    {
      timeout: 30_000,
    },
  );
}

test('the manifest is linked and valid, with theme colours and icons that load', async ({
  page,
  request,
}) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('./manifest.webmanifest');
  const manifestUrl = new URL(href ?? '', page.url());
  const response = await request.get(manifestUrl.href);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Robonomics Dapp');
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // The start URL is the page itself (hash routes live under it) and lies inside the scope.
  const start = new URL(manifest.start_url, manifestUrl);
  const scope = new URL(manifest.scope, manifestUrl);
  expect(start.href).toBe(new URL('./', page.url()).href);
  expect(start.href.startsWith(scope.href)).toBe(true);

  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(new URL(icon.src, manifestUrl).href);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toContain('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }

  // A browser colour per theme.
  const themeColors = page.locator('meta[name="theme-color"]');
  await expect(themeColors).toHaveCount(2);
  await expect(themeColors.nth(0)).toHaveAttribute('media', '(prefers-color-scheme: light)');
  await expect(themeColors.nth(1)).toHaveAttribute('media', '(prefers-color-scheme: dark)');
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(new URL(touchIcon ?? '', page.url()).href)).status()).toBe(200);
});

test('the worker installs, controls the page and never answers chain, IPFS or other origins', async ({
  page,
}) => {
  const servedByWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker()) servedByWorker.push(response.url());
  });
  await page.goto('./');
  await waitForWorker(page);
  // Loaded again under the worker: the shell and the route chunks come from its cache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('./#/dtwin');
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Twin' })).toBeVisible();
  await expect.poll(() => servedByWorker.some((url) => url.includes('/assets/'))).toBe(true);
  const app = new URL(page.url()).origin;
  expect(servedByWorker.filter((url) => new URL(url).origin !== app)).toEqual([]);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.some((url) => url.includes('index.html'))).toBe(true);
  expect(cached.filter((url) => new URL(url).origin !== app)).toEqual([]);
});

test('offline, the shell still loads and the offline screen says what still works', async ({
  page,
  context,
}) => {
  await page.goto('./');
  await waitForWorker(page);
  // What a returning user has on this device: a saved setup and a device list from 5 min ago.
  await keepNow(page, {
    ...keptSetups([{ owner: ALICE, name: 'Sunny Home', network: 'local' }]),
    ...keptDeviceList('ws://127.0.0.1:9944', ALICE, ['a', 'b', 'c'], Date.now() - 5 * 60_000),
  });

  await context.setOffline(true);
  await page.goto('./#/rws-setup');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your setup' })).toBeVisible();
  const screen = page.getByTestId('offline-screen');
  await expect(screen.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(screen).toContainText('1 saved setup: Sunny Home');
  await expect(screen).toContainText(`Device list of ${ALICE}: 3 devices, saved 5 minutes ago.`);
  await expect(screen.getByRole('heading', { name: 'Needs a connection' })).toBeVisible();
  await expect(screen).toContainText('Controlling devices and live telemetry');
  // A route chunk loaded on demand comes from the worker's cache too.
  await page.goto('./#/dtwin');
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Twin' })).toBeVisible();

  // Back online (here the browser only reaches this machine, where the parachain runs), the
  // open app connects by itself, without a reload, and the offline screen goes away.
  await context.setOffline(false);
  await expect(screen).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Twin' })).toBeVisible();
});

test('a network that leads nowhere while the browser says it is online still shows the offline screen', async ({
  page,
  context,
}) => {
  // Wi-Fi without internet, a captive portal: the browser keeps saying it is online.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
  });
  await page.goto('./');
  await waitForWorker(page);
  await context.setOffline(true);
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  const screen = page.getByTestId('offline-screen');
  await expect(screen.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(screen).toHaveCount(0, { timeout: 15_000 });
});

/** The endpoint the worker keeps for the first reads of the next visits (its IndexedDB records). */
function toldEndpoint(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('robonomics-dapp-reminders');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) return resolve(null);
          const read = db.transaction('state').objectStore('state').get('first-reads-endpoint');
          read.onsuccess = () => resolve(read.result ?? null);
          read.onerror = () => resolve(null);
        };
      }),
  );
}

test('a first visit registers the worker only once the first values are in', async ({ page }) => {
  // The node answers 1.5 s late: the page is loaded and idle long before the price can be shown,
  // and the worker's install (every file of the app) must not share that time with the answers.
  const HELD_MS = 1_500;
  await page.routeWebSocket('ws://127.0.0.1:9944/', (socket) => {
    const node = socket.connectToServer();
    node.onMessage((message) => setTimeout(() => socket.send(message), HELD_MS));
  });
  await page.goto('./#/');
  await waitForWorker(page);
  const { firstValues, registration } = await page.evaluate(() => ({
    firstValues: performance.getEntriesByName('first-data:first-storage')[0]?.startTime,
    registration: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/register-worker-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(firstValues).toBeGreaterThan(HELD_MS);
  expect(registration).toBeGreaterThan(firstValues as number);
});

test('a later visit shows the price from the first reads the worker started with the navigation', async ({
  page,
}) => {
  const price = page.getByTestId('subscription-price');
  await page.goto('./#/');
  await waitForWorker(page);
  await expect(price).toHaveText('~ 1 XRT');
  // The page named its endpoint, the usual one; a ?rpc= link the user has not accepted is not.
  await expect.poll(() => toldEndpoint(page)).toBe('ws://127.0.0.1:9944');
  await page.goto('./?rpc=ws%3A%2F%2Flocalhost%3A9944#/');
  await expect(page.getByRole('region', { name: 'Endpoint from link' })).toBeVisible();
  expect(await toldEndpoint(page)).toBe('ws://127.0.0.1:9944');

  // Every answer of the node on the page's own sockets now comes 4 s late; the worker's socket
  // is not the page's and is not held.
  const HELD_MS = 4_000;
  await page.routeWebSocket('ws://127.0.0.1:9944/', (socket) => {
    const node = socket.connectToServer();
    node.onMessage((message) => setTimeout(() => socket.send(message), HELD_MS));
  });
  const started = Date.now();
  await page.goto('./#/');
  await expect(price).toHaveText('~ 1 XRT', { timeout: HELD_MS - 1_000 });
  expect(Date.now() - started).toBeLessThan(HELD_MS - 1_000);
  expect(
    await page.evaluate(() => performance.getEntriesByName('first-data:worker-answers').length),
  ).toBe(1);
  await expect(page.getByTestId('available-subscriptions')).toHaveText(/^\d+$/);
});

test('a new build shows "Update available" and Reload switches to it', async ({ page }) => {
  await page.goto('./');
  await waitForWorker(page);
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
  );
  expect(firstWorker).toMatch(/\/sw\.js$/);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // "Deploy" a new build: the served worker script now lists another revision of the shell.
  // (The browser fetches worker scripts itself, past any request routing, so the test changes
  // the file the stack serves, and puts it back afterwards.)
  const original = readFileSync(WORKER_FILE, 'utf8');
  // The precache list entry of index.html, whichever order its keys are written in.
  const changed = original.replace(/\{[^{}]*"?url"?:"index\.html"[^{}]*\}/, (entry) =>
    entry.replace(/("?revision"?:")[0-9a-f]+"/, '$1new-build-for-the-test"'),
  );
  expect(changed).not.toBe(original);
  try {
    writeFileSync(WORKER_FILE, changed);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('Update available', { timeout: 30_000 });
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
  } finally {
    writeFileSync(WORKER_FILE, original);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // The new worker took over and nothing waits any more.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: !!navigator.serviceWorker.controller,
      };
    }),
  ).toEqual({ waiting: null, controlled: true });
});
