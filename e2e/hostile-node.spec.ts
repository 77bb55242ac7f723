import type { Page } from '@playwright/test';
import {
  type HostileNode,
  startHostileNode,
  withU128Constant,
} from '@robonomics-dapp/devnet/levers/hostile-node';
import { BOB_ED25519 } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { keepOnEveryLoad, keptSetups } from './fixtures/app-storage.ts';
import { CHAIN_URL, type DevnetChain } from './fixtures/devnet-chain.ts';
import { freshAccount, POLKADOT, useHostileNode as useChosenNode } from './fixtures/hostile.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * The app against a hostile node: a loopback proxy in front of the devnet that the user reached
 * through a custom endpoint, which lies about the network, its token or a device list. The app
 * shows the difference, refuses what it must, offers the wallet no metadata, and signs nothing it
 * did not show (docs/security.md, "What a node may claim").
 */
const KUSAMA = '0x631ccc82a078481584041656af292834e1ae6daab61d2875b4dd0c14bb9b17bc';
/** //Eve: the hostile node's own account, which it tries to make a device. */
const EVE = '4HQ8vFEDNkVvwoq6C5qFi1hdU8bbLXTh3HGJ5jBC6YBsfRQY';

let hostile: HostileNode;

test.beforeAll(async () => {
  hostile = await startHostileNode({ target: CHAIN_URL });
});
test.beforeEach(() => {
  hostile.rules = {};
  hostile.submitted.length = 0;
});
test.afterAll(async () => {
  await hostile?.close();
});

const useHostileNode = (page: Page) => useChosenNode(page, hostile);

test('a node that says it is Kusama but reports 12 decimals is refused in words; nothing is offered or sent', async ({
  page,
  devnetChain: chain,
}) => {
  hostile.rules = { genesisHash: KUSAMA, properties: { tokenDecimals: 12 } };
  const { wallet } = await freshAccount(chain, page, 'Twelve');
  await useHostileNode(page);
  await page.goto('./#/rws-subscription');
  await expect(page.getByTestId('connection-banner')).toContainText(
    'This node says it is Robonomics on Kusama, whose token is XRT with 9 decimals, but it reports the symbol XRT and 12 decimals. The app does not use it',
  );
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Generate New Account' }).click();
  // The "2 XRT" of the scam: nothing of this node's scale is shown, and nothing can be sent.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Parachain is not ready' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/hostile-twelve-decimals.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(0);
  expect(wallet.provided()).toEqual([]);
  expect(hostile.submitted).toEqual([]);
});

test('a custom node claiming Kusama’s genesis is named so, and the wallet is offered no metadata', async ({
  page,
  devnetChain: chain,
}) => {
  hostile.rules = { genesisHash: KUSAMA };
  const { wallet } = await freshAccount(chain, page, 'Claim');
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('account-balance')).toContainText('XRT');
  await expect(page.getByTestId('buy-facts')).toContainText(
    'Robonomics on Kusama (through a custom node)',
  );
  // The wallet would keep this node's metadata for every later Kusama transaction.
  await page.waitForTimeout(1500);
  expect(wallet.provided()).toEqual([]);
  expect(wallet.metadataReads()).toBe(0);

  // The same page on the build's own endpoint offers it at once: the check above could fail.
  await page.evaluate(() => localStorage.setItem('rpc-parachain', 'ws://127.0.0.1:9944'));
  await page.reload();
  await expect.poll(() => wallet.provided().length).toBe(1);
});

test('on a chain the app does not know, amounts are unscaled and marked, and 2 means 2 planck', async ({
  page,
  devnetChain: chain,
}) => {
  hostile.rules = { properties: { tokenDecimals: 12 } };
  const { wallet } = await freshAccount(chain, page, 'Unknown');
  await useHostileNode(page);
  await page.goto('./#/');
  await expect(page.getByTestId('subscription-price')).toHaveText(
    '~ 1,000,000,001 planck (unknown network)',
  );
  await page.goto('./#/rws-subscription');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('account-balance')).toContainText('planck (unknown network)');
  await page.getByRole('button', { name: 'Generate New Account' }).click();
  const amount = page.getByLabel('Amount (planck) (unknown network)');
  await expect(amount).toHaveValue('2');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // 2 planck, not 2 × 10¹²: below what a new account needs, refused before any signature.
  await expect(
    page.getByText(
      'The amount is below the existential deposit a new account needs (1,000 planck).',
    ),
  ).toBeVisible();
  // The hostile node is on this machine, but it is not the build's devnet: no devnet label, no
  // development keys, and the page says its description was not verified.
  await expect(page.getByRole('button', { name: 'Local devnet', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Development accounts' })).toHaveCount(0);
  await expect(page.getByTestId('signing-notice')).toContainText(
    'The app does not know this chain, so its description was not verified',
  );
  // Nothing confirms what a purchase would rest on: the page says they come from this one node.
  await page.goto('./#/rws-buy');
  await expect(page.getByTestId('one-node-note')).toHaveText(
    `The balance, the subscription and the device list a purchase rests on come from one node, ${hostile.url}: no second node of this chain is known to confirm them.`,
  );
  await page.getByRole('button', { name: 'Custom', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Network' })).toContainText('Unknown network');
  await page.screenshot({ path: `${SCREENS}/hostile-unknown-network.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(0);
  expect(wallet.provided()).toEqual([]);
  expect(hostile.submitted).toEqual([]);
});

test('a device list that changed between what the page showed and the signature is refused; a lie kept up is shown in full', async ({
  page,
  devnetChain: chain,
}) => {
  const { address: owner, wallet } = await freshAccount(chain, page, 'Owner');
  await chain.grantSubscription(owner);
  await keepOnEveryLoad(page, keptSetups([{ owner, name: 'Hostile home', network: 'local' }]));
  await useHostileNode(page);
  await page.goto('./#/rws-setup');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
  await expect(page.getByRole('heading', { name: 'Users: 0 accounts added' })).toBeVisible();
  await expect(
    page.getByText('Reading the current list from the chain', { exact: false }),
  ).toHaveCount(0);

  // The page shows the true list; the node adds its account to what is read before signing.
  hostile.rules = { extraDevice: { owner, device: EVE, readsOnly: true } };
  const users = page.getByRole('form', { name: 'Add a user' });
  await users.getByLabel('Account address').fill(BOB_ED25519);
  await users.getByRole('button', { name: 'Add user' }).click();
  await expect(users.getByRole('alert')).toHaveText(
    'The device list changed on the chain; check it and try again.',
  );
  await expect(page.getByTestId('device-list-review')).toHaveCount(0);
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  expect(await chain.devices(owner)).toEqual([]);

  // A node that keeps up the lie: its account is on the page, and in the review, in full.
  hostile.rules = { extraDevice: { owner, device: EVE } };
  await page.reload();
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-users')).toContainText(EVE.slice(0, 6));
  await users.getByLabel('Account address').fill(BOB_ED25519);
  await users.getByRole('button', { name: 'Add user' }).click();
  const review = page.getByTestId('device-list-review');
  await expect(review.getByRole('listitem')).toHaveText([
    `Stays ${EVE} no label in this browser`,
    `Added ${BOB_ED25519} no label in this browser`,
  ]);
  // Nothing confirms the list on a chain the app does not know: the review says so, and signing
  // it is an explicit choice.
  await expect(review.getByTestId('facts-check')).toContainText(
    'No second node confirmed these facts: the app does not know this chain',
  );
  await expect(review.getByRole('button', { name: 'Sign without a second opinion' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/hostile-device-review.png`, fullPage: true });
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Adding of the user has been canceled.')).toBeVisible();
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  expect(await chain.devices(owner)).toEqual([]);
});

test('a first purchase writes exactly the buyer, not the devices a node claims', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: buyer, wallet } = await freshAccount(chain, page, 'Buyer');
  hostile.rules = { extraDevice: { owner: buyer, device: EVE } };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  const devices = page.getByTestId('buy-devices');
  await expect(devices).toContainText(`this account, ${buyer}, and no other.`);
  await expect(devices.getByRole('checkbox', { name: new RegExp(EVE) })).not.toBeChecked();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  // An unknown chain: no second node can confirm the facts, and the user signs knowingly.
  await page.getByRole('button', { name: 'Sign without a second opinion' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  await chain.newBlocks(12);
  await expect(
    page.getByText('Subscription has been activated. Please, check the list of your setups.'),
  ).toBeVisible({ timeout: 30_000 });
  // Read from the devnet itself, not through the hostile node.
  expect(await chain.devices(buyer)).toEqual([buyer]);
});

test('a renewal through a node that leaves the owner out of the device list keeps every device', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: owner, pair, wallet } = await freshAccount(chain, page, 'Renewer');
  // A subscription that has ended (a 0-day one), with the owner, Eve and Bob as devices.
  await chain.grantSubscription(owner, 0);
  await chain.send(chain.api.tx.rws.setDevices([owner, EVE, BOB_ED25519]), pair);
  const before = await chain.devices(owner);
  hostile.rules = { hiddenDevice: { owner, device: owner } };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  const devices = page.getByTestId('buy-devices');
  // Every device the node still reports stays ticked: none is dropped by default.
  await expect(devices.getByRole('checkbox')).toHaveCount(2);
  for (const box of await devices.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await page.getByRole('button', { name: 'Renew subscription' }).click();
  await page.getByRole('button', { name: 'Sign without a second opinion' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  await chain.newBlocks(12);
  await expect(
    page.getByText('Subscription has been activated. Please, check the list of your setups.'),
  ).toBeVisible({ timeout: 30_000 });
  // Read from the devnet itself: the real list kept all three.
  expect((await chain.devices(owner)).sort()).toEqual([...before].sort());
});

test('a node claiming Polkadot with another MinimalBid changes no price and gets nothing signed', async ({
  page,
  devnetChain: chain,
}) => {
  // A free auction: otherwise the page says there is none before any click.
  await chain.ensureFreeAuctions(1);
  const { wallet } = await freshAccount(chain, page, 'Priced');
  // Robonomics on Polkadot runs the pinned runtime 43; this node says its MinimalBid is 123.9 XRT.
  // The devnet must still run spec 43: this spec comes before those that upgrade the runtime
  // (runtime-upgrade, transfer, wallet-metadata), later files of the same browser lane.
  hostile.rules = {
    genesisHash: POLKADOT,
    metadata: (hex) => withU128Constant(hex, 'RWS', 'MinimalBid', 123_900_000_000n),
  };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  // The price is the pinned one, not the node's.
  await expect(page.getByTestId('purchase-needs')).toContainText(
    'A purchase needs 1.010000001 XRT: the bid of 1.000000001 XRT',
  );
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  // Before anything is signed, the node's description is checked and refused in words.
  await expect(page.getByTestId('connection-banner')).toContainText(
    "This node describes runtime 43 of Robonomics on Polkadot otherwise than it is: its RWS.MinimalBid is 123900000000 planck, the runtime's 1000000000.",
    { timeout: 20_000 },
  );
  await page.screenshot({ path: `${SCREENS}/hostile-minimal-bid.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);

  // The node tells the truth again: whatever this visit kept of the lying description is checked
  // against the pin, dropped and fetched again, and the same purchase is signed at the pinned bid.
  await chain.ensureFreeAuctions(1);
  hostile.rules = { genesisHash: POLKADOT };
  await page.reload();
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => wallet.signedCount(), { timeout: 20_000 }).toBe(1);
  await expect(page.getByText('otherwise than it is', { exact: false })).toHaveCount(0);
});

test('a node claiming Polkadot that hides a device meets a second node, and nothing is signed', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: owner, pair, wallet } = await freshAccount(chain, page, 'Second');
  // An ended subscription with two devices; the node leaves Bob out of every read.
  await chain.grantSubscription(owner, 0);
  await chain.send(chain.api.tx.rws.setDevices([owner, BOB_ED25519]), pair);
  hostile.rules = { genesisHash: POLKADOT, hiddenDevice: { owner, device: BOB_ED25519 } };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  // The owner is a device: a renewal leaves the list as it is, whatever the node hides of it.
  await expect(page.getByTestId('buy-devices')).toContainText('already is a device');
  await page.getByRole('button', { name: 'Renew subscription' }).click();
  // The second node (the devnet, standing in for Polkadot's public node) has another list.
  const refusal = page.getByText(/^Nothing was signed: the node /);
  await expect(refusal).toContainText(
    `the node ${hostile.url} and the second node ws://127.0.0.1:9944 disagree about the device list at finalized block #`,
    { timeout: 20_000 },
  );
  await page.screenshot({ path: `${SCREENS}/hostile-second-opinion.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);

  // Told the truth, the same renewal goes ahead: the second node agrees.
  hostile.rules = { genesisHash: POLKADOT };
  await page.reload();
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Renew subscription' }).click();
  await expect.poll(() => wallet.signedCount(), { timeout: 20_000 }).toBe(1);
});

test('a node claiming Polkadot that reports a running subscription as gone meets a second node', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: owner, wallet } = await freshAccount(chain, page, 'Running');
  await chain.grantSubscription(owner);
  // Wherever the owner's ledger is read or followed, this node says there is none.
  hostile.rules = {
    genesisHash: POLKADOT,
    storage: { [chain.api.query.rws.ledger.key(owner)]: null },
  };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  // The lie is on the page: a purchase is offered to an owner whose subscription runs.
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect(page.getByText(/^Nothing was signed: the node /)).toContainText(
    'disagree about the subscription at finalized block #',
    { timeout: 20_000 },
  );
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  expect(await chain.hasSubscription(owner)).toBe(true);
});

test('a node claiming Polkadot that reports a subscription for an account without one withholds the purchase, and gets nothing signed', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: buyer, wallet } = await freshAccount(chain, page, 'Without');
  // Another account's running subscription, reported as the buyer's wherever it is read.
  const other = chain.pair(`//Hostile Other ${Date.now()}`).address;
  await chain.grantSubscription(other);
  const ledger = (await chain.api.rpc.state.getStorage(chain.api.query.rws.ledger.key(other))) as {
    toHex(): string;
  };
  hostile.rules = {
    genesisHash: POLKADOT,
    storage: { [chain.api.query.rws.ledger.key(buyer)]: ledger.toHex() },
  };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('buy-facts')).toContainText('Your current subscription');
  // The page believes its node before any click: the purchase is not offered. A node can withhold
  // a purchase this way, as it can by not answering; it cannot get one signed on it.
  await expect(page.getByTestId('tx-refusal')).toHaveText('You have an active subscription');
  await expect(page.getByRole('button', { name: /^(Buy|Renew) subscription$/ })).toBeDisabled();
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
});

/** The user names a second node of their own for the network in use, in the network menu. */
async function nameSecondNode(page: Page, url: string) {
  await page.getByRole('button', { name: 'Custom', exact: true }).click();
  const form = page.getByRole('form', { name: 'Second node' });
  await form.getByLabel('Your own second node for this network').fill(url);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText(`${url} (yours)`);
  await page.keyboard.press('Escape');
}

/** The devnet's block that is `behind` blocks older than its final one. */
async function finalBlockBehind(chain: DevnetChain, behind: number) {
  const final = await chain.api.rpc.chain.getHeader(await chain.api.rpc.chain.getFinalizedHead());
  const number = final.number.toNumber() - behind;
  return { number, hash: (await chain.api.rpc.chain.getBlockHash(number)).toHex() };
}

test('a node that lies only in reads of the latest state gets no bid signed: the purchase decides from the compared facts', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: owner, wallet } = await freshAccount(chain, page, 'Latest');
  await chain.grantSubscription(owner);
  // Reads at a given block are honest; the latest state (and what the page follows) says the
  // running subscription is gone.
  hostile.rules = {
    genesisHash: POLKADOT,
    latestOnly: true,
    storage: { [chain.api.query.rws.ledger.key(owner)]: null },
  };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  // The facts compared at the final block hold the running subscription: the purchase is refused
  // on them, not signed on the latest state's lie.
  await expect(page.getByText('You have an active subscription')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(500);
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  expect(await chain.hasSubscription(owner)).toBe(true);
});

test('a node that lies only in reads of the latest state gets no device list signed that hands the home to a stranger', async ({
  page,
  devnetChain: chain,
}) => {
  const { address: owner, pair, wallet } = await freshAccount(chain, page, 'LatestList');
  await chain.grantSubscription(owner);
  await chain.send(chain.api.tx.rws.setDevices([owner]), pair);
  await keepOnEveryLoad(page, keptSetups([{ owner, name: 'Latest home', network: 'local' }]));
  // The latest state swaps the owner for Eve; reads at a given block are honest.
  const swapped = chain.api.createType('Vec<AccountId32>', [EVE]).toHex();
  hostile.rules = {
    genesisHash: POLKADOT,
    latestOnly: true,
    storage: { [chain.api.query.rws.devices.key(owner)]: swapped },
  };
  await useHostileNode(page);
  await page.goto('./#/rws-setup');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-users')).toContainText(EVE.slice(0, 6));
  const users = page.getByRole('form', { name: 'Add a user' });
  await users.getByLabel('Account address').fill(BOB_ED25519);
  await users.getByRole('button', { name: 'Add user' }).click();
  await expect(users.getByRole('alert')).toHaveText(
    'The device list changed on the chain; check it and try again.',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('device-list-review')).toHaveCount(0);
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  expect(await chain.devices(owner)).toEqual([owner]);
});

test('a node writing Polkadot’s genesis hash in capitals still meets the second node', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { address: owner, pair, wallet } = await freshAccount(chain, page, 'Capitals');
  await chain.grantSubscription(owner, 0);
  await chain.send(chain.api.tx.rws.setDevices([owner, BOB_ED25519]), pair);
  hostile.rules = {
    genesisHash: `0x${POLKADOT.slice(2).toUpperCase()}`,
    hiddenDevice: { owner, device: BOB_ED25519 },
  };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await expect(page.getByTestId('buy-facts')).toContainText('Robonomics on Polkadot');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Renew subscription' }).click();
  await expect(page.getByText(/^Nothing was signed: the node /)).toContainText(
    `the node ${hostile.url} and the second node ws://127.0.0.1:9944 disagree about the device list at finalized block #`,
    { timeout: 20_000 },
  );
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
});

test('a second node that does not answer leaves the choice to the user, and nothing is signed without it', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { wallet } = await freshAccount(chain, page, 'Unconfirmed');
  hostile.rules = { genesisHash: POLKADOT };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  // The user's own second node for Polkadot is down.
  await nameSecondNode(page, 'ws://127.0.0.1:1');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  const line = page.getByTestId('facts-check');
  await expect(line).toContainText(
    'No second node confirmed these facts: your second node ws://127.0.0.1:1 did not answer',
    { timeout: 20_000 },
  );
  await expect(line).toContainText(`They come from ${hostile.url} alone, at its final block #`);
  await page.screenshot({ path: `${SCREENS}/hostile-unconfirmed-purchase.png`, fullPage: true });
  await page.waitForTimeout(1000);
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
  // Cancel: nothing signed.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('The activation process has been canceled.')).toBeVisible();
  expect(wallet.signedCount()).toBe(0);
  // Only the explicit choice signs.
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await page.getByRole('button', { name: 'Sign without a second opinion' }).click();
  await expect.poll(() => wallet.signedCount(), { timeout: 20_000 }).toBe(1);
});

test('a node that names an old block as final is refused, nothing signed', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const { wallet } = await freshAccount(chain, page, 'Stale');
  await chain.newBlocks(12);
  await page.waitForTimeout(1000);
  // Final, but ten blocks behind the devnet's own final block (the account's funding is older).
  const old = await finalBlockBehind(chain, 10);
  hostile.rules = { genesisHash: POLKADOT, finalizedHead: old.hash };
  await useHostileNode(page);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect(page.getByText(/^Nothing was signed: the node /)).toContainText(
    new RegExp(
      `the node ${hostile.url} answers from block #${old.number}, \\d+ blocks behind the second node ws://127\\.0\\.0\\.1:9944`,
    ),
    { timeout: 20_000 },
  );
  expect(wallet.signedCount()).toBe(0);
  expect(hostile.submitted).toEqual([]);
});

test('a second node the user named confirms the facts, and says so', async ({
  page,
  devnetChain: chain,
}) => {
  const honest = await startHostileNode({ target: CHAIN_URL });
  try {
    await chain.ensureFreeAuctions(1);
    const { wallet } = await freshAccount(chain, page, 'Confirmed');
    hostile.rules = { genesisHash: POLKADOT };
    await useHostileNode(page);
    await page.goto('./#/rws-buy');
    await nameSecondNode(page, honest.url);
    await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    await expect(page.getByTestId('facts-check')).toContainText(
      new RegExp(`^Confirmed at final block #\\d+ by your second node, ${honest.url}\\.$`),
      { timeout: 20_000 },
    );
    await expect.poll(() => wallet.signedCount(), { timeout: 20_000 }).toBe(1);
  } finally {
    await honest.close();
  }
});
