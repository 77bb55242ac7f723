import {
  holdProxyHello,
  homeLinked,
  homes,
  leverStatus,
  newProxyIdentity,
  restartHomeAssistant,
} from './fixtures/devnet-levers.ts';
import {
  blockPeerPaths,
  markDocument,
  openSeededPanel,
  sameDocument,
  toggleFirstSwitch,
} from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The devices page follows the home's config (docs/devices-page.md, "Following the config"): a
 * home whose Home Assistant published before its proxy said hello, or whose proxy came back with a
 * new identity, is reached peer-to-peer as soon as a newer config names its peer, with no
 * Reconnect and no reload.
 */

/** The seeded home's last published config CID, as the devnet's Home Assistant tells it. */
async function seededConfig(): Promise<string | null> {
  return (await homes()).find((h) => h.seeded)?.published?.configCid ?? null;
}

test.afterEach(async () => {
  await holdProxyHello(false);
});

test('a config that names the peer only after the page opened is dialled by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Home Assistant starts before its proxy says hello: its config names no peer.
  const before = await seededConfig();
  await holdProxyHello(true);
  await restartHomeAssistant();
  await expect.poll(seededConfig, { timeout: 60_000 }).not.toBe(before);
  expect((await leverStatus()).home?.peerId).toBe('');

  // The user signs in meanwhile, with the home's own port out of reach (a home behind NAT).
  await blockPeerPaths(page, { relay: false });
  await openSeededPanel(page);
  await markDocument(page);
  await expect(page.getByTestId('connection-type')).toHaveText('Parachain ✓');
  await expect(page.getByTestId('connection-note')).toContainText(
    "Peer-to-peer is not used: the home's config names no libp2p peer yet (config read at",
  );

  // The proxy says hello: Home Assistant publishes a config naming it, the page dials it.
  const withoutPeer = await seededConfig();
  await holdProxyHello(false);
  await homeLinked();
  await expect.poll(seededConfig, { timeout: 60_000 }).not.toBe(withoutPeer);
  await expect(page.getByTestId('connection-type')).toHaveText('Libp2p (via relay) ✓', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('connection-note')).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
  await toggleFirstSwitch(page, 10_000);
  await expect(page.getByTestId('connection-type')).toHaveText('Libp2p (via relay) ✓');
});

test('a config naming a new peer id moves the connection to it', async ({ page }) => {
  test.setTimeout(180_000);
  await blockPeerPaths(page, { relay: false });
  await openSeededPanel(page);
  await expect(page.getByTestId('connection-type')).toHaveText('Libp2p (via relay) ✓', {
    timeout: 30_000,
  });
  await markDocument(page);
  const oldPeer = (await leverStatus()).home?.peerId;
  const oldConfig = await seededConfig();
  // A reinstalled proxy add-on: a new identity, and a new config naming it.
  await newProxyIdentity();
  await homeLinked();
  const newPeer = (await leverStatus()).home?.peerId;
  expect(newPeer).not.toBe(oldPeer);
  await expect.poll(seededConfig, { timeout: 60_000 }).not.toBe(oldConfig);
  await expect(page.getByTestId('connection-type')).toHaveText('Libp2p (via relay) ✓', {
    timeout: 60_000,
  });
  // Commands reach the new peer.
  await toggleFirstSwitch(page, 10_000);
  expect(await sameDocument(page)).toBe(true);
});
