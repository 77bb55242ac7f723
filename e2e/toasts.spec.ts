import { openSeededHome } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The loading messages of the home sit in a corner, never more than three at once, and each
 * progress message goes as soon as its step is done.
 */
test('the home loading messages stay in a corner, three at most, and go when done', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Every message shown and the most on screen at once, watched from the page's first paint.
  await page.addInitScript(() => {
    const seen: string[] = [];
    let most = 0;
    const w = window as unknown as { __toasts: { seen: string[]; most: () => number } };
    w.__toasts = { seen, most: () => most };
    new MutationObserver(() => {
      const toasts = Array.from(document.querySelectorAll('.toast > span'));
      most = Math.max(most, toasts.length);
      for (const t of toasts)
        if (!seen.includes(t.textContent ?? '')) seen.push(t.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await openSeededHome(page);
  const status = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
  await expect(status).toContainText('Connected', { timeout: 60_000 });

  const seen = await page.evaluate(
    () => (window as unknown as { __toasts: { seen: string[] } }).__toasts.seen,
  );
  expect(seen).toEqual(expect.arrayContaining(['Start load config', 'Config loaded']));
  expect(
    await page.evaluate(() =>
      (window as unknown as { __toasts: { most: () => number } }).__toasts.most(),
    ),
  ).toBeLessThanOrEqual(3);
  // Progress replaced by its outcome: 'Start load config' is not on screen with 'Config loaded'.
  await expect(page.locator('.toast', { hasText: 'Start load config' })).toHaveCount(0);
  await expect(page.locator('.toast', { hasText: /^Connect to peer id/ })).toHaveCount(0);

  // In the bottom right corner.
  const box = await page.locator('.toast').first().boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(viewport.width - (box!.x + box!.width)).toBeLessThanOrEqual(24);
  expect(viewport.height - (box!.y + box!.height)).toBeLessThanOrEqual(24 + 4 * box!.height);
  // Results go by themselves.
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
});
