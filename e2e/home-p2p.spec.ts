import type { Page } from '@playwright/test';
import { linkHomeAssistant, pushingClientOfHomeProxy, useProxy } from './fixtures/devnet-levers.ts';
import {
  BOB_ED25519,
  DEV_PHRASE,
  firstSwitch,
  openThroughRelay,
  signInUser,
  toggleFirstSwitch,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * The daily path: the home controlled peer-to-peer through the relay, whatever happens to the
 * parachain node, and a clear way back to the parachain when the home stops listening.
 */

const NOT_LISTENING =
  'Your home is not listening peer-to-peer: its Home Assistant is not connected to its libp2p proxy.';

test.beforeAll(async ({ devnetChain }) => {
  await payForSeededHome(devnetChain);
  await useProxy('legacy');
});

test.afterAll(async () => {
  await linkHomeAssistant(true);
});

async function stateText(page: Page): Promise<string> {
  return ((await firstSwitch(page).state.textContent()) ?? '').trim();
}

test('with the parachain node unreachable, the kept home is shown and controlled peer-to-peer', async ({
  page,
}) => {
  // A first visit keeps the home's config (encrypted) and the device list on this device.
  await openThroughRelay(page);

  // The parachain node goes away for this browser.
  await page.routeWebSocket(/127\.0\.0\.1:9944/, (ws) => ws.close({ code: 1011 }));
  await page.reload();
  await expect(page.getByTestId('device-list-kept')).toBeVisible({ timeout: 20_000 });
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible({ timeout: 30_000 });
  const connection = page.getByTestId('connection-type');
  await expect(connection).toHaveText('Libp2p (via relay) ✓', { timeout: 30_000 });
  await expect(page.getByTestId('parachain-unavailable')).toContainText(
    'The parachain path is unavailable',
  );

  // The command reaches the home over /call and its new state comes back over /update.
  await toggleFirstSwitch(page, 10_000);
  await page.screenshot({ path: `${SCREENS}/home-without-chain.png`, fullPage: true });
});

test('a home whose Home Assistant stopped listening falls back to the parachain and says why', async ({
  page,
}) => {
  await openThroughRelay(page);
  const connection = page.getByTestId('connection-type');
  await page.getByRole('tab', { name: /^Switches & Outlets/ }).click();

  await linkHomeAssistant(false);
  try {
    // The proxy homes run acknowledges the first command and drops it, as nobody listens; from
    // then on it refuses /call, and the app sends the command through the parachain.
    const { card, state } = firstSwitch(page);
    const before = await stateText(page);
    await card.getByRole('switch').click();
    await expect(card.getByText('All done!')).toBeVisible({ timeout: 10_000 });
    await card.getByRole('switch').click();
    await expect(page.getByText(NOT_LISTENING).first()).toBeVisible({ timeout: 15_000 });
    await expect(connection).toHaveText('Parachain ✓');
    await expect(page.getByTestId('connection-note')).toContainText(NOT_LISTENING);
    // Through the chain: Home Assistant applies the launch and publishes its next record.
    await expect(card.getByText('All done!')).toBeVisible({ timeout: 30_000 });
    await expect(state).not.toHaveText(before, { timeout: 30_000 });
  } finally {
    await linkHomeAssistant(true);
  }
});

test('an /update that does not open says Error: decryptMsg, and the home stays and answers', async ({
  page,
}) => {
  await openThroughRelay(page);
  // A second client of the home's proxy pushes states that are no envelope for this user.
  const stranger = pushingClientOfHomeProxy();
  try {
    await expect.poll(() => stranger.connected).toBe(true);
    expect(stranger.send('/update', { data: { data: '0xdeadbeef' } })).toBe(true);
    await expect(page.getByText('Error: decryptMsg').first()).toBeVisible({ timeout: 10_000 });
  } finally {
    stranger.stop();
  }
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  await toggleFirstSwitch(page, 10_000);
});
