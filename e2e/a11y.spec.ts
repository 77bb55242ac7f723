import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { keepOnEveryLoad, keptWalletChoice } from './fixtures/app-storage.ts';
import { XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { EVERY_PATH } from './fixtures/routes.ts';
import {
  ALICE,
  BOB_ED25519,
  DEV_PHRASE,
  openSeededHome,
  saveSeededSetup,
} from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Accessibility: every route through axe-core in both themes, signed out and signed in (a wallet
 * connected, a setup saved and its user signed in), plus the flows that must work with the
 * keyboard alone. A serious or critical violation fails; every finding is kept as an artifact
 * (e2e/artifacts/a11y) so that the results per route can be compared between builds.
 */
const REPORTS = 'e2e/artifacts/a11y';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Finding {
  route: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** axe over the whole page; every finding, serious or not. */
async function scan(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => ({
    route,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

const blocking = (findings: Finding[]) =>
  findings
    .filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => `${f.route}: ${f.rule} (${f.impact}) at ${f.nodes.slice(0, 3).join(', ')}`);

function keep(testInfo: TestInfo, name: string, findings: Finding[]) {
  mkdirSync(REPORTS, { recursive: true });
  const body = JSON.stringify(findings, null, 2);
  writeFileSync(`${REPORTS}/${name}.json`, body);
  return testInfo.attach(`axe-${name}`, { body, contentType: 'application/json' });
}

/** The theme, chosen before the app starts as the toggle would remember it. */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((t) => localStorage.setItem('robonomics-dapp.theme', t), theme);
}

/** Waits until the route drew its heading (a lazy page draws it once its code is loaded). */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Presses Tab until `target` has the focus (at most `limit` times): the keyboard alone. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Scans the route in both themes, switched with the header's toggle as a user would: one load
 * of the route for both (the toggle keeps the new theme for the next route).
 */
async function scanBothThemes(page: Page, path: string, findings: Record<Theme, Finding[]>) {
  for (let i = 0; i < THEMES.length; i += 1) {
    const theme = (await page.locator('html').getAttribute('data-theme')) as Theme;
    findings[theme].push(...(await scan(page, path)));
    if (i === THEMES.length - 1) break;
    const next = theme === 'light' ? 'dark' : 'light';
    await page.getByRole('button', { name: `Switch to ${next} theme` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
  }
}

async function keepBoth(testInfo: TestInfo, name: string, findings: Record<Theme, Finding[]>) {
  for (const theme of THEMES) await keep(testInfo, `${name}-${theme}`, findings[theme]);
}

test('every route signed out passes axe in both themes', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await useTheme(page, 'light');
  const findings: Record<Theme, Finding[]> = { light: [], dark: [] };
  for (const path of EVERY_PATH) {
    await page.goto(`./#${path}`);
    await settle(page);
    await scanBothThemes(page, path, findings);
  }
  await keepBoth(testInfo, 'signed-out', findings);
  expect(blocking([...findings.light, ...findings.dark])).toEqual([]);
});

test('every route signed in passes axe in both themes', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await useTheme(page, 'light');
  await injectPolkadotExtension(page, [{ name: 'Alice', uri: '//Alice', type: 'sr25519' }]);
  await saveSeededSetup(page);
  await keepOnEveryLoad(page, keptWalletChoice('polkadot-js', ALICE));
  const findings: Record<Theme, Finding[]> = { light: [], dark: [] };
  for (const path of EVERY_PATH) {
    await page.goto(`./#${path}`);
    await settle(page);
    await expect(page.getByRole('button', { name: 'Alice' })).toBeVisible();
    await scanBothThemes(page, path, findings);
  }
  await keepBoth(testInfo, 'signed-in', findings);
  expect(blocking([...findings.light, ...findings.dark])).toEqual([]);
});

test('the header popovers and the phone menu pass axe in both themes', async ({
  page,
}, testInfo) => {
  await injectPolkadotExtension(page, [{ name: 'Alice', uri: '//Alice', type: 'sr25519' }]);
  await page.goto('./#/');
  await settle(page);
  const findings: Finding[] = [];
  for (const theme of THEMES) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme)
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    for (const [button, dialog] of [
      ['Local devnet', 'Network'],
      ['Connect wallet', 'Account'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      findings.push(...(await scan(page, `header ${dialog} (${theme})`)));
      await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  findings.push(...(await scan(page, 'phone menu')));
  await keep(testInfo, 'header-popovers', findings);
  expect(blocking(findings)).toEqual([]);
});

test('the devices panel of a signed-in user passes axe in both themes', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await useTheme(page, 'light');
  await openSeededHome(page);
  await page.getByRole('tab', { name: /^Sensors & Detectors/ }).click();
  await expect(page.locator('.uplot').first()).toBeVisible();
  const findings: Finding[] = [];
  findings.push(...(await scan(page, '/telemetry (home, light)')));
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  findings.push(...(await scan(page, '/telemetry (home, dark)')));
  await keep(testInfo, 'telemetry-home', findings);
  expect(blocking(findings)).toEqual([]);
});

test.describe('focus', () => {
  test('lands on the page content after navigating and goes back to the opener after a popover', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('./#/');
    await settle(page);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'New setup',
    });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/rws-setup-new$/);
    await expect(page.locator('#main')).toBeFocused();

    const network = page.getByRole('button', { name: 'Local devnet' });
    await tabTo(page, network);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Network' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Network' })).toBeHidden();
    await expect(network).toBeFocused();
  });

  test('a focused outline is drawn around the focused control', async ({ page }) => {
    await page.goto('./#/');
    await settle(page);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline.style).not.toBe('none');
    expect(Number.parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
  });
});

test.describe('keyboard only', () => {
  test('the buy flow', async ({ page, devnetChain: chain }) => {
    // Accounts of its own (a bid makes the buyer a subscriber), new on every run.
    const buyer = {
      name: 'Keyboard',
      uri: `//Keyboard buyer ${Date.now()}`,
      type: 'sr25519',
    } as const;
    const wallet = await injectPolkadotExtension(page, [buyer]);
    await chain.transfer(chain.pair(buyer.uri).address, 100n * XRT);
    await chain.ensureFreeAuctions(1);
    await page.goto('./#/rws-buy');
    await settle(page);
    const connect = page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' });
    await tabTo(page, connect);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('account-balance')).toContainText('XRT');
    const buy = page.getByRole('button', { name: 'Buy subscription' });
    await tabTo(page, buy);
    await page.keyboard.press('Enter');
    await expect.poll(() => wallet.signedCount()).toBe(1);
    // The transaction's progress is announced: its live region, there from the start, says it.
    await expect(page.locator('[data-tx-status] [role="status"]')).not.toBeEmpty();
  });

  test('adding a user', async ({ page, devnetChain: chain }) => {
    const owner = {
      name: 'Keyboard',
      uri: `//Keyboard owner ${Date.now()}`,
      type: 'sr25519',
    } as const;
    await injectPolkadotExtension(page, [owner]);
    const address = chain.pair(owner.uri).address;
    if (!(await chain.hasSubscription(address))) {
      await chain.transfer(address, 100n * XRT);
      await chain.grantSubscription(address);
    }
    await page.goto('./#/rws-setup-new');
    await settle(page);
    const ownerField = page.getByLabel('Owner address').first();
    await tabTo(page, ownerField);
    await page.keyboard.type(address);
    await expect(page.getByTestId('owner-subscription')).toContainText('Subscription:');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/rws-setup$/);
    const connect = page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).first();
    await tabTo(page, connect);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
    const form = page.getByRole('form', { name: 'Add a user' });
    const user = chain.pair(`//Keyboard user ${Date.now()}`, 'ed25519').address;
    await tabTo(page, form.getByLabel('Account address'));
    await page.keyboard.type(user);
    await page.keyboard.press('Enter');
    // The new list to check before signing takes the focus; its button is a Tab away.
    const review = page.getByTestId('device-list-review');
    await expect(review).toBeFocused();
    await tabTo(page, review.getByRole('button', { name: 'Sign the new list' }));
    await page.keyboard.press('Enter');
    await expect(form.getByText('User list has been updated.')).toBeVisible({ timeout: 30_000 });
    expect(await chain.devices(address)).toContain(user);
  });

  test('toggling a light', async ({ page }) => {
    test.setTimeout(240_000);
    await saveSeededSetup(page);
    await page.goto('./#/telemetry');
    await settle(page);
    const form = page.getByRole('form', { name: 'Sign in as a user' });
    const select = form.getByLabel('Select a user');
    await tabTo(page, select);
    // Typing on a closed select picks the option that starts with the typed text.
    await page.keyboard.type(BOB_ED25519.slice(0, 6));
    await expect(select).toHaveValue(BOB_ED25519);
    await tabTo(page, form.getByLabel('Pass phrase'));
    await page.keyboard.type(`${DEV_PHRASE}//Bob`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible({ timeout: 120_000 });
    const lights = page.getByRole('tab', { name: /^Lighting/ });
    await tabTo(page, lights);
    await page.keyboard.press('Enter');
    const card = page.locator('[data-entity^="light."]').first();
    const state = card.locator('[data-testid^="state-"]');
    const before = (await state.textContent())?.trim();
    await tabTo(page, card.getByRole('switch'));
    await page.keyboard.press('Space');
    await expect(state).not.toHaveText(before ?? '', { timeout: 30_000 });
  });
});
