import type { Page } from '@playwright/test';
import { type HostileNode, startHostileNode } from '@robonomics-dapp/devnet/levers/hostile-node';
import { BOB_ED25519 } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { keepOnEveryLoad, keptSetups } from './fixtures/app-storage.ts';
import { CHAIN_URL, type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { freshAccount, useHostileNode } from './fixtures/hostile.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { CONTROLLER, firstSwitchOverParachain, shortAddress } from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * Every transaction followed to its end (docs/transactions.md): the node the user connected to
 * (the project's hostile node, honest but for the link) cuts the link at each phase of a
 * transaction, and keeps it down a moment. Once the link is back, the page states what became of
 * what the user signed (in which block it ran, or that it was never included and nothing was
 * spent) within 10 s, and the chain holds it once.
 */
let node: HostileNode;

test.beforeAll(async () => {
  node = await startHostileNode({ target: CHAIN_URL });
});
test.beforeEach(async ({ page, devnetChain: chain }) => {
  node.rules = {};
  node.submitted.length = 0;
  // The node tells the truth about the chain (a transaction signed for another genesis would be
  // invalid), so the app takes it as a chain it does not know; the user named the devnet as its
  // second node, which confirms what a purchase or a device list rests on.
  const genesis = chain.api.genesisHash.toHex();
  await page.addInitScript(
    ([key, node]) =>
      localStorage.setItem('robonomics-dapp.second-nodes.v1', JSON.stringify({ [key]: node })),
    [genesis, CHAIN_URL] as const,
  );
});
test.afterAll(async () => {
  await node?.close();
});

/** The link stays down this long after a cut: long enough for the page to notice. */
const DOWN_MS = 2_000;

/**
 * Keeps new connections refused for DOWN_MS once `cut` is set, and until `whileDown` is done,
 * then lets them in again.
 */
async function linkBackAfterCut(
  cut: () => boolean,
  whileDown: () => Promise<void> = async () => {},
): Promise<number> {
  await expect.poll(cut, { timeout: 20_000 }).toBe(true);
  node.rules = { ...node.rules, refuseConnections: true };
  await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
  await whileDown();
  node.rules = {};
  return Date.now();
}

/** Seconds since `since`, logged for the closing figures. */
function secondsSince(since: number, what: string): number {
  const seconds = (Date.now() - since) / 1000;
  console.log(`${what}: ${seconds.toFixed(1)} s after the link came back`);
  test.info().annotations.push({ type: 'seconds', description: `${what}: ${seconds.toFixed(1)}` });
  return seconds;
}

async function openBuyPage(chain: DevnetChain, page: Page, name: string) {
  await chain.ensureFreeAuctions(1);
  const account = await freshAccount(chain, page, name);
  await useHostileNode(page, node);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('account-balance')).toContainText('planck');
  return account;
}

const ACTIVATED = 'Subscription has been activated. Please, check the list of your setups.';

for (const phase of ['right after the submission', 'after "in block", before final'] as const) {
  test(`a purchase whose link is cut ${phase} ends as the chain has it, once`, async ({
    page,
    devnetChain: chain,
  }) => {
    const { address, wallet } = await openBuyPage(chain, page, `Cut ${phase.slice(0, 5)}`);
    node.rules =
      phase === 'right after the submission' ? { cutAfterSubmit: 200 } : { cutAfterInBlock: true };
    const submitted = node.submitted.length;
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    const back = await linkBackAfterCut(() => node.submitted.length > submitted);
    // The bid's end is found in the blocks; the auction then closes and the page says so.
    await chain.newBlocks(12);
    await expect(page.getByText(ACTIVATED)).toBeVisible({ timeout: 20_000 });
    expect(secondsSince(back, `purchase cut ${phase}`)).toBeLessThan(10);
    await expect(page.getByText('The connection to the parachain was lost')).toHaveCount(0);
    expect(wallet.signedCount()).toBe(1);
    expect(await chain.hasSubscription(address)).toBe(true);
  });
}

test('a purchase cut while the page looks for it, then reloaded, is shown pending and then as it ended', async ({
  page,
  devnetChain: chain,
}) => {
  const { address, wallet } = await openBuyPage(chain, page, 'Reloaded');
  // No block is built until the page has lost track of the bid.
  await chain.provider.send('dev_holdBlocks', [true]);
  try {
    node.rules = { cutAfterSubmit: 0 };
    await page.getByRole('button', { name: 'Buy subscription' }).click();
    await expect.poll(() => node.submitted.length, { timeout: 20_000 }).toBe(1);
    // The link is down while the page reloads: it knows of the bid from its record alone.
    node.rules = { refuseConnections: true };
    await page.reload();
    // Pending: no second purchase is offered until its end is known.
    await expect(page.getByTestId('sent-transaction')).toContainText('is pending');
    // No second purchase is offered: the button is not there while the chain's data loads, or
    // it is disabled and says why.
    const buy = page.getByRole('button', { name: 'Buy subscription' });
    if ((await buy.count()) > 0) {
      await expect(buy).toBeDisabled();
      await expect(page.getByTestId('tx-refusal')).toContainText('is still on its way');
    }
    await page.screenshot({ path: `${SCREENS}/transaction-end-pending.png`, fullPage: true });
  } finally {
    // The bid goes into a block.
    await chain.provider.send('dev_holdBlocks', [false]);
  }
  // The link comes back, and is cut once more while the page reads the blocks.
  node.rules = { cutOnBlockRead: true };
  const back = Date.now();
  await expect(page.getByTestId('sent-transaction')).toContainText(
    /Your bid for a subscription signed at .+ ran in block #\d+\./,
    { timeout: 20_000 },
  );
  expect(secondsSince(back, 'purchase found after a reload, the search cut once')).toBeLessThan(10);
  await page.screenshot({ path: `${SCREENS}/transaction-end-reloaded.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(1);
  await chain.newBlocks(12);
  await expect.poll(() => chain.hasSubscription(address), { timeout: 20_000 }).toBe(true);
});

test('a device-list change cut after the submission, with the tab closed and opened again, ends once', async ({
  page,
  context,
  devnetChain: chain,
}) => {
  const { address: owner, pair, wallet } = await freshAccount(chain, page, 'List');
  await chain.grantSubscription(owner);
  await chain.send(chain.api.tx.rws.setDevices([owner]), pair);
  await keepOnEveryLoad(page, keptSetups([{ owner, name: 'Cut home', network: 'local' }]));
  await useHostileNode(page, node);
  await page.goto('./#/rws-setup');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  const users = page.getByRole('form', { name: 'Add a user' });
  await users.getByLabel('Account address').fill(BOB_ED25519);
  await users.getByRole('button', { name: 'Add user' }).click();
  node.rules = { cutAfterSubmit: 0 };
  await page
    .getByTestId('device-list-review')
    .getByRole('button', { name: 'Sign the new list' })
    .click();
  await expect.poll(() => node.submitted.length, { timeout: 20_000 }).toBe(1);
  // The tab closes before anything came back; another one opens the app later.
  node.rules = { refuseConnections: true };
  await page.close();
  const again = await context.newPage();
  await useHostileNode(again, node);
  await again.goto('./#/rws-setup');
  node.rules = {};
  const back = Date.now();
  // Told in the header, whatever page is open: the list was written, once.
  await expect(again.getByTestId('sent-notice')).toContainText(
    /The device list signed at .+ by .+ ran in block #\d+\./,
    { timeout: 20_000 },
  );
  expect(secondsSince(back, 'device list found with the tab opened again')).toBeLessThan(10);
  expect(wallet.signedCount()).toBe(1);
  expect(await chain.devices(owner)).toEqual([owner, BOB_ED25519]);
  await again.getByTestId('sent-notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(again.getByTestId('sent-notice')).toHaveCount(0);
});

test('a command through the parachain whose link is cut after the submission arrives once and says so', async ({
  page,
  devnetChain: chain,
}) => {
  await payForSeededHome(chain);
  await useHostileNode(page, node);
  const { card, state, before } = await firstSwitchOverParachain(page);
  node.rules = { cutAfterSubmit: 0 };
  const submitted = node.submitted.length;
  const ringEnd = async () =>
    JSON.stringify((await chain.api.query.datalog.datalogIndex(CONTROLLER)).toJSON());
  const endBefore = await ringEnd();
  await card.getByRole('switch').click();
  const back = await linkBackAfterCut(
    () => node.submitted.length > submitted,
    async () => {
      // The home writes its new states while the link is down, and another block follows them:
      // the page must read the record, not wait for an event it missed.
      await expect.poll(ringEnd, { timeout: 20_000 }).not.toBe(endBefore);
      await chain.newBlocks(1);
    },
  );
  await expect(card.getByText('All done!')).toBeVisible({ timeout: 20_000 });
  expect(secondsSince(back, 'launch cut after the submission')).toBeLessThan(10);
  await expect(state).not.toHaveText(before, { timeout: 30_000 });
  expect(node.submitted.length).toBe(submitted + 1);
});

test('a transaction the node swallows ends as not included, nothing spent, once its window passes', async ({
  page,
  devnetChain: chain,
}) => {
  // The follower of sent transactions (the header's notice and the block search) is fetched
  // only once this browser keeps a transaction: not for a visitor who never signed here.
  const followerRequests: string[] = [];
  page.on('request', (request) => {
    if (/SentTransactionsNotice/.test(request.url())) followerRequests.push(request.url());
  });
  const { address } = await openBuyPage(chain, page, 'Swallowed');
  const before = await chain.transferable(address);
  expect(followerRequests).toEqual([]);
  node.rules = { swallowSubmissions: true };
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => node.submitted.length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => followerRequests.length).toBe(1);
  await expect(page.getByTestId('sent-transaction')).toContainText('is pending');
  node.rules = {};
  // The bid's 64 blocks go by without it.
  await chain.newBlocks(70);
  await expect(page.locator('[data-tx-status]').getByRole('status')).toContainText(
    /The transaction was not included by block #\d+, the last its signature allowed, so it can never run: nothing was spent\./,
    { timeout: 30_000 },
  );
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/transaction-end-expired.png`, fullPage: true });
  expect(await chain.transferable(address)).toBe(before);
  expect(await chain.hasSubscription(address)).toBe(false);
  // The purchase is offered again.
  await expect(page.getByRole('button', { name: 'Buy subscription' })).toBeEnabled();
});

test('an account’s outcome and refusal stay its own: switching accounts shows the other’s, before any click', async ({
  page,
  devnetChain: chain,
}) => {
  await chain.ensureFreeAuctions(1);
  const runningUri = `//Running ${Date.now()}`;
  const freshUri = `//Fresh ${Date.now()}`;
  const running = chain.pair(runningUri).address;
  const fresh = chain.pair(freshUri).address;
  for (const address of [running, fresh]) await chain.transfer(address, 100n * XRT);
  await chain.grantSubscription(running);
  const wallet = await injectPolkadotExtension(page, [
    { name: 'Running', uri: runningUri, type: 'sr25519' },
    { name: 'Fresh', uri: freshUri, type: 'sr25519' },
  ]);
  await useHostileNode(page, node);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page
    .getByLabel('Account', { exact: true })
    .selectOption({ label: `Running (${shortAddress(running)})` });
  // Said before any click, the button offering nothing.
  await expect(page.getByTestId('tx-refusal')).toHaveText('You have an active subscription');
  await expect(page.getByRole('button', { name: 'Buy subscription' })).toBeDisabled();
  // The other account has no subscription: nothing of the first account's reason stays.
  await page
    .getByLabel('Account', { exact: true })
    .selectOption({ label: `Fresh (${shortAddress(fresh)})` });
  await expect(page.getByTestId('tx-refusal')).toHaveCount(0);
  await expect(page.getByText('You have an active subscription')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy subscription' })).toBeEnabled();
  expect(wallet.signedCount()).toBe(0);
});
