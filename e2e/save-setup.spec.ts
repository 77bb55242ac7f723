import { expect, type Page, test } from '@playwright/test';

const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
const ALICE = '4GzMLepDF5nKTWDM6XpB3CrBcFmwgazcVFAD3ZBNAjKT6hQJ';
const SCREENS = 'e2e/artifacts/screens';

async function unlock(page: Page, seed: string) {
  await page.goto('./#/save-setup');
  await page.getByLabel('Subscription owner').fill(ALICE);
  await page.getByLabel('Account seed').fill(seed);
  await page.getByRole('button', { name: 'unlock' }).click();
}

test('a device encrypts a file, stores it on IPFS and Crust and saves it to a twin', async ({
  page,
}) => {
  await unlock(page, 'correct horse battery staple');
  await expect(page.getByRole('alert')).toHaveText('This is not a secret phrase or a seed.');
  await page.getByLabel('Account seed').fill(`${DEV_PHRASE}//Bob`);
  await page.getByRole('button', { name: 'unlock' }).click();
  await expect(page.getByText('Unlocked:')).toBeVisible();

  // Bob (ed25519) is a device of Alice's subscription: the twin is created through it.
  await page.getByRole('button', { name: 'Create new' }).click();
  await expect(page.getByText('Digital twin created.')).toBeVisible({ timeout: 20_000 });
  const twins = page.getByLabel('Choose digital twin');
  await expect(twins.locator('option')).not.toHaveCount(1);
  const last = await twins.locator('option').last().getAttribute('value');
  await twins.selectOption(last!);

  await page.getByRole('button', { name: 'encrypt' }).click();
  await expect(page.getByTestId('encrypted')).toContainText('Encrypted content: 0x');
  await page.getByRole('button', { name: 'Upload to ipfs' }).click();
  await expect(page.getByText(/^Uploaded to IPFS: Qm\w{44}$/)).toBeVisible({ timeout: 20_000 });
  const cid = ((await page.getByText(/^Uploaded to IPFS/).textContent()) ?? '').split(': ')[1]!;

  await expect(page.getByText(/^Balance: .* CRU · Price: .* CRU$/)).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'store file' }).click();
  await expect(page.getByText(/^Crust saved/).first()).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'save to digital twin' }).click();
  await expect(page.getByText('Digital twin saved')).toBeVisible({ timeout: 20_000 });
  const file = page.locator(`[data-cid="${cid}"]`);
  await expect(file.getByTestId('file-data')).toHaveText('data: {"name":"blushing cow"}');
  // The devnet's storage nodes report the file a few blocks later.
  await expect(file.getByTestId('crust-info')).toContainText(/replica: [1-9]/, { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/save-setup.png`, fullPage: true });
});

test('an account that is no device of the subscription is refused', async ({ page }) => {
  await unlock(page, `${DEV_PHRASE}//Charlie`);
  await page.getByRole('button', { name: 'Create new' }).click();
  await expect(page.getByRole('alert')).toHaveText('You do not have access to this action.');
});
