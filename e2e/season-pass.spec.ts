import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type BaseError, ContractFunctionRevertedError } from 'viem';
import {
  activateAs,
  activatedOf,
  devAccount,
  evm,
  freshAccountIndex,
  fund,
  mint,
  SEASON_PASS,
  seasonPassAbi,
  setPaused,
} from './fixtures/devnet-evm.ts';
import { injectEthereumWallet } from './fixtures/eip6963-wallet.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

const ORACLE = 'http://127.0.0.1:8787';
/** The fastest of the devnet's gateways: the API's host or the gateway. */
const GATEWAY = 'http://127\\.0\\.0\\.1:(5001|8080)/ipfs/';
const PASS_NAME = 'Robonomics Season Pass 2024-2025';
/**
 * A holder of its own: a fresh account of the Hardhat mnemonic with gas money and `count` new
 * passes, so no other test, earlier run or seeded token is involved.
 */
async function newHolder(count: number): Promise<{ index: number; tokens: bigint[] }> {
  const index = freshAccountIndex();
  await fund(devAccount(index).address);
  const tokens: bigint[] = [];
  for (let i = 0; i < count; i++) tokens.push(await mint(devAccount(index).address));
  return { index, tokens };
}

const passCard = (page: Page, tokenId: bigint) =>
  page.getByRole('article', { name: `${PASS_NAME} #${tokenId}` });

const statusOf = (page: Page) =>
  page.getByRole('region', { name: 'Season pass' }).getAttribute('data-status');

/** Why a direct activate(tokenId) by `holder` reverts: the contract's custom error name. */
async function revertOf(holder: number, tokenId: bigint): Promise<string | undefined> {
  try {
    await evm.simulateContract({
      address: SEASON_PASS,
      abi: seasonPassAbi,
      functionName: 'activate',
      args: [tokenId],
      account: devAccount(holder),
    });
    return undefined;
  } catch (error) {
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
    return (reverted as ContractFunctionRevertedError | null)?.data?.errorName;
  }
}

// A paused contract left by an interrupted run would refuse every activation below.
test.beforeAll(async () => {
  await setPaused(false);
});

test.describe('season pass', () => {
  test('without an Ethereum wallet the page says so', async ({ page }) => {
    await page.goto('./#/hardware/season-pass');
    await expect(page.getByRole('region', { name: 'Season pass' }).getByRole('status')).toHaveText(
      'Connect or install Ethereum extension in your browser',
    );
    await expect(page.getByRole('button', { name: 'Connect Ethereum wallet' })).toHaveCount(0);
  });

  test('a wallet without this site’s permission or without an account is told so', async ({
    page,
    context,
  }) => {
    const wallet = await injectEthereumWallet(page, {
      account: freshAccountIndex(),
      connected: false,
    });
    wallet.denyPermission();
    await page.goto('./#/hardware/season-pass');
    await expect(page.getByRole('button', { name: 'Test Wallet' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByText('Please, check permissions in the connected extension'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Connect Ethereum wallet' }).click();
    await expect(
      page.getByText('Please, check permissions in the connected extension'),
    ).toBeVisible();
    expect(wallet.requests).toContain('eth_requestAccounts');
    expect(wallet.requests).not.toContain('eth_call');

    const empty = await context.newPage();
    await injectEthereumWallet(empty, { account: null });
    await empty.goto('./#/hardware/season-pass');
    await expect(empty.getByText('No Ethereum account found: check your extension')).toBeVisible();
  });

  test('a new account connects through the wallet, has no pass, then sees one minted to it', async ({
    page,
  }) => {
    const index = freshAccountIndex();
    const wallet = await injectEthereumWallet(page, { account: index, connected: false });
    await page.goto('./#/hardware/season-pass');
    // Not allowed yet: the wallet's permission list has no eth_accounts.
    await expect(
      page.getByText('Please, check permissions in the connected extension'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Connect Ethereum wallet' }).click();
    await expect(page.getByText(`Account: ${wallet.address}`)).toBeVisible();
    await expect(page.getByText('No Season Pass NFT accosiated with this account')).toBeVisible();
    expect(await statusOf(page)).toBe('NFT_NOT_FOUND');

    // Refreshed on new blocks: a pass minted now shows up without a reload.
    const tokenId = await mint(devAccount(index).address);
    await expect(passCard(page, tokenId)).toBeVisible({ timeout: 15_000 });
    expect(await statusOf(page)).toBe('TOKENS_FOUND');
  });

  test('a wrong network is named, nothing is read from it, and the switch goes through the wallet', async ({
    page,
  }) => {
    const holder = await newHolder(1);
    const wallet = await injectEthereumWallet(page, { account: holder.index });
    wallet.reportChain(1);
    await page.goto('./#/hardware/season-pass');
    await expect(page.getByText('Please, switch to Sepolia')).toBeVisible();
    expect(wallet.requests).not.toContain('eth_call');
    await page.getByRole('button', { name: 'Switch to Sepolia' }).click();
    await expect(passCard(page, holder.tokens[0]!)).toBeVisible({ timeout: 15_000 });
    expect(wallet.requests).toContain('wallet_switchEthereumChain');

    // The user moves the wallet to another network: the page follows chainChanged.
    wallet.reportChain(1);
    await expect(page.getByText('Please, switch to Sepolia')).toBeVisible();
    await expect(passCard(page, holder.tokens[0]!)).toHaveCount(0);
  });

  test('shows each pass with its image, name and activation, and follows the chain', async ({
    page,
  }) => {
    const holder = await newHolder(2);
    const [first, second] = holder.tokens as [bigint, bigint];
    await activateAs(holder.index, second);
    const wallet = await injectEthereumWallet(page, { account: holder.index });
    await page.goto('./#/hardware/season-pass');

    const switches = page.getByRole('navigation', { name: 'Season passes' }).getByRole('button');
    await expect(switches).toHaveText(['1', '2'], { timeout: 15_000 });
    const card = passCard(page, first);
    await expect(card.getByRole('heading')).toHaveText(`${PASS_NAME} #${first}`);
    await expect(card.getByText(`Token id: ${first}`)).toBeVisible();
    await expect(card.getByText('Not activated')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Activate' })).toBeEnabled();
    const image = card.locator('img');
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${GATEWAY}Qm`));
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Season pass 2' }).click();
    const activated = passCard(page, second);
    await expect(activated.getByText('Activated', { exact: true })).toBeVisible();
    await expect(activated.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/season-pass-list.png`, fullPage: true });

    // Changes made elsewhere arrive with the next blocks: an activation and a new pass.
    await activateAs(holder.index, first);
    const third = await mint(devAccount(holder.index).address);
    await expect(switches).toHaveText(['1', '2', '3'], { timeout: 15_000 });
    await page.getByRole('button', { name: 'Season pass 1' }).click();
    await expect(card.getByText('Activated', { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Season pass 3' }).click();
    await expect(passCard(page, third).getByText('Not activated')).toBeVisible();

    // Another account of the wallet: its own (empty) list.
    wallet.useAccount(freshAccountIndex());
    await expect(page.getByText('No Season Pass NFT accosiated with this account')).toBeVisible();
  });

  test('activation: a refusal in the wallet returns to idle; success waits for the receipt', async ({
    page,
  }) => {
    const holder = await newHolder(1);
    const tokenId = holder.tokens[0]!;
    const wallet = await injectEthereumWallet(page, { account: holder.index });
    // The page's clock: the wait for a receipt is moved on instead of waited for.
    await page.clock.install();
    await page.goto('./#/hardware/season-pass');
    const card = passCard(page, tokenId);
    const activate = card.getByRole('button', { name: 'Activate' });

    wallet.rejectNext();
    await activate.click();
    await expect(card.getByRole('status')).toHaveText('The request was rejected in the wallet.');
    await expect(activate).toBeEnabled();
    await expect(card.getByText('Not activated')).toBeVisible();

    // Signed but not yet mined: the page keeps waiting and claims nothing.
    wallet.holdTransactions();
    await activate.click();
    await expect(card.getByRole('button', { name: 'Activating…' })).toBeDisabled();
    await page.clock.runFor(5_000);
    await expect(card.getByText('Not activated')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Activating…' })).toBeDisabled();
    expect(await activatedOf(tokenId)).toBe(false);

    await wallet.releaseTransactions();
    await expect(card.getByText('Activated', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('status')).toHaveText('Activation confirmed.', { timeout: 20_000 });
    await expect(card.getByRole('button', { name: /Activat/ })).toHaveCount(0);
    expect(await activatedOf(tokenId)).toBe(true);
    expect(wallet.requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
    await page.screenshot({ path: `${SCREENS}/season-pass-activated.png`, fullPage: true });
  });

  test('a paused contract and an already activated pass are told in words', async ({ page }) => {
    const holder = await newHolder(2);
    const [first, second] = holder.tokens as [bigint, bigint];
    const wallet = await injectEthereumWallet(page, { account: holder.index });
    await page.goto('./#/hardware/season-pass');
    const card = passCard(page, first);
    await expect(card).toBeVisible({ timeout: 15_000 });

    await setPaused(true);
    try {
      expect(await revertOf(holder.index, first)).toBe('EnforcedPause');
      await card.getByRole('button', { name: 'Activate' }).click();
      await expect(card.getByRole('status')).toHaveText(
        'Activation is paused by the season pass owner. Try again later.',
      );
      await page.screenshot({ path: `${SCREENS}/season-pass-paused.png`, fullPage: true });
    } finally {
      await setPaused(false);
    }
    // Refused before the wallet was asked to sign anything.
    expect(wallet.requests).not.toContain('eth_sendTransaction');
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(card.getByText('Activated', { exact: true })).toBeVisible({ timeout: 20_000 });

    // Activated elsewhere while this wallet's node lags: the page still offers Activate, and
    // the contract's TokenActivated comes back in words, then the card catches up.
    await page.getByRole('button', { name: 'Season pass 2' }).click();
    const other = passCard(page, second);
    await expect(other.getByText('Not activated')).toBeVisible();
    // Hold only once the page has polled a block since the switch: its first block after a
    // (re)mount re-reads every flag, which would see the activation below at once.
    const polls = () => wallet.requests.filter((m) => m === 'eth_blockNumber').length;
    const before = polls();
    await expect.poll(polls, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(other.getByText('Not activated')).toBeVisible();
    await wallet.holdBlocks();
    try {
      await activateAs(holder.index, second);
      expect(await revertOf(holder.index, second)).toBe('TokenActivated');
      await other.getByRole('button', { name: 'Activate' }).click();
      await expect(other.getByRole('status')).toHaveText('This season pass is already activated.');
      await expect(other.getByText('Activated', { exact: true })).toBeVisible();
      await expect(other.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    } finally {
      wallet.releaseBlocks();
    }
  });
});

test.describe('free minimum', () => {
  test('an activated pass gives one free 30-day subscription, and only once', async ({
    page,
    devnetChain: chain,
  }) => {
    test.setTimeout(90_000);
    const holder = await newHolder(2);
    const [claimed, inactive] = holder.tokens as [bigint, bigint];
    await activateAs(holder.index, claimed);
    const polkadot = await injectPolkadotExtension(page, [
      { name: 'Receiver', uri: `//FreeMinimum/${randomUUID()}`, type: 'sr25519' },
    ]);
    const receiver = polkadot.addresses.Receiver!;
    const wallet = await injectEthereumWallet(page, { account: holder.index });
    const checks: number[] = [];
    page.on('request', (request) => {
      if (request.url() === `${ORACLE}/api/check`) {
        const body = JSON.parse(request.postData() ?? '{}') as { nft?: number };
        if (body.nft === Number(claimed)) checks.push(Date.now());
      }
    });

    // The page's clock: the oracle's 10 s rhythm is moved on instead of waited for.
    await page.clock.install();
    await page.goto('./#/hardware/season-pass-2');
    await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
    await expect(page.getByTestId('granted-subscription')).toHaveText(
      'This account has no subscription yet.',
    );
    await expect(page.getByText('Balance: 2 NFT')).toBeVisible({ timeout: 15_000 });
    const item = page.getByRole('listitem', { name: `${PASS_NAME} #${claimed}` });
    const notActivated = page.getByRole('listitem', { name: `${PASS_NAME} #${inactive}` });
    await expect(notActivated.getByText('Token not activated')).toBeVisible();
    await expect(notActivated.getByRole('button', { name: 'Get free minimum' })).toBeDisabled();

    const claim = item.getByRole('button', { name: 'Get free minimum' });
    await expect(claim).toBeEnabled();
    wallet.rejectNext();
    await claim.click();
    await expect(item.getByRole('status')).toHaveText('The request was rejected in the wallet.');
    await expect(claim).toBeEnabled();
    expect(await chain.hasSubscription(receiver)).toBe(false);

    await claim.click();
    await expect(item.getByText('Free minimum received')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('granted-subscription')).toContainText('Active until', {
      timeout: 30_000,
    });
    expect(wallet.requests).toContain('personal_sign');
    const ledger = (await chain.api.query.rws.ledger(receiver)) as unknown as {
      unwrap(): { kind: { toJSON(): unknown } };
    };
    expect(ledger.unwrap().kind.toJSON()).toEqual({ daily: { days: 30 } });
    await page.screenshot({ path: `${SCREENS}/season-pass-free-minimum.png`, fullPage: true });

    // The oracle said "already received": the page stops asking (it asks every 10 s), so
    // three rounds of its clock later it has asked nothing more.
    const asked = checks.length;
    await page.clock.runFor(31_000);
    await page.evaluate(() => fetch(location.href).then(() => undefined));
    expect(checks.length).toBe(asked);

    // A second time: the page knows at once, and the oracle refuses a signed claim.
    await page.reload();
    await expect(
      page
        .getByRole('listitem', { name: `${PASS_NAME} #${claimed}` })
        .getByText('Free minimum received'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(
      page
        .getByRole('listitem', { name: `${PASS_NAME} #${claimed}` })
        .getByRole('button', { name: 'Get free minimum' }),
    ).toHaveCount(0);
    const account = devAccount(holder.index);
    const again = { nft: Number(claimed), address: account.address, for: receiver };
    const signature = await account.signMessage({ message: JSON.stringify(again) });
    const answer = await fetch(`${ORACLE}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signature, ...again }),
    }).then((r) => r.json());
    expect(answer).toEqual({ error: 'Free minimum for this token has already been received' });
  });
});
