import { Keyring } from '@polkadot/keyring';
import type { DevnetChain } from './fixtures/devnet-chain.ts';
import { addToDevnetIpfs } from './fixtures/devnet-ipfs.ts';
import {
  ALICE,
  BOB_ED25519,
  blockPeerPaths,
  CONTROLLER,
  CONTROLLER_PHRASE,
  DEV_PHRASE,
  firstSwitch,
  firstSwitchOverParachain,
  openSeededHome,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

const alice = ALICE;
const bob = BOB_ED25519;
const controller = CONTROLLER;

test.beforeAll(async ({ devnetChain: chain }) => {
  await payForSeededHome(chain);
});

test.describe('devices control panel', () => {
  // How fast the command lands is not asserted: browser tests check behaviour, not timings.
  test('shows the home and toggles a switch peer-to-peer', async ({ page }) => {
    await openSeededHome(page);
    await expect(page.getByTestId('connection-type')).toContainText('Libp2p', { timeout: 20_000 });
    await page.getByRole('tab', { name: /^Sensors & Detectors/ }).click();
    await expect(page.locator('.uplot').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/devices-sensors.png`, fullPage: true });

    await page.getByRole('tab', { name: /^Switches & Outlets/ }).click();
    const { card, state } = firstSwitch(page);
    const before = (await state.textContent())?.trim();
    await card.getByRole('switch').click();
    await expect(state).not.toHaveText(before ?? '');
    await expect(card.getByText('All done!')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/devices-switches.png`, fullPage: true });
  });

  test('falls back to the parachain and a command arrives with the next record', async ({
    page,
  }) => {
    const { card, state, before } = await firstSwitchOverParachain(page);
    await card.getByRole('switch').click();
    await expect(card.getByText('All done!')).toBeVisible({ timeout: 20_000 });
    await expect(state).not.toHaveText(before, { timeout: 30_000 });
  });

  test('a user removed from the devices loses the panel', async ({ page, devnetChain: chain }) => {
    await openSeededHome(page, { blockPeer: true });
    await expect(page.getByTestId('connection-type')).toContainText('Parachain', {
      timeout: 30_000,
    });
    const devices = await chain.devices(alice);
    await chain.send(
      chain.api.tx.rws.setDevices(devices.filter((d) => d !== bob)),
      chain.pair('//Alice'),
    );
    try {
      // The device list follows the chain: the user is signed out and the controls go away.
      await expect(page.getByRole('form', { name: 'Sign in as a user' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Home' })).toBeHidden();
      await expect(
        page.getByRole('form', { name: 'Sign in as a user' }).getByLabel('Select a user'),
      ).not.toContainText(`${bob.slice(0, 6)}…`);
    } finally {
      await chain.send(chain.api.tx.rws.setDevices(devices), chain.pair('//Alice'));
    }
  });
});

/** The controller's key, which writes its datalog through Alice's subscription. */
const controllerPair = () =>
  new Keyring({ ss58Format: 32 }).addFromUri(CONTROLLER_PHRASE, {}, 'ed25519');

/** Adds a file that is no envelope for any user to the devnet's IPFS, as the controller. */
async function addUnreadableFile(): Promise<string> {
  const added = await addToDevnetIpfs([{ path: 'file', content: '{"data": "0xdeadbeef"}' }]);
  return added.get('file')!;
}

/** Writes a datalog record as the controller. */
const record = (chain: DevnetChain, text: string) =>
  chain.send(chain.api.tx.rws.call(alice, chain.api.tx.datalog.record(text)), controllerPair());

test('an update that cannot be decrypted says Error: decryptMsg and the panel stays', async ({
  page,
  devnetChain: chain,
}) => {
  await openSeededHome(page, { blockPeer: true });
  await expect(page.getByTestId('connection-type')).toContainText('Parachain', { timeout: 30_000 });
  // The controller publishes a record whose file is not an envelope for this user.
  const cid = await addUnreadableFile();
  const readable = (await chain.datalog(controller)).at(-1)!;
  await record(chain, cid);
  try {
    await expect(page.getByText('Error: decryptMsg').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  } finally {
    // Leave the controller's last record readable for whoever loads the home next.
    await record(chain, readable);
  }
});

test('a home whose last record is not for this user yet opens with the next record', async ({
  page,
  devnetChain: chain,
}) => {
  // As right after the user became a device: the last record was encrypted before that.
  const readable = (await chain.datalog(controller)).at(-1)!;
  await record(chain, await addUnreadableFile());
  try {
    await blockPeerPaths(page, { relay: true });
    await saveSeededSetup(page);
    await page.goto('./#/telemetry');
    await signInUser(page, bob, `${DEV_PHRASE}//Bob`);
    await expect(
      page.getByRole('status').filter({ hasText: "controller's next record" }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('region', { name: 'Home' })).toBeHidden();
    // The controller writes again: the app loads the home by itself, no reload.
    await record(chain, readable);
    await expect(page.getByRole('region', { name: 'Home' })).toBeVisible({ timeout: 30_000 });
  } finally {
    if ((await chain.datalog(controller)).at(-1) !== readable) await record(chain, readable);
  }
});
