import { DEV_ACCOUNTS, injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { RpcSubscriptions } from './fixtures/rpc-subscriptions.ts';
import { openSeededHome, saveSeededSetup } from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

// The shared read layer: however many components read a chain value, the page follows each
// storage key with one RPC subscription (docs/architecture.md, Shared live data).
// Both pages show the seeded setup, whose device list other specs rewrite while a page settles:
// this spec runs in their browser lane, the home lane (playwright.config.ts).

test('/rws-setup follows each storage key once', async ({ page }) => {
  const rpc = RpcSubscriptions.track(page);
  await injectPolkadotExtension(page, [DEV_ACCOUNTS[0]!]);
  await saveSeededSetup(page);
  await page.goto('./#/rws-setup');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
  await expect(page.getByRole('form', { name: 'Add a user' })).toBeVisible();
  // Settled: the same set of subscriptions for a while (the page opens them as it renders).
  await expect
    .poll(async () => {
      const before = rpc.count();
      await page.waitForLoadState('networkidle');
      return before > 0 && rpc.count() === before;
    })
    .toBe(true);
  console.log(
    `/rws-setup: ${rpc.count()} open RPC subscriptions, ${rpc.opened()} opened in all; keys: ${[...rpc.perKey()].map(([k, n]) => `${k.slice(0, 18)}…${k.slice(-8)}×${n}`).join(', ')}`,
  );
  expect(rpc.duplicates()).toEqual([]);
});

test('/telemetry follows each storage key once', async ({ page }) => {
  const rpc = RpcSubscriptions.track(page);
  await openSeededHome(page);
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  await expect
    .poll(async () => {
      const before = rpc.count();
      await page.waitForLoadState('networkidle');
      return before > 0 && rpc.count() === before;
    })
    .toBe(true);
  console.log(
    `/telemetry: ${rpc.count()} open RPC subscriptions, ${rpc.opened()} opened in all; keys: ${[...rpc.perKey()].map(([k, n]) => `${k.slice(0, 18)}…${k.slice(-8)}×${n}`).join(', ')}`,
  );
  expect(rpc.duplicates()).toEqual([]);
});
