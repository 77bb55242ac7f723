import type { Page } from '@playwright/test';
import { EVERY_PATH } from './fixtures/routes.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Emoji and pictographs (Unicode Extended_Pictographic), the Miscellaneous Symbols block (☰ ☾ …)
 * and the emoji presentation selector: glyphs many system fonts lack, which then show as empty
 * boxes. The app draws its icons as inline SVG instead.
 */
const PICTOGRAPHIC = /\p{Extended_Pictographic}|[\u{2600}-\u{26FF}]|\u{FE0F}/gu;

/** The page's text as rendered, including hidden parts (closed menus) and CSS-generated text. */
function renderedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.textContent ?? ''];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of ['::before', '::after', '::marker']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content && content !== 'none' && content !== 'normal') parts.push(content);
      }
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

test('the pictograph check finds emoji and symbol glyphs, and leaves plain text alone', () => {
  const found = (text: string) => text.match(PICTOGRAPHIC) ?? [];
  expect(found('Suggest ✨ ☀ ☾ ☰ 🗑️')).toEqual(['✨', '☀', '☾', '☰', '🗑', '\u{FE0F}']);
  expect(found('Libp2p (via relay) · 3 devices — 12 °C … → « »')).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no route shows an emoji or symbol glyph (${colorScheme} theme)`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const offenders: string[] = [];
    for (const path of EVERY_PATH) {
      await page.goto(`./#${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const glyphs = (await renderedText(page)).match(PICTOGRAPHIC);
      if (glyphs) offenders.push(`${path}: ${[...new Set(glyphs)].join(' ')}`);
    }
    expect(offenders).toEqual([]);
  });
}
