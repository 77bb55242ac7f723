import type { Page } from '@playwright/test';
import { SAVED_SETUPS_KEY } from '../apps/web/src/lib/stores/saved-setups-format.ts';
import { keepOnEveryLoad, keptWalletChoice } from './fixtures/app-storage.ts';
import { keyDbKeys } from './fixtures/key-db.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import {
  ALICE,
  BOB_ED25519,
  DEV_PHRASE,
  saveSeededSetup,
  shortAddress,
} from './fixtures/seeded-home.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * Keys are kept only where keeping was checked (docs/security.md, "Where keys are kept"): the app
 * asks its own origin for /ipfs/bafkqaaa at its start, and every place that keeps a key waits for
 * that answer. No answer is no permission. Here the probe never gets an answer, as on a network
 * that drops it.
 */
const PROBE = '**/ipfs/bafkqaaa';
const UNANSWERED =
  'The app could not find out whether this address also serves files from IPFS (its check got no answer: the network is offline or too slow), and a page there could read what the app keeps in this browser. Until it knows, keys are kept in this tab only.';
const GENERATED_ACCOUNTS_KEY = 'robonomics-dapp.generated-accounts.v1';
/** The probe's own time limit (shared-origin.ts), and some room. */
const PROBE_WAIT = 5_000 + 5_000;

/** The probe is left unanswered; `answer` later lets it through to the app's server. */
async function hangProbe(page: Page) {
  await page.route(PROBE, () => {
    // Never fulfilled: the request hangs until the app's own time limit.
  });
  return { answer: () => page.unroute(PROBE) };
}

const keptText = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

test('where the address check gets no answer, no key is kept and the page says why; once answered, keeping works', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const probe = await hangProbe(page);
  await saveSeededSetup(page);
  await page.goto('./#/rws-subscription');
  await page.getByRole('button', { name: 'Generate New Account' }).click();
  const generated = page.getByTestId('generated-account');
  // While the answer is pending, saving waits: it is not offered as allowed.
  await expect(generated.getByTestId('key-keeping-checking')).toBeVisible();
  await expect(generated.getByRole('button', { name: 'Save encrypted' })).toHaveCount(0);
  // No answer: refused, in words, with what to do instead and a way to ask again.
  const note = generated.getByTestId('no-kept-keys');
  await expect(note).toHaveText(`${UNANSWERED} Write the secret phrase down instead.`, {
    timeout: PROBE_WAIT,
  });
  await expect(note).toHaveAttribute('data-state', 'unanswered');
  await expect(generated.getByRole('button', { name: 'Save encrypted' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/key-keeping-unanswered.png`, fullPage: true });
  expect(await keptText(page, GENERATED_ACCOUNTS_KEY)).toBeNull();

  // "Keep me signed in" is not offered either; signing in keeps the key in the tab only.
  await page.evaluate(() => {
    window.location.hash = '#/telemetry';
  });
  const form = page.getByRole('form', { name: 'Sign in as a user' });
  await expect(form.getByTestId('no-kept-keys')).toHaveText(UNANSWERED);
  await expect(form.getByText('Keep me signed in', { exact: false })).toHaveCount(0);
  await form.getByLabel('Select a user').selectOption({ label: shortAddress(BOB_ED25519) });
  await form.getByLabel('Pass phrase').fill(`${DEV_PHRASE}//Bob`);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  expect(await keyDbKeys(page, 'user-keys')).toEqual([]);

  // The origin answers now: "Try again" asks it, and keeping works.
  await page.evaluate(() => {
    window.location.hash = '#/rws-subscription';
  });
  await page.getByRole('button', { name: 'Generate New Account' }).click();
  await expect(generated.getByTestId('no-kept-keys')).toHaveAttribute('data-state', 'unanswered');
  await probe.answer();
  await generated.getByRole('button', { name: 'Try again' }).click();
  await generated
    .getByLabel('Save it in this browser, encrypted with a passphrase (optional)')
    .fill('tulip orbit gravel 7');
  await generated.getByRole('button', { name: 'Save encrypted' }).click();
  await expect(
    generated.getByText('Saved in this browser, encrypted with your passphrase.'),
  ).toBeVisible();
  const saved = JSON.parse((await keptText(page, GENERATED_ACCOUNTS_KEY)) ?? '[]') as unknown[];
  expect(saved).toHaveLength(1);
});

test('a controller generated where the address check got no answer is not kept: its file is the only copy', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await hangProbe(page);
  await injectPolkadotExtension(page, [{ name: 'Alice', uri: '//Alice', type: 'sr25519' }]);
  await keepOnEveryLoad(page, keptWalletChoice('polkadot-js', ALICE));
  await page.goto('./#/rws-setup-new');
  await page.getByText('Generate new account for the Controller', { exact: true }).click();
  const generate = page.getByRole('form', { name: 'New Controller account' });
  await expect(generate.getByTestId('key-keeping-checking')).toBeVisible();
  await expect(generate.getByTestId('no-kept-keys')).toHaveText(
    `${UNANSWERED} The downloaded keystore file is then the only copy of the key.`,
    { timeout: PROBE_WAIT },
  );
  await generate.getByLabel('A password for new Controller account *').fill('tulip orbit gravel 7');
  const downloaded = page.waitForEvent('download');
  await generate.getByRole('button', { name: 'Create' }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/^Controller-4\w+\.json$/);
  await expect(page.getByTestId('controller-key-not-kept')).toContainText(
    'The key was not kept in this browser: The app could not find out',
  );
  // The setup is saved with the controller's address before the device list is signed: no key.
  await expect(page.getByTestId('device-list-review')).toBeVisible();
  const saved = (await keptText(page, SAVED_SETUPS_KEY)) ?? '';
  expect(saved).toContain(ALICE);
  expect(saved).not.toContain('"keystore"');
  await page.getByTestId('device-list-review').getByRole('button', { name: 'Cancel' }).click();
});
