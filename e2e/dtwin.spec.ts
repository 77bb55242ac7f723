import { XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

test('an owner creates a twin, adds sources and reads topics as hex, IPFS and text', async ({
  page,
  devnetChain: chain,
}) => {
  // A fresh account of its own, so twins made by other specs do not show up here.
  await chain.transfer(chain.pair('//TwinOwner').address, 10n * XRT);
  const wallet = await injectPolkadotExtension(page, [
    { name: 'TwinOwner', uri: '//TwinOwner', type: 'sr25519' },
  ]);
  await page.goto('./#/dtwin');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByText('Digital twins do not exist')).toBeVisible();
  await page.getByRole('button', { name: 'Create new' }).click();
  await expect(page.getByText(/Digital twin created in block/)).toBeVisible({ timeout: 20_000 });
  const select = page.getByLabel('Choose digital twin');
  await expect(select.locator('option')).toHaveCount(2);
  await select.selectOption({ index: 1 });
  await expect(page.getByText('No entries')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add source' });
  await form.getByLabel(/^Topic/).fill('energy');
  await form.getByLabel('Source account').fill(wallet.addresses.TwinOwner!);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Source saved.')).toBeVisible({ timeout: 20_000 });
  const row = page.getByTestId('twin-topic').first();
  await expect(row.getByTestId('topic-value')).toHaveText(`0x${'00'.repeat(26)}656e65726779`);
  await row.getByRole('tab', { name: 'text' }).click();
  await expect(row.getByTestId('topic-value')).toHaveText('energy');

  await form.getByLabel(/^Topic/).fill('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG');
  await form.getByRole('button', { name: 'Save another' }).click();
  await expect(page.getByTestId('twin-topic')).toHaveCount(2, { timeout: 20_000 });
  // Topics come in key order: the text topic (0x00…) before the CID digest (0x9d…).
  const cidRow = page.getByTestId('twin-topic').nth(1);
  await expect(cidRow.getByTestId('topic-value')).toHaveText(
    '0x9d6c2be50f706953479ab9df2ce3edca90b68053c00b3004b7f0accbe1e8eedf',
  );
  await cidRow.getByRole('tab', { name: 'ipfs' }).click();
  await expect(cidRow.getByTestId('topic-value')).toHaveText(
    'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
  );

  await form.getByLabel(/^Topic/).fill('x'.repeat(33));
  await form.getByRole('button', { name: 'Save another' }).click();
  await expect(page.getByRole('alert')).toHaveText('max 32');
  await page.screenshot({ path: `${SCREENS}/dtwin.png`, fullPage: true });
});
