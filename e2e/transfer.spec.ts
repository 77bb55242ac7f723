import type { Page } from '@playwright/test';
import { upgradeRuntime } from '@robonomics-dapp/devnet/levers/upgrade-runtime';
import { keepOnEveryLoad, keptSetups } from './fixtures/app-storage.ts';
import { CHAIN_URL, type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * Subscriptions that change hands (docs/product-rules.md, "Transferring a subscription"): an owner
 * transfers theirs to a fresh account, the new owner is checked before anything is signed, a buyer
 * hands a subscription bought for someone else to them, and the device list keeps to the
 * runtime's bound.
 */
/** A funded account whose key the test extension holds, with a 30-day subscription. */
async function ownerWithSubscription(chain: DevnetChain, page: Page, name: string) {
  const uri = `//Transfer ${name} ${Date.now()}`;
  const pair = chain.pair(uri);
  await chain.transfer(pair.address, 20n * XRT);
  await chain.grantSubscription(pair.address);
  const wallet = await injectPolkadotExtension(page, [{ name, uri, type: 'sr25519' }]);
  await keepOnEveryLoad(
    page,
    keptSetups([{ owner: pair.address, name: `${name} home`, network: 'local' }]),
  );
  return { owner: pair.address, pair, wallet };
}

async function openTransfer(page: Page) {
  await page.goto('./#/rws-setup');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
  await page.getByText('Transfer the subscription', { exact: true }).click();
  return page.getByRole('form', { name: 'Transfer the subscription' });
}

test('an owner transfers the subscription to a fresh account; both pages follow', async ({
  page,
  devnetChain: chain,
}) => {
  const { owner, wallet } = await ownerWithSubscription(chain, page, 'Giver');
  const heir = chain.pair(`//Transfer heir ${Date.now()}`).address;
  const form = await openTransfer(page);
  // Refused before anything is signed: the owner itself, another network's format.
  await form.getByLabel('New owner (a Robonomics address)').fill(owner);
  await form.getByRole('button', { name: 'Review the transfer' }).click();
  await expect(page.getByText('This is the subscription’s owner already.')).toBeVisible();
  await form
    .getByLabel('New owner (a Robonomics address)')
    .fill('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
  await form.getByRole('button', { name: /^(Review the transfer|Try again)$/ }).click();
  await expect(page.getByText('This address is written for another network')).toBeVisible();
  expect(wallet.signedCount()).toBe(0);

  await form.getByLabel('New owner (a Robonomics address)').fill(heir);
  await form.getByRole('button', { name: /^(Review the transfer|Try again)$/ }).click();
  const review = page.getByTestId('transfer-review');
  // Both accounts in full, each apart from what it is to the user.
  await expect(review.getByTestId('transfer-from')).toHaveText(owner);
  await expect(review.getByTestId('transfer-to')).toHaveText(heir);
  await expect(review).toContainText('the new owner');
  await expect(review).toContainText('Stays with the current owner');
  await expect(review).toContainText('the new owner writes their own');
  // The review takes the focus, which scrolls it into view: the full-page picture starts at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/transfer-review-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/mobile/transfer-review-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await review.getByRole('button', { name: 'Sign the transfer' }).click();
  await expect(page.getByText(`The subscription now belongs to ${heir}.`)).toBeVisible({
    timeout: 30_000,
  });
  expect(await chain.hasSubscription(heir)).toBe(true);
  expect(await chain.hasSubscription(owner)).toBe(false);
  // The old owner's setup says where it went; the new owner's setup is kept here on request.
  await expect(page.getByTestId('subscription-moved')).toContainText(`Moved to ${heir}`);
  await page
    .getByRole('button', { name: 'Keep a setup for the new owner in this browser' })
    .click();
  await expect(page.getByRole('link', { name: 'Your setups', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/transfer-done-1280.png`, fullPage: true });

  // The devices page of the old owner's home says where the subscription went (the reload writes
  // the test's storage again, so the old owner's setup is the one shown).
  await page.goto('./#/telemetry');
  await page.reload();
  const controls = page.getByRole('region', { name: 'Controls' });
  await controls.locator('[data-chip="subscription"]').click();
  await expect(controls.getByTestId('telemetry-subscription')).toContainText(
    `Subscription: moved to ${heir} on`,
  );
});

test('a new owner with a subscription of its own is refused before signing, and by the chain when it gets one meanwhile', async ({
  page,
  devnetChain: chain,
}) => {
  const { wallet } = await ownerWithSubscription(chain, page, 'Checked');
  const taken = chain.pair(`//Transfer taken ${Date.now()}`).address;
  await chain.grantSubscription(taken);
  const form = await openTransfer(page);
  await form.getByLabel('New owner (a Robonomics address)').fill(taken);
  await form.getByRole('button', { name: 'Review the transfer' }).click();
  await expect(
    page.getByText(
      'This account has a subscription of its own: an account holds one subscription at most.',
    ),
  ).toBeVisible();
  expect(wallet.signedCount()).toBe(0);

  // Past the check, the target gains a subscription before the transaction is in a block.
  const late = chain.pair(`//Transfer late ${Date.now()}`).address;
  await form.getByLabel('New owner (a Robonomics address)').fill(late);
  await form.getByRole('button', { name: /^(Review the transfer|Try again)$/ }).click();
  await expect(page.getByTestId('transfer-review')).toBeVisible();
  await chain.grantSubscription(late);
  await page
    .getByTestId('transfer-review')
    .getByRole('button', { name: 'Sign the transfer' })
    .click();
  // The runtime's own words for TargetAlreadyHasSubscription.
  await expect(page.getByText('Target account already has subscription.')).toBeVisible({
    timeout: 30_000,
  });
  expect(wallet.signedCount()).toBe(1);
});

/** The gift records the app keeps in this browser, as their raw entries. */
function keptGifts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('robonomics-dapp.pending-gifts'))
        .map((key) => [key, localStorage.getItem(key) ?? '']),
    ),
  );
}

/** Changes one field of every kept gift record, as a page of the same origin could. */
function editKeptGifts(page: Page, field: string, value: unknown): Promise<void> {
  return page.evaluate(
    ({ field, value }) => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith('robonomics-dapp.pending-gifts')) continue;
        const records = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<
          string,
          Record<string, unknown>
        >;
        for (const record of Object.values(records)) record[field] = value;
        localStorage.setItem(key, JSON.stringify(records));
      }
    },
    { field, value },
  );
}

/**
 * A funded buyer, whose key the test extension holds, bids on the Buy page for a fresh account;
 * resolves once the bid is signed.
 */
async function buyForSomeoneElse(chain: DevnetChain, page: Page, name: string) {
  await chain.ensureFreeAuctions(1);
  const uri = `//Transfer ${name} buyer ${Date.now()}`;
  const buyer = chain.pair(uri).address;
  await chain.transfer(buyer, 20n * XRT);
  const wallet = await injectPolkadotExtension(page, [{ name, uri, type: 'sr25519' }]);
  const friend = chain.pair(`//Transfer ${name} friend ${Date.now()}`).address;
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByText('Buy it for someone else').click();
  await page.getByLabel('Their Robonomics address', { exact: false }).fill(friend);
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  return { buyer, friend, wallet };
}

test('a subscription bought for someone else is handed to them once won, across a reload, after the full review', async ({
  page,
  devnetChain: chain,
}) => {
  const { buyer, friend, wallet } = await buyForSomeoneElse(chain, page, 'Giving');
  // The page is closed while the auction runs; the gift is remembered.
  await page.waitForTimeout(500);
  await page.reload();
  await chain.newBlocks(12);
  const gift = page.getByTestId('gift-panel');
  await expect(gift.getByTestId('gift-beneficiary')).toHaveText(friend, { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/gift-offer-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/mobile/gift-offer-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await gift.getByRole('button', { name: 'Review the hand-over' }).click();
  // The same review as any transfer, both accounts in full; nothing is signed before it.
  const review = gift.getByTestId('transfer-review');
  await expect(review.getByTestId('transfer-from')).toHaveText(buyer);
  await expect(review.getByTestId('transfer-to')).toHaveText(friend);
  await expect(review).toContainText('the person you bought it for');
  await expect(review).toContainText('Stays with the current owner');
  expect(wallet.signedCount()).toBe(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/gift-review-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/mobile/gift-review-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await review.getByRole('button', { name: 'Sign the transfer' }).click();
  await expect(page.getByText(`The subscription now belongs to ${friend}.`)).toBeVisible({
    timeout: 30_000,
  });
  expect(wallet.signedCount()).toBe(2);
  expect(await chain.hasSubscription(friend)).toBe(true);
  expect(await chain.hasSubscription(buyer)).toBe(false);
});

test('a gift record changed in storage is not acted on, nor one whose subscription changed since, and the page says why', async ({
  page,
  devnetChain: chain,
}) => {
  const { buyer, wallet } = await buyForSomeoneElse(chain, page, 'Edited');
  await chain.newBlocks(4);
  const gift = page.getByTestId('gift-panel');
  const handOver = page.getByRole('button', {
    name: /^(Review the hand-over|Transfer it to them)$/,
  });
  await expect(handOver).toBeVisible({ timeout: 30_000 });
  const genuine = await keptGifts(page);
  const stranger = chain.pair(`//Transfer stranger ${Date.now()}`).address;
  const [record] = Object.values(
    JSON.parse(Object.values(genuine)[0] ?? '{}') as Record<string, { auction?: number }>,
  );
  // Another beneficiary, another chain, another auction: each edit is refused, in words.
  for (const [field, value] of [
    ['beneficiary', stranger],
    ['genesis', `0x${'cd'.repeat(32)}`],
    ['auction', (record?.auction ?? 0) + 1],
  ] as const) {
    await editKeptGifts(page, field, value);
    await page.reload();
    await expect(page.getByTestId('gift-removed'), field).toContainText(
      'was not written by the app as it reads now',
    );
    await expect(page.getByTestId('gift-removed')).toContainText('Nothing was transferred');
    await expect(handOver).toHaveCount(0);
    expect(await keptGifts(page), field).toEqual(
      Object.fromEntries(Object.keys(genuine).map((key) => [key, '{}'])),
    );
    if (field === 'beneficiary') {
      await page.screenshot({ path: `${SCREENS}/gift-removed-1280.png`, fullPage: true });
    }
    // The record as the app wrote it, back for the next edit.
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, genuine);
  }
  // Untouched, it is offered again.
  await page.reload();
  await expect(handOver).toBeVisible();

  // The subscription is issued again (as a later purchase or the oracle would): it is not the one
  // bought for them, so the gift goes, and the subscription is never offered to hand over.
  await chain.grantSubscription(buyer);
  await expect(page.getByTestId('gift-removed')).toContainText(
    "This account's subscription is no longer the one bought for",
  );
  await expect(gift).toHaveCount(0);
  expect(wallet.signedCount()).toBe(1);
  expect(await chain.hasSubscription(buyer)).toBe(true);
});

test('a gift whose auction was lost is removed with why, and never offers the buyer’s own subscription', async ({
  page,
  devnetChain: chain,
}) => {
  const { buyer, wallet } = await buyForSomeoneElse(chain, page, 'Outbid');
  // The bid is in a block: the gift is remembered, for the auction the buyer leads.
  await expect.poll(async () => Object.keys(await keptGifts(page)).length).toBe(1);
  // The auction is taken from the gift record, not looked up in the queue: the other browser
  // lane's blocks may have closed it already (the chain keeps a closed auction and its winner).
  const [record] = Object.values(
    JSON.parse(Object.values(await keptGifts(page))[0] ?? '{}') as Record<
      string,
      { auction?: number }
    >,
  );
  const index = record?.auction ?? -1;
  expect(index).toBeGreaterThanOrEqual(0);
  const stored = (
    (await chain.api.query.rws.auction(index)) as unknown as {
      unwrap(): { toRawType(): string; toJSON(): Record<string, unknown> };
    }
  ).unwrap();
  // The record names the auction the buyer's bid leads (or won).
  const winner = stored.toJSON().winner as string | null;
  expect(winner && chain.keyring.encodeAddress(winner, 32)).toBe(buyer);
  // A rival outbids the buyer before the auction closes: the chain names them its winner.
  const rival = chain.pair(`//Transfer rival ${Date.now()}`).address;
  await chain.setStorage([
    [
      chain.api.query.rws.auction.key(index),
      chain.api.createType(stored.toRawType(), { ...stored.toJSON(), winner: rival }).toHex(),
    ],
  ]);
  await expect(page.getByTestId('gift-removed')).toContainText(
    `Someone else won auction #${index}, the one you bid on for`,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('gift-removed')).toContainText('your bid was returned');

  // The buyer gets a subscription of their own later: the old gift never offers to hand it over.
  await chain.newBlocks(3);
  await chain.grantSubscription(buyer);
  await page.reload();
  await expect(page.getByTestId('buy-facts')).toContainText('Your current subscription');
  await expect(
    page.getByRole('button', { name: /^(Review the hand-over|Transfer it to them)$/ }),
  ).toHaveCount(0);
  await expect(page.getByTestId('gift-panel')).toHaveCount(0);
  expect(wallet.signedCount()).toBe(1);
});

test('a 33rd device is refused before signing, with the runtime’s bound in words', async ({
  page,
  devnetChain: chain,
}) => {
  const { owner, pair, wallet } = await ownerWithSubscription(chain, page, 'Full');
  const many = Array.from({ length: 32 }, (_, i) => chain.pair(`//Transfer device ${i}`).address);
  await chain.send(chain.api.tx.rws.setDevices(many), pair);
  await page.goto('./#/rws-setup');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('device-list-full')).toHaveText(
    "This network's runtime allows at most 32 accounts in a subscription's device list (RWS.MaxDevicesAmount): the list is full. Remove one first.",
  );
  const users = page.getByRole('form', { name: 'Add a user' });
  await users.getByLabel('Account address').fill(owner);
  await users.getByRole('button', { name: 'Add user' }).click();
  await expect(users.getByText('the list is full', { exact: false })).toBeVisible();
  expect(wallet.signedCount()).toBe(0);
});

test('transfer is offered where the runtime has it, and said to be missing where it has not', async ({
  page,
  devnetChain: chain,
}) => {
  // What the chain's own metadata says, read by an independent client.
  const has = typeof chain.api.tx.rws.transfer === 'function';
  await ownerWithSubscription(chain, page, 'Offered');
  await page.goto('./#/rws-setup');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
  if (has) {
    await expect(page.getByTestId('transfer-panel')).toBeVisible();
  } else {
    await expect(page.getByTestId('transfer-unavailable')).toHaveText(
      'Transferring a subscription to another owner is not available on this network yet: its runtime has no such call.',
    );
  }
  await page.goto('./#/rws-buy');
  await page.getByText('Buy it for someone else').click();
  await expect(page.getByTestId('gift-unavailable')).toHaveCount(has ? 0 : 1);
});

test('a runtime upgrade that brings the transfer call offers it without a reload', async ({
  page,
  devnetChain: chain,
}) => {
  // The TypeScript engine upgrades as a chain does (the runtime engine's wasm cannot be swapped).
  test.skip(
    typeof chain.api.tx.rws.transfer !== 'function',
    'this chain cannot be upgraded to a runtime with the call',
  );
  await ownerWithSubscription(chain, page, 'Upgraded');
  try {
    // A runtime as Kusama's spec 42: no transfer call.
    await upgradeRuntime(CHAIN_URL, { withoutCalls: ['RWS.transfer'] });
    await page.goto('./#/rws-setup');
    await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
    await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
    await expect(page.getByTestId('transfer-unavailable')).toBeVisible({ timeout: 20_000 });
    // A marker set now would be gone after a reload.
    await page.evaluate(() => {
      (window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true;
    });
  } finally {
    // The upgrade that brings every call back (the stack's chain is shared with other specs).
    await upgradeRuntime(CHAIN_URL, {});
  }
  await expect(page.getByTestId('transfer-panel')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('transfer-unavailable')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade),
  ).toBe(true);
});
