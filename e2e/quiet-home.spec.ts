import { setControllerRunning } from './fixtures/devnet-levers.ts';
import { CONTROLLER, saveSeededSetup } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A home that went quiet (docs/product-rules.md, "A quiet home"): with the stack's controller
 * stopped, its newest datalog record grows older than three sending intervals (30 minutes for the
 * devnet's 10-minute interval; the page's clock is moved on), and the devices page and the header
 * popup say since when, and what to check.
 */
test.use({ locale: 'en-GB', timezoneId: 'UTC' });

test('the devices page and the header popup say when a stopped home last reported', async ({
  page,
  browser,
  devnetChain: chain,
}) => {
  test.setTimeout(180_000);
  await page.clock.install();
  await saveSeededSetup(page);
  await setControllerRunning(false);
  try {
    await page.goto('./#/telemetry');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Devices control panel' }),
    ).toBeVisible();
    const notice = page.getByTestId('quiet-home');
    // Within three intervals of its last record, a home is not quiet.
    await expect(page.getByTestId('telemetry-subscription')).toHaveText('Subscription: active');
    await expect(notice).toHaveCount(0);
    const last = await chain.lastRecordTime(CONTROLLER);
    expect(last).not.toBeNull();
    const since = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(last!);

    // Thirty-one minutes later, by this page's clock.
    await page.clock.fastForward('31:00');
    await expect(notice).toContainText(`Your home has not reported since ${since}`);
    await expect(notice).toContainText(
      'Check that the controller is on, that it is connected to the internet, and that the subscription is active.',
    );

    await page.getByRole('button', { name: 'Active setup: Seeded home' }).click();
    const popup = page.getByRole('dialog', { name: 'Active setup' });
    await expect(popup.getByTestId('quiet-home')).toContainText(
      `Your home has not reported since ${since}`,
    );
  } finally {
    await setControllerRunning(true);
  }
  // Back, the controller publishes at once: a page opened now finds a home that reports.
  await expect
    .poll(() => chain.lastRecordTime(CONTROLLER), { timeout: 120_000 })
    .toBeGreaterThan(Date.now() - 120_000);
  const fresh = await browser.newPage({ locale: 'en-GB', timezoneId: 'UTC' });
  await saveSeededSetup(fresh);
  await fresh.goto('./#/telemetry');
  await fresh.getByRole('button', { name: 'Active setup: Seeded home' }).click();
  await expect(fresh.getByTestId('active-until')).toBeVisible();
  await expect(fresh.getByTestId('quiet-home')).toHaveCount(0);
  await fresh.close();
});
