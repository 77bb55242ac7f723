import { upgradeRuntime } from '@robonomics-dapp/devnet/levers/upgrade-runtime';
import { CHAIN_URL, type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, test } from './fixtures/test.ts';

/** An account of its own per test (a bid makes it a subscriber), funded for a bid. */
async function freshSigner(chain: DevnetChain) {
  const signer = {
    name: 'Metadata',
    uri: `//Wallet metadata ${Date.now()}`,
    type: 'sr25519',
  } as const;
  await chain.transfer(chain.pair(signer.uri).address, 100n * XRT);
  return signer;
}

test('the wallet is offered the chain metadata once and then shows the decoded call', async ({
  page,
  devnetChain: chain,
}) => {
  const wallet = await injectPolkadotExtension(page, [await freshSigner(chain)]);
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
  expect(shown).toMatchObject({ call: 'utility.batchAll', specVersion: specVersion.toNumber() });
  expect(JSON.stringify(shown?.args)).toContain('"bid"');
  expect(wallet.provided()).toHaveLength(1);
});

test('a spec version offered once is not offered again, and unoffered calls stay raw bytes', async ({
  page,
  devnetChain: chain,
}) => {
  const wallet = await injectPolkadotExtension(page, [await freshSigner(chain)]);
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

// The stack's chain is shared with the other specs: this upgrade changes no constant, only the
// spec version (and with it System.Version), so the runtime behaves as before for them.
test('after a runtime upgrade the wallet is offered the new spec version without a reload', async ({
  page,
  devnetChain: chain,
}) => {
  const signer = await freshSigner(chain);
  const wallet = await injectPolkadotExtension(page, [signer]);
  await chain.startAuctions(1);
  await page.goto('./#/rws-buy');
  await page.getByRole('main').getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect.poll(() => wallet.provided().length).toBe(1);
  const before = wallet.provided()[0]!;
  expect(before.specVersion).toBe(chain.api.runtimeVersion.specVersion.toNumber());
  // A marker set now would be gone after a reload.
  await page.evaluate(() => {
    (window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true;
  });

  const { specVersion, blockHash } = await upgradeRuntime(CHAIN_URL);
  expect(specVersion).toBe(before.specVersion + 1);
  await expect.poll(() => wallet.provided().length, { timeout: 20_000 }).toBe(2);
  const after = wallet.provided()[1]!;
  expect(after).toMatchObject({ genesisHash: before.genesisHash, specVersion });
  // The new runtime's metadata as the node serves it from the upgrade's block on, as V14
  // (state_getMetadata) or V15 (the Metadata runtime API), in both fields wallets read.
  const v14 = (await chain.api.rpc.state.getMetadata(blockHash)).toHex();
  const answer = await chain.api.rpc.state.call(
    'Metadata_metadata_at_version',
    '0x0f000000',
    blockHash,
  );
  const v15 = `0x${Buffer.from(
    chain.api.registry.createType('Option<Bytes>', answer.toU8a(true)).unwrap().toU8a(true),
  ).toString('hex')}`;
  const offered = after.rawMetadata;
  expect(offered === v14 || offered === v15, 'the new runtime metadata').toBe(true);
  expect(Buffer.from(after.metaCalls ?? '', 'base64').toString('hex')).toBe(offered?.slice(2));
  expect(offered === before.rawMetadata, 'the previous runtime metadata').toBe(false);
  expect(
    await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade),
  ).toBe(true);

  // A bid signed now is for the new spec version, and the wallet decodes it with the metadata
  // it was just given; the chain takes it (a bid reserves the amount, until the auction closes
  // and the bidder has the subscription: the other browser lane's blocks may close it at once).
  await page.getByRole('button', { name: 'Buy subscription' }).click();
  await expect.poll(() => wallet.signedCount()).toBe(1);
  expect(wallet.shownCalls()).toEqual([
    expect.objectContaining({ call: 'utility.batchAll', specVersion }),
  ]);
  const address = chain.pair(signer.uri).address;
  const reserved = async () => {
    const account = (await chain.api.query.system.account(address)) as unknown as {
      data: { reserved: { toBigInt(): bigint } };
    };
    return account.data.reserved.toBigInt();
  };
  await expect
    .poll(async () => (await reserved()) > 0n || (await chain.hasSubscription(address)))
    .toBe(true);
  expect(wallet.provided()).toHaveLength(2);
});
