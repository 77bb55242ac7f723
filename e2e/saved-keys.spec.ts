import type { Page } from '@playwright/test';
import { keepNow, keptRememberedUser } from './fixtures/app-storage.ts';
import {
  BOB_ED25519,
  DEV_PHRASE,
  SECOND_USER,
  SECOND_USER_PHRASE,
  saveSeededSetup,
  shortAddress,
} from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/** Signs in on "Devices & Control" with "Keep me signed in": the key is sealed on this device. */
async function keepKey(page: Page, address: string, phrase: string) {
  const form = page.getByRole('form', { name: 'Sign in as a user' });
  await form.getByLabel('Select a user').selectOption({ label: shortAddress(address) });
  await form.getByLabel('Pass phrase').fill(phrase);
  await form.getByLabel('Keep me signed in (only for trusted devices)').check();
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
}

test('the header lists the keys kept on this device and forgets each one in every tab', async ({
  page,
  context,
}) => {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  // No key kept: nothing to show.
  await expect(page.getByRole('button', { name: /^Locally saved keys/ })).toHaveCount(0);
  await keepKey(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  const badge = page.getByRole('button', { name: 'Locally saved keys: 1' });
  await expect(badge).toBeVisible();

  // A second tab sees the same keys, and hears of the next one at once.
  const other = await context.newPage();
  await other.goto('./#/');
  await expect(other.getByRole('button', { name: 'Locally saved keys: 1' })).toBeVisible();
  // Another user of the home signs in on this device (Bob's kept key would open by itself).
  await keepNow(page, keptRememberedUser(SECOND_USER));
  await page.reload();
  await keepKey(page, SECOND_USER, SECOND_USER_PHRASE);
  await expect(other.getByRole('button', { name: 'Locally saved keys: 2' })).toBeVisible();

  await other.getByRole('button', { name: 'Locally saved keys: 2' }).click();
  const panel = other.getByRole('dialog', { name: 'Locally saved keys' });
  await expect(panel.getByTestId('saved-key')).toHaveCount(2);
  await expect(panel).toContainText(shortAddress(BOB_ED25519));
  await expect(panel).toContainText(shortAddress(SECOND_USER));
  await other.screenshot({ path: 'e2e/artifacts/screens/saved-keys.png' });

  // Forgotten in one tab: gone from the other at once, and from the device.
  await panel.getByRole('button', { name: `Forget the key of ${BOB_ED25519}` }).click();
  await expect(panel.getByTestId('saved-key')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Locally saved keys: 1' })).toBeVisible();
  // Focus moved to the remaining key's button, not to the page's start.
  await expect(
    panel.getByRole('button', { name: `Forget the key of ${SECOND_USER}` }),
  ).toBeFocused();
  await panel.getByRole('button', { name: `Forget the key of ${SECOND_USER}` }).click();
  await expect(page.getByRole('button', { name: /^Locally saved keys/ })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /^Locally saved keys/ })).toHaveCount(0);

  // The forgotten key no longer opens by itself.
  await page.reload();
  await page
    .getByRole('form', { name: 'Sign in as a user' })
    .getByLabel('Select a user')
    .selectOption({
      label: shortAddress(SECOND_USER),
    });
  await expect(
    page.getByRole('form', { name: 'Sign in as a user' }).getByLabel('Pass phrase'),
  ).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
});

test('"Sign out" keeps a kept key closed, reloads included, until the user opens it', async ({
  page,
}) => {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await keepKey(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  const form = page.getByRole('form', { name: 'Sign in as a user' });
  const useKeptKey = form.getByRole('button', { name: 'Sign in with the key kept on this device' });

  await page
    .getByTestId('signed-in-user')
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  // Signed out: the kept key is offered, not opened by itself.
  await expect(useKeptKey).toBeVisible();
  await expect(form.getByLabel('Pass phrase')).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
  // Nor by the next visit.
  await page.reload();
  await expect(useKeptKey).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Home' })).toHaveCount(0);
  await form.screenshot({ path: 'e2e/artifacts/screens/signed-out-kept-key.png' });
  // Still kept on this device.
  await expect(page.getByRole('button', { name: 'Locally saved keys: 1' })).toBeVisible();

  // The user asks: signed in without the phrase, and the next visit opens it by itself again.
  await useKeptKey.click();
  await expect(page.getByTestId('signed-in-user')).toContainText(shortAddress(BOB_ED25519));
  await page.reload();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
});
