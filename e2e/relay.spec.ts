import { expect, type Page, test } from '@playwright/test';
import { DevnetChain } from './fixtures/devnet-chain.ts';
import { ALICE, blockPeerPaths, openSeededPanel, restartRelay } from './fixtures/seeded-home.ts';

/**
 * The home as a real one sits: behind NAT, its controller reachable only through the libp2p
 * relay. The browser can never reach the controller's own port here.
 */

const SCREENS = 'e2e/artifacts/screens';
let chain: DevnetChain;

test.beforeAll(async () => {
  chain = await DevnetChain.connect();
  await chain.fillFreeWeight(ALICE);
});

test.afterAll(async () => {
  await chain?.disconnect();
});

/** Toggles the first switch and waits until its state text changed. */
async function toggleFirstSwitch(page: Page, timeout: number) {
  await page.getByRole('tab', { name: /^Switches & Outlets/ }).click();
  const card = page.locator('[data-entity^="switch."]').first();
  const state = card.locator('[data-testid^="state-"]');
  const before = (await state.textContent())?.trim() ?? '';
  await card.getByRole('switch').click();
  await expect(state).not.toHaveText(before, { timeout });
  await expect(card.getByText('All done!')).toBeVisible();
}

test('the home is controlled through the relay while its own port is unreachable', async ({
  page,
}) => {
  await blockPeerPaths(page, { relay: false });
  await openSeededPanel(page);
  const connection = page.getByTestId('connection-type');
  await expect(connection).toHaveText('Libp2p (via relay) ✓', { timeout: 30_000 });
  await expect(connection).toHaveAttribute('data-path', 'relay');
  // A command goes over /call through the relay; the /update comes back the same way.
  await toggleFirstSwitch(page, 5_000);
  await page.screenshot({ path: `${SCREENS}/relay-connected.png`, fullPage: true });
});

test('the app reconnects through the relay after it restarts', async ({ page }) => {
  await blockPeerPaths(page, { relay: false });
  await openSeededPanel(page);
  const connection = page.getByTestId('connection-type');
  await expect(connection).toHaveText('Libp2p (via relay) ✓', { timeout: 30_000 });

  restartRelay();
  // The relayed connection drops; the app waits 10 s and dials the home again, by then the
  // controller holds a new slot on the relay.
  await expect(connection).toHaveText('Libp2p (via relay) · Connecting', { timeout: 15_000 });
  await expect(connection).toHaveText('Libp2p (via relay) ✓', { timeout: 45_000 });
  await toggleFirstSwitch(page, 5_000);
});

test('with the relay down the app falls back to the parachain', async ({ page }) => {
  await blockPeerPaths(page, { relay: true });
  await openSeededPanel(page);
  const connection = page.getByTestId('connection-type');
  await expect(connection).toHaveText('Parachain ✓', { timeout: 45_000 });
  await expect(connection).toHaveAttribute('data-path', 'parachain');
  // The command goes to IPFS and the chain; the state arrives with the controller's next record.
  await toggleFirstSwitch(page, 30_000);
});
