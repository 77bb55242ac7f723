import { upgradeRuntime } from '@robonomics-dapp/devnet/levers/upgrade-runtime';
import { CHAIN_URL, XRT } from './fixtures/devnet-chain.ts';
import { expect, test } from './fixtures/test.ts';

// A runtime upgrade while the app is open: the dashboard shows the new runtime's constant
// without a reload. The stack's chain is shared with the other specs, so a second upgrade puts
// the constant back.
test.describe('runtime upgrade', () => {
  test.afterAll(async () => {
    await upgradeRuntime(CHAIN_URL, { constants: { RWS: { MinimalBid: String(XRT) } } });
  });

  test('the dashboard shows a changed RWS.MinimalBid after an upgrade, without a reload', async ({
    page,
  }) => {
    await page.goto('./#/');
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    // The page must not be reloaded: a marker set now would be gone after a reload.
    await page.evaluate(() => {
      (window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true;
    });
    const { specVersion } = await upgradeRuntime(CHAIN_URL, {
      constants: { RWS: { MinimalBid: String(7n * XRT) } },
    });
    expect(specVersion).toBeGreaterThan(43);
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 7 XRT', {
      timeout: 20_000,
    });
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade),
    ).toBe(true);
  });
});
