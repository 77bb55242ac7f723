import { expect, test } from '@playwright/test';
import { DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';

/**
 * A wallet extension shows what it is asked to sign only when it holds the chain's metadata: the
 * app offers it through the injected API's metadata.provide, once per spec version.
 */
let chain: DevnetChain;

/** An account of its own per test (a bid makes it a subscriber), funded for a bid. */
async function freshSigner() {
  const signer = {
    name: 'Metadata',
    uri: `//Wallet metadata ${Date.now()}`,
    type: 'sr25519',
  } as const;
  await chain.transfer(chain.pair(signer.uri).address, 100n * XRT);
  return signer;
}

test.beforeAll(async () => {
  chain = await DevnetChain.connect();
});

test.afterAll(async () => {
  await chain?.disconnect();
});

test('the wallet is offered the chain metadata once and then shows the decoded call', async ({
  page,
}) => {
  const wallet = await injectPolkadotExtension(page, [await freshSigner()]);
  await chain.startAuctions(1);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect.poll(() => wallet.provided().length).toBe(1);

  const [definition] = wallet.provided();
  const { specVersion } = chain.api.runtimeVersion;
  expect(definition).toMatchObject({
    chain: (await chain.api.rpc.system.chain()).toString(),
    genesisHash: chain.api.genesisHash.toHex(),
    ss58Format: 32,
    tokenSymbol: 'XRT',
    tokenDecimals: 9,
    specVersion: specVersion.toNumber(),
  });
  // The metadata itself, in both fields wallets read, equal to the node's.
  const metadata = (await chain.api.rpc.state.getMetadata()).toHex();
  expect(definition?.rawMetadata).toBe(metadata);
  expect(Buffer.from(definition?.metaCalls ?? '', 'base64').toString('hex')).toBe(
    metadata.slice(2),
  );

  // Another visit: the wallet lists the chain at this spec version, so nothing is offered again.
  await page.reload();
  await expect(page.getByTestId('account-balance')).toContainText('XRT');
  await expect.poll(() => wallet.metadataReads()).toBeGreaterThanOrEqual(2);

  // The approval of a bid now shows the call, decoded with the metadata the app offered.
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  const [shown] = wallet.shownCalls();
  expect(shown?.call).toBe('utility.batchAll');
  expect(JSON.stringify(shown?.args)).toContain('"bid"');
  expect(wallet.provided()).toHaveLength(1);
});

test('a spec version offered once is not offered again, and unoffered calls stay raw bytes', async ({
  page,
}) => {
  const wallet = await injectPolkadotExtension(page, [await freshSigner()]);
  // This wallet was offered this spec version before, and its user declined.
  const offered = `polkadot-js|${chain.api.genesisHash.toHex()}|${chain.api.runtimeVersion.specVersion.toNumber()}`;
  await page.addInitScript((key) => {
    localStorage.setItem('robonomics-dapp.metadata-offered.v1', JSON.stringify([key]));
  }, offered);
  await chain.startAuctions(1);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect.poll(() => wallet.metadataReads()).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  expect(wallet.shownCalls()).toEqual([null]);
  expect(wallet.provided()).toEqual([]);
});
