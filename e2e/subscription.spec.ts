import { expect, test } from '@playwright/test';
import { DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { type ExtensionControl, injectPolkadotExtension } from './fixtures/polkadot-extension.ts';

const SCREENS = 'e2e/artifacts/screens';
let chain: DevnetChain;

test.beforeAll(async () => {
  chain = await DevnetChain.connect();
  if ((await chain.auctionQueueLength()) < 3) await chain.startAuctions(3);
});

test.afterAll(async () => {
  await chain?.disconnect();
});

test.describe('subscription', () => {
  let wallet: ExtensionControl;

  test.beforeEach(async ({ page }) => {
    wallet = await injectPolkadotExtension(page, [
      { name: 'Charlie', uri: '//Charlie', type: 'sr25519' },
      { name: 'Poor', uri: '//Poor', type: 'sr25519' },
    ]);
  });

  test('the dashboard shows the price and the open auctions of the devnet', async ({ page }) => {
    await page.goto('./#/');
    await expect(page.getByTestId('subscription-price')).toHaveText('~ 1 XRT');
    const queue = await chain.auctionQueueLength();
    await expect(page.getByTestId('available-subscriptions')).toHaveText(String(queue));
    await chain.startAuctions(1);
    await expect(page.getByTestId('available-subscriptions')).toHaveText(String(queue + 1));
    await page.screenshot({ path: `${SCREENS}/subscription-dashboard.png`, fullPage: true });
  });

  test('a buy with too little balance is refused with the spec text', async ({ page }) => {
    await chain.transfer(wallet.addresses.Poor!, XRT / 2n);
    await page.goto('./#/rws-buy');
    await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
    await page.getByLabel('Account', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Subscription can not be activated due to unsuffcicient XRT balance',
    );
    expect(wallet.signedCount()).toBe(0);
  });

  test('cancelling the signature returns the button to its first state', async ({ page }) => {
    await page.goto('./#/rws-buy');
    await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
    wallet.rejectNext();
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    await expect(page.getByText('The activation process has been canceled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy subscription' })).toBeEnabled();
    await expect(page.locator('[data-tx-status]')).toHaveAttribute('data-tx-status', 'NEW');
  });

  test('a buy succeeds after the auction rotates and the dashboard shows it', async ({ page }) => {
    await page.goto('./#/rws-buy');
    await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
    await expect(page.getByTestId('account-balance')).toContainText('XRT');
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    await expect(page.locator('[data-tx-status]')).toHaveAttribute('data-tx-status', 'WAIT_TX');
    // Instant seal: advance the chain past the next auction rotation.
    await expect.poll(() => wallet.signedCount()).toBe(1);
    await chain.newBlocks(12);
    await expect(
      page.getByText('Subscription has been activated. Please, check the list of your setups.'),
    ).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SCREENS}/subscription-bought.png`, fullPage: true });
    await page.goto('./#/');
    await expect(page.getByRole('link', { name: 'Go to setup' })).toBeVisible();
    await expect(page.getByTestId('subscription-users')).toHaveText('1 account added');
  });
});
