import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { keepNow, keptSetups } from './fixtures/app-storage.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

mkdirSync(SCREENS, { recursive: true });

const RELEASES_URL = 'http://127.0.0.1:8788/repos/airalab/robonomics.app/releases/latest';

/** Every route (docs/product-rules.md, Routes) with its document title and its page heading. */
const routes: { path: string; title: string; heading: string }[] = [
  { path: '/', title: 'Dashboard', heading: 'Dashboard' },
  { path: '/rws-buy', title: 'Buy a Subscription', heading: 'Buy a Subscription' },
  { path: '/rws-setup', title: 'Setup a Subscription', heading: 'Your setup' },
  { path: '/rws-setup-new', title: 'New Subscription setup', heading: 'New Subscription setup' },
  {
    path: '/rws-subscription',
    title: 'New Subscription renewal setup',
    heading: 'New Subscription renewal setup',
  },
  { path: '/telemetry', title: 'Devices control panel', heading: 'Devices control panel' },
  { path: '/hardware/altruist', title: 'Altruist', heading: 'Altruist' },
  { path: '/hardware/riscv', title: 'Riscv', heading: 'Riscv' },
  { path: '/hardware/hikikomori', title: 'Hikikomori', heading: 'Hikikomori' },
  { path: '/hardware/energy-monitor', title: 'Energy Monitor', heading: 'Energy Monitor' },
  { path: '/hardware/season-pass', title: 'Season Pass', heading: 'Your season pass 2024-2025' },
  { path: '/hardware/season-pass-2', title: 'Season Pass 2', heading: 'Season pass' },
  {
    path: '/humanoid',
    title: 'Pay the robot with cryptocurrency',
    heading: 'Pay the robot with cryptocurrency',
  },
  { path: '/altruist', title: 'Altruist', heading: 'Altruist' },
  {
    path: '/altruist/4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G',
    title: 'Altruist',
    heading: 'Altruist',
  },
  { path: '/energy-monitor', title: 'Energy', heading: 'Energy' },
  { path: '/dtwin', title: 'Digital Twin', heading: 'Digital Twin' },
  { path: '/save-setup', title: 'Save setup', heading: 'Save setup' },
];

function screenName(path: string): string {
  return path === '/' ? 'dashboard' : path.slice(1).replaceAll('/', '_');
}

async function open(page: Page, path: string) {
  await page.goto(`./#${path}`);
}

test.describe('app shell', () => {
  for (const route of routes) {
    test(`renders ${route.path} with its title`, async ({ page }) => {
      await open(page, route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveTitle(`${route.title} / Robonomics Dapp`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${route.title} / Robonomics Dapp`,
      );
      await page.screenshot({ path: `${SCREENS}/${screenName(route.path)}.png`, fullPage: true });
    });
  }

  test('the top navigation links lead to their pages', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links: [string, string, string][] = [
      ['Buy/renew a subscription', '#/rws-buy', 'Buy a Subscription'],
      ['New setup', '#/rws-setup-new', 'New Subscription setup'],
      ['Your setup', '#/rws-setup', 'Setup a Subscription'],
      ['Devices & Control', '#/telemetry', 'Devices control panel'],
    ];
    for (const [label, hash, title] of links) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${hash.replace('/', '\\/')}$`));
      await expect(page).toHaveTitle(`${title} / Robonomics Dapp`);
    }
    await page.getByRole('link', { name: 'Robonomics Dapp home' }).click();
    await expect(page).toHaveTitle('Dashboard / Robonomics Dapp');
  });

  test('"Your setups" is plural when more than one setup is saved', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('link', { name: 'Your setup', exact: true })).toBeVisible();
    await keepNow(
      page,
      keptSetups([
        { owner: 'a', name: 'Home', network: 'polkadot' },
        { owner: 'b', name: 'Office', network: 'kusama' },
      ]),
    );
    await page.reload();
    await expect(page.getByRole('link', { name: 'Your setups', exact: true })).toBeVisible();
  });

  test('navigation works by keyboard and in a 375 px wide window', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'New setup' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveTitle('New Subscription setup / Robonomics Dapp');
    await expect(nav).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/mobile-375.png`, fullPage: true });
  });

  test('unknown paths show the not-found page with a way home', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found / Robonomics Dapp');
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/not-found.png`, fullPage: true });
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveTitle('Dashboard / Robonomics Dapp');
  });

  test('/v0/* and the not-found link go to the previous version, keeping the route', async ({
    page,
  }) => {
    await page.route('https://v0.dapp.robonomics.network/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Previous version</h1>' }),
    );
    await open(page, '/v0/rws-buy');
    await page.waitForURL('https://v0.dapp.robonomics.network/#/rws-buy');

    await open(page, '/old-page');
    await page
      .getByRole('link', { name: 'Look for it in the previous version of the app' })
      .click();
    await page.waitForURL('https://v0.dapp.robonomics.network/#/old-page');
  });

  test('the footer shows the latest release from the releases endpoint', async ({ page }) => {
    await open(page, '/');
    const line = page.getByTestId('latest-release');
    await expect(line).toHaveText('Latest release: v0.10.0 Robonomics Dapp (local devnet)');
    await expect(line.getByRole('link')).toHaveAttribute(
      'href',
      'https://github.com/airalab/robonomics.app/releases/tag/v0.10.0',
    );
    for (const group of ['Services', 'Tokenomics', 'Tools', 'Help']) {
      await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Substrate Portal' })).toHaveAttribute(
      'href',
      'https://polkadot.js.org/apps/?rpc=ws%3A%2F%2F127.0.0.1%3A9944#/explorer',
    );
  });

  test('the footer says the release could not be loaded when the endpoint is down', async ({
    page,
  }) => {
    await page.route(RELEASES_URL, (route) => route.abort('connectionrefused'));
    await open(page, '/');
    await expect(page.getByTestId('latest-release')).toHaveText(
      'Latest release: could not be loaded',
    );
    await expect(page.getByTestId('latest-release')).not.toContainText('undefined');
  });

  test('the footer treats a non-2xx answer as a failure', async ({ page }) => {
    await page.route(RELEASES_URL, (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"rate"}' }),
    );
    await open(page, '/');
    await expect(page.getByTestId('latest-release')).toHaveText(
      'Latest release: could not be loaded',
    );
  });

  test('the footer says the releases API sent too much rather than reading it', async ({
    page,
  }) => {
    let asked = 0;
    await page.route(RELEASES_URL, (route) => {
      asked += 1;
      return route.fulfill({
        contentType: 'application/json',
        // A release whose notes alone are 2 MB: more than the app reads (1 MB).
        body: JSON.stringify({
          html_url: 'https://github.com/airalab/robonomics.app/releases/tag/v9.9.9',
          name: 'Huge',
          tag_name: 'v9.9.9',
          body: 'n'.repeat(2 * 1024 * 1024),
        }),
      });
    });
    await open(page, '/');
    await expect(page.getByTestId('latest-release')).toHaveText(
      'Latest release: could not be loaded (the releases API sent more than a release can be)',
    );
    // The same answer again would be as large: asked once.
    expect(asked).toBe(1);
  });

  test('the three lazy pages load their own chunks on demand', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const match = request.url().match(/assets\/(\w+Page)-[\w-]+\.js$/);
      if (match?.[1]) chunks.push(match[1]);
    });
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(chunks).toEqual([]);
    await open(page, '/dtwin');
    await expect(page.getByRole('heading', { level: 1, name: 'Digital Twin' })).toBeVisible();
    await open(page, '/altruist');
    await expect(page.getByRole('heading', { level: 1, name: 'Altruist' })).toBeVisible();
    await open(page, '/energy-monitor/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Energy' })).toBeVisible();
    expect(chunks.sort()).toEqual(['AltruistPage', 'DigitalTwinPage', 'EnergyMonitorPage']);
  });

  test('a chunk that fails to load shows a retry state, and Retry loads it', async ({ page }) => {
    await page.route(/assets\/DigitalTwinPage-[\w-]+\.js$/, (route) => route.abort('failed'));
    await open(page, '/dtwin');
    await expect(
      page.getByRole('heading', { name: 'This part of the app failed to load' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/chunk-load-error.png` });
    await page.unroute(/assets\/DigitalTwinPage-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Digital Twin' })).toBeVisible();
  });

  test('a ?rpc= endpoint is shown and saved only when accepted', async ({ page }) => {
    await page.goto('./?rpc=wss%3A%2F%2Fkusama.rpc.robonomics.network%2F#/rws-buy');
    const banner = page.getByRole('region', { name: 'Endpoint from link' });
    await expect(banner).toContainText('wss://kusama.rpc.robonomics.network/');
    expect(await page.evaluate(() => localStorage.getItem('rpc-parachain'))).toBeNull();
    // Until accepted, the app stays on the usual endpoint.
    await expect(page.getByRole('button', { name: 'Local devnet' }).first()).toBeVisible();
    await banner.getByRole('button', { name: 'Connect to this endpoint' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('rpc-parachain'))).toBe(
      'wss://kusama.rpc.robonomics.network/',
    );
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:5173\/#\/rws-buy$/);
    await expect(page.getByRole('button', { name: 'Kusama' })).toBeVisible();
  });

  test('a ?rpc= link naming the saved endpoint asks nothing', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('rpc-parachain', 'ws://127.0.0.1:9944'));
    await page.goto('./?rpc=ws%3A%2F%2F127.0.0.1%3A9944#/rws-buy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Local devnet', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:5173\/#\/rws-buy$/);
    await expect(page.getByRole('region', { name: 'Endpoint from link' })).toHaveCount(0);
  });

  test('a rejected ?rpc= is reported and the usual endpoint is kept', async ({ page }) => {
    await page.goto('./?rpc=javascript%3Aalert(1)#/');
    await expect(page.getByRole('alert')).toContainText(
      'The endpoint must be a ws:// or wss:// address.',
    );
    await expect(page.getByRole('button', { name: 'Local devnet' })).toBeVisible();
  });

  test('the endpoint switcher validates a custom URL and remembers the choice', async ({
    page,
  }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Local devnet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Network' });
    await dialog.getByLabel('Custom endpoint').fill('https://not-a-websocket.example');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The endpoint must be a ws:// or wss:// address.',
    );
    await dialog.getByLabel('Custom endpoint').fill('wss://node.example.org/rpc');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('button', { name: 'Custom' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Custom' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('rpc-parachain'))).toBe(
      'wss://node.example.org/rpc',
    );
  });

  test('light and dark themes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: `${SCREENS}/dashboard-dark.png`, fullPage: true });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
