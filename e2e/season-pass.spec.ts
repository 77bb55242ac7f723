import { expect, type Page, test } from '@playwright/test';
import { encodeFunctionData, parseAbi } from 'viem';
import { DevnetChain } from './fixtures/devnet-chain.ts';
import { evmRpc, HARDHAT_ACCOUNTS, injectEthereumWallet } from './fixtures/eip6963-wallet.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ORACLE = 'http://127.0.0.1:8787';
const SCREENS = 'e2e/artifacts/screens';
const abi = parseAbi([
  'function safeMint(address to, string cid) returns (uint256)',
  'function activate(uint256 tokenId)',
  'function pause()',
  'function unpause()',
  'function tokenURI(uint256 tokenId) view returns (string)',
]);

/** Sends a contract call from an unlocked Hardhat account and waits for its receipt. */
async function transact(from: string, data: `0x${string}`) {
  const hash = (await evmRpc('eth_sendTransaction', [{ from, to: CONTRACT, data }])) as string;
  for (;;) {
    const receipt = (await evmRpc('eth_getTransactionReceipt', [hash])) as {
      status: string;
      logs: { topics: `0x${string}`[]; data: `0x${string}` }[];
    } | null;
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The owner mints a fresh token to `to` (with token 1's metadata) and returns its id. */
async function mint(to: string): Promise<bigint> {
  const uri = (await evmRpc('eth_call', [
    { to: CONTRACT, data: encodeFunctionData({ abi, functionName: 'tokenURI', args: [1n] }) },
    'latest',
  ])) as `0x${string}`;
  const cid = Buffer.from(uri.slice(2 + 128), 'hex')
    .toString('utf8')
    .replace(/\0+$/, '')
    .replace('ipfs://', '');
  const receipt = await transact(
    HARDHAT_ACCOUNTS[0],
    encodeFunctionData({ abi, functionName: 'safeMint', args: [to as `0x${string}`, cid] }),
  );
  // Transfer(from, to, tokenId): the id is the third indexed topic.
  return BigInt(receipt.logs[0]!.topics[3]!);
}

/** Shows the newest pass (the switch buttons are numbered from 1). */
async function showNewest(page: Page) {
  const buttons = page.getByRole('navigation', { name: 'Season passes' }).getByRole('button');
  await page.getByRole('article').first().waitFor({ timeout: 15_000 });
  if ((await buttons.count()) > 0) await buttons.last().click();
}

async function openPass(page: Page) {
  await page.goto('./#/hardware/season-pass');
  await connectIfAsked(page);
}

/**
 * The test wallet already grants this site its account (eth_accounts), so the page usually
 * connects by itself; the button may show for a moment and vanish, so a click may not land.
 */
async function connectIfAsked(page: Page) {
  await page
    .getByRole('button', { name: 'Connect Ethereum wallet' })
    .click({ timeout: 1_500 })
    .catch(() => {});
}

test.describe('season pass', () => {
  test('without an Ethereum wallet the page says so', async ({ page }) => {
    await page.goto('./#/hardware/season-pass');
    await expect(
      page.getByText('Connect or install Ethereum extension in your browser'),
    ).toBeVisible();
  });

  test('a wrong network is named and switched', async ({ page }) => {
    const wallet = await injectEthereumWallet(page, 0);
    wallet.reportChain(1);
    await openPass(page);
    await expect(page.getByText('Please, switch to Sepolia')).toBeVisible();
    await page.getByRole('button', { name: 'Switch to Sepolia' }).click();
    await expect(page.getByRole('heading', { name: /#1$/ })).toBeVisible({ timeout: 15_000 });
  });

  test('an account without passes is told so', async ({ page }) => {
    await injectEthereumWallet(page, 5);
    await openPass(page);
    await expect(page.getByText('No Season Pass NFT accosiated with this account')).toBeVisible({
      timeout: 15_000,
    });
  });

  test('shows the passes and activates one after its receipt', async ({ page }) => {
    const tokenId = await mint(HARDHAT_ACCOUNTS[4]);
    await injectEthereumWallet(page, 4);
    await openPass(page);
    await showNewest(page);
    const pass = page.getByRole('article', { name: new RegExp(`#${tokenId}$`) });
    await expect(pass).toBeVisible({ timeout: 15_000 });
    await expect(pass.getByText('Not activated')).toBeVisible();
    const image = pass.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await pass.getByRole('button', { name: /Activate/ }).click();
    await expect(pass.getByText('Activated', { exact: true })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${SCREENS}/season-pass.png`, fullPage: true });
  });

  test('a refused signature, an already activated pass and a paused contract are told in words', async ({
    page,
  }) => {
    const tokenId = await mint(HARDHAT_ACCOUNTS[4]);
    const wallet = await injectEthereumWallet(page, 4);
    await openPass(page);
    await showNewest(page);
    const pass = page.getByRole('article', { name: new RegExp(`#${tokenId}$`) });
    await expect(pass).toBeVisible({ timeout: 15_000 });

    wallet.rejectNext();
    await pass.getByRole('button', { name: /Activate/ }).click();
    await expect(pass.getByRole('status')).toContainText('rejected in the wallet');

    await transact(HARDHAT_ACCOUNTS[0], encodeFunctionData({ abi, functionName: 'pause' }));
    try {
      await pass.getByRole('button', { name: /Activate/ }).click();
      await expect(pass.getByRole('status')).toHaveText(
        'Activation is paused by the season pass owner. Try again later.',
      );
    } finally {
      await transact(HARDHAT_ACCOUNTS[0], encodeFunctionData({ abi, functionName: 'unpause' }));
    }

    // Activated behind the page's back: the next click is refused by the contract.
    await transact(
      HARDHAT_ACCOUNTS[4],
      encodeFunctionData({ abi, functionName: 'activate', args: [tokenId] }),
    );
    await pass.getByRole('button', { name: /Activate/ }).click();
    await expect(pass.getByRole('status')).toHaveText('This season pass is already activated.');
  });
});

test.describe('free minimum', () => {
  test('an activated pass grants a subscription once', async ({ page }) => {
    const chain = await DevnetChain.connect();
    try {
      const polkadot = await injectPolkadotExtension(page, [
        { name: 'Receiver', uri: '//FreeMinimumReceiver', type: 'sr25519' },
      ]);
      await injectEthereumWallet(page, 2);
      await page.goto('./#/hardware/season-pass-2');
      await connectIfAsked(page);
      await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
      await expect(page.getByTestId('granted-subscription')).toHaveText(
        'This account has no subscription yet.',
      );
      await page.getByRole('button', { name: 'Get free minimum' }).click();
      await expect(page.getByText('Free minimum received')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('granted-subscription')).toContainText('Active until', {
        timeout: 30_000,
      });
      expect(await chain.hasSubscription(polkadot.addresses.Receiver!)).toBe(true);
      await page.screenshot({ path: `${SCREENS}/season-pass-free-minimum.png`, fullPage: true });

      // The oracle refuses a second claim for the same token.
      const answer = await fetch(`${ORACLE}/api/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nft: 4, address: HARDHAT_ACCOUNTS[2] }),
      }).then((r) => r.json());
      expect(answer).toEqual({ error: 'Free minimum for this token has already been received' });
    } finally {
      await chain.disconnect();
    }
  });
});
