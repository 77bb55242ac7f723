import type { Page } from '@playwright/test';
import {
  ALICE,
  haLogin,
  SECOND_USER,
  SECOND_USER_PHRASE,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * The Home Assistant password a user saves in the app opens the home: the controller acts on
 * the record as the integration does and answers HA's own login flow.
 */

const USERNAME = SECOND_USER.toLowerCase();

test.beforeAll(async ({ devnetChain: chain }) => {
  await payForSeededHome(chain);
});

/** Polls the login until it gives `type` ("create_entry" or "form"). */
async function expectLogin(password: string, type: 'create_entry' | 'form', timeout = 30_000) {
  await expect
    .poll(async () => (await haLogin(USERNAME, password)).type, { timeout, intervals: [500] })
    .toBe(type);
}

/** The second user signs in on "Your setup" and saves `password` as their HA password. */
async function savePassword(page: Page, password: string): Promise<void> {
  await saveSeededSetup(page);
  await page.goto('./#/rws-setup');
  await signInUser(page, SECOND_USER, SECOND_USER_PHRASE);
  const form = page.getByRole('form', { name: 'Home Assistant password' });
  await form.getByLabel('New password').fill(password);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The password is saved.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
}

test('a password saved in the app logs the user in to Home Assistant; a wrong one does not', async ({
  page,
}) => {
  const password = `porch-${Date.now().toString(36)}`;
  await savePassword(page, password);

  await expectLogin(password, 'create_entry');
  const wrong = await haLogin(USERNAME, `${password}-wrong`);
  expect(wrong).toMatchObject({ type: 'form', errors: { base: 'invalid_auth' } });
  expect((await haLogin(USERNAME, password)).result).toMatch(/^[0-9a-f]{32}$/);

  // The user can read the password back from their own record.
  await page.getByRole('button', { name: 'Show my Home Assistant password' }).click();
  await expect(page.getByTestId('ha-username')).toHaveText(USERNAME);
  await expect(page.getByTestId('ha-password')).toHaveText(password);
  await page.screenshot({ path: `${SCREENS}/ha-pass-shown.png`, fullPage: true });
  await page.getByRole('button', { name: 'Hide my Home Assistant password' }).click();
  await expect(page.getByTestId('ha-password')).toBeHidden();
});

test('a user removed from the subscription loses the Home Assistant login', async ({
  page,
  devnetChain: chain,
}) => {
  const password = `gate-${Date.now().toString(36)}`;
  await savePassword(page, password);
  await expectLogin(password, 'create_entry');

  const devices = await chain.devices(ALICE);
  await chain.send(
    chain.api.tx.rws.setDevices(devices.filter((d) => d !== SECOND_USER)),
    chain.pair('//Alice'),
  );
  try {
    await expectLogin(password, 'form');
  } finally {
    await chain.send(chain.api.tx.rws.setDevices(devices), chain.pair('//Alice'));
  }
  // Back in the subscription, the controller finds the record again in the user's datalog.
  await expectLogin(password, 'create_entry');
});
