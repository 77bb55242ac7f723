import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { EVERY_PATH } from './fixtures/routes.ts';
import { openSeededHome } from './fixtures/seeded-home.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * Every screen at phone width (390×844, touch): nothing scrolls sideways, the controls of the
 * home are touch targets of at least 44×44 px, the header menu opens by touch and by keyboard.
 * A screenshot of every route is kept in e2e/artifacts/screens/mobile (and attached to the run).
 */
const PHONE = { width: 390, height: 844 };
const MIN_TARGET = 44;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const fileName = (path: string) =>
  path === '/'
    ? 'dashboard'
    : path
        .slice(1)
        .replace(/[^a-z0-9-]+/gi, '_')
        .slice(0, 60);

/** How far the page reaches past the screen's right edge, and the widest offenders. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    const offenders = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`);
    return { extra, offenders };
  });
}

test('no route scrolls sideways at phone width', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  mkdirSync(`${SCREENS}/mobile`, { recursive: true });
  const problems: string[] = [];
  for (const path of EVERY_PATH) {
    await page.goto(`./#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { extra, offenders } = await overflow(page);
    if (extra > 0) problems.push(`${path}: ${extra}px wider (${offenders.join(', ')})`);
    const file = `${SCREENS}/mobile/${fileName(path)}.png`;
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`phone ${path}`, { path: file, contentType: 'image/png' });
  }
  expect(problems).toEqual([]);
});

test('the header menu opens by touch and by keyboard and leads to the page', async ({ page }) => {
  await page.goto('./#/');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();

  await menuButton.tap();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'New setup' }).tap();
  await expect(page).toHaveURL(/#\/rws-setup-new$/);
  await expect(nav).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/rws-buy$/);
  await expect(nav).toBeHidden();
  // The new page takes the focus once it has rendered (its chunk may still be on its way): a
  // menu opened before that would close as the focus leaves the header.
  await expect(page.locator('#main')).toBeFocused();
  // Closed again with the keyboard alone.
  await menuButton.focus();
  await page.keyboard.press('Space');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Space');
  await expect(nav).toBeHidden();
  // Escape closes it from within, focus back on its button; a tap outside closes it too.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.tap();
  await expect(nav).toBeVisible();
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(nav).toBeHidden();
});

test('the header popovers open within the screen', async ({ page }) => {
  await page.goto('./#/');
  for (const [button, dialog] of [
    ['Local devnet', 'Network'],
    ['Connect wallet', 'Account'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).tap();
    const panel = page.getByRole('dialog', { name: dialog });
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x, `${dialog} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${dialog} right edge`).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});

test('the home fits the phone and its controls are touch targets', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await openSeededHome(page);
  const tabs = page.getByRole('tablist', { name: 'Groups' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  // The gateway check settles first: a tap must not land while the chips above change.
  await expect(page.locator('[data-chip="ipfs"]')).toHaveAttribute('data-state', 'ok', {
    timeout: 20_000,
  });
  const small: string[] = [];
  const sideways: string[] = [];
  for (let i = 0; i < (await tabs.count()); i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? `tab ${i}`;
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const sizes = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll(
          '[data-entity] :is(button, select, input, [role="switch"], [role="slider"], a[href])',
        ),
      )
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => {
          // A checkbox or radio inside its label is tapped through the whole label.
          const wrapping = el.matches('input') ? el.closest('label') : null;
          const box = (wrapping ?? el).getBoundingClientRect();
          const entity = el.closest('[data-entity]')?.getAttribute('data-entity');
          const label =
            el.getAttribute('aria-label') ?? (wrapping ?? el).textContent?.trim() ?? el.tagName;
          return { entity, label, width: box.width, height: box.height };
        }),
    );
    for (const s of sizes) {
      if (s.width < MIN_TARGET || s.height < MIN_TARGET)
        small.push(`${s.entity} "${s.label}": ${Math.round(s.width)}×${Math.round(s.height)}`);
    }
    const { extra, offenders } = await overflow(page);
    if (extra > 0) sideways.push(`${name}: ${extra}px wider (${offenders.join(', ')})`);
    const file = `${SCREENS}/mobile/telemetry-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`phone home ${name}`, { path: file, contentType: 'image/png' });
  }
  expect(sideways).toEqual([]);
  expect(small, `controls smaller than ${MIN_TARGET}×${MIN_TARGET} px`).toEqual([]);
});
