import type { Page } from '@playwright/test';
import { type ProxyGeneration, restartRelay, useProxy } from './fixtures/devnet-levers.ts';
import {
  BOB_ED25519,
  blockPeerPaths,
  DEV_PHRASE,
  openSeededPanel,
  openThroughRelay,
  signInUser,
  toggleFirstSwitch,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * The home as a real one sits: behind NAT, its proxy reachable only through the libp2p relay.
 * The browser can never reach the proxy's own port here. Each test runs with both generations of
 * the home's proxy: the one homes run (mplex, raw JSON) and the newer style (yamux,
 * length-prefixed JSON).
 */

test.beforeAll(async ({ devnetChain }) => {
  await payForSeededHome(devnetChain);
});

test.afterAll(async () => {
  // The stack's home goes back to the proxy homes run, for the specs that follow.
  await useProxy('legacy');
});

const MULTIPLEXER: Record<ProxyGeneration, string> = {
  legacy: '/mplex/6.7.0',
  current: '/yamux/1.0.0',
};

/** Makes every IPFS gateway of the stack fail: the home can then come only peer-to-peer. */
async function blockGateways(page: Page) {
  await page.route(/127\.0\.0\.1:(5001|808\d)\//, (route) => route.abort('connectionrefused'));
}

for (const generation of ['legacy', 'current'] as const) {
  test.describe(`with the ${generation} proxy`, () => {
    test.beforeAll(async () => {
      await useProxy(generation);
    });

    test('the home is controlled through the relay while its own port is unreachable', async ({
      page,
    }) => {
      await openThroughRelay(page);
      const connection = page.getByTestId('connection-type');
      await expect(connection).toHaveAttribute('data-path', 'relay');
      await expect(connection).toHaveAttribute('data-multiplexer', MULTIPLEXER[generation]);
      // A command goes over /call through the relay; the new state comes back by /update.
      await toggleFirstSwitch(page, 5_000);
      await page.screenshot({
        path: `${SCREENS}/relay-connected-${generation}.png`,
        fullPage: true,
      });
    });

    test("a newly connected app gets the home's last states from the proxy at once", async ({
      page,
    }) => {
      // A first visit keeps the home's config (encrypted) on this device.
      await openThroughRelay(page);
      // With no gateway answering, and the states this device kept removed, the states can
      // only be the ones the proxy kept and sends to each peer that connects.
      await blockGateways(page);
      await page.addInitScript(() => {
        for (const key of Object.keys(localStorage))
          if (key.startsWith('hastates:')) localStorage.removeItem(key);
      });
      await page.reload();
      await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
      await expect(page.getByRole('region', { name: 'Home' })).toHaveAttribute(
        'data-live',
        'true',
        {
          timeout: 30_000,
        },
      );
      // No gateway answers: the IPFS chip says so (its panel opens over the home by itself).
      await expect(page.locator('[data-chip="ipfs"]')).toHaveAttribute('data-state', 'bad', {
        timeout: 20_000,
      });
      await expect(page.getByTestId('connection-type')).toHaveAttribute(
        'data-multiplexer',
        MULTIPLEXER[generation],
      );
      await toggleFirstSwitch(page, 5_000);
    });

    test('the app reconnects through the relay after it restarts', async ({ page }) => {
      await openThroughRelay(page);
      const connection = page.getByTestId('connection-type');

      await restartRelay();
      // The relayed connection drops; the app waits 10 s and dials the home again, by then the
      // home's proxy holds a new slot on the relay.
      await expect(connection).toHaveText('Libp2p (via relay) · Connecting', { timeout: 15_000 });
      await expect(connection).toHaveText('Libp2p (via relay) ✓', { timeout: 45_000 });
      await toggleFirstSwitch(page, 5_000);
    });
  });
}

test('with the relay down the app falls back to the parachain', async ({ page }) => {
  await blockPeerPaths(page, { relay: true });
  await openSeededPanel(page);
  const connection = page.getByTestId('connection-type');
  await expect(connection).toHaveText('Parachain ✓', { timeout: 45_000 });
  await expect(connection).toHaveAttribute('data-path', 'parachain');
  // The command goes to IPFS and the chain; the state arrives with the controller's next record.
  await toggleFirstSwitch(page, 30_000);
});
