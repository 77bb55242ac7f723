import type { CDPSession, Page } from '@playwright/test';
import { keepOnEveryLoad, keptWalletChoice } from './fixtures/app-storage.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import {
  ALICE,
  BOB_ED25519,
  DEV_PHRASE,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Every password field of the app sits in a form, and every such form names the account the
 * password is for: password managers rely on both, and Chromium writes "[DOM] Password field is
 * not contained in a form" or "Password forms should have (optionally hidden) username fields"
 * to the console (verbose level) otherwise. Each route shows its password fields (signed in
 * where they need it), and the console must not name any of them.
 */
const WARNING = 'Password field is not contained in a form';
/** Chromium's hint for a password form without a username field (password managers need one). */
const USERNAME_HINT = 'Password forms should have (optionally hidden) username fields';
const PROBE = 'password-warning-probe';

/**
 * The console's "not in a form" warnings, by the field they name (`input#id.class`). Playwright's
 * console event has the text only; DevTools' log entry also carries the field.
 */
async function watchWarnings(
  page: Page,
): Promise<{ cdp: CDPSession; fields: string[]; forms: string[] }> {
  const fields: string[] = [];
  const forms: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    const named = entry.args?.map((arg) => arg.description ?? arg.type).join(' ') ?? entry.url;
    if (entry.text.includes(WARNING)) fields.push(named ?? '');
    if (entry.text.includes(USERNAME_HINT)) forms.push(named ?? '');
  });
  await cdp.send('Log.enable');
  return { cdp, fields, forms };
}

/**
 * Adds a password field outside any form, and a form with only a password field, and waits for
 * the console lines that name them: Chromium checks fields and forms in the order they appear,
 * so by then it has judged the route's own. Without this the test could pass only because it
 * looked before Chromium did.
 */
async function probe(page: Page, seen: { fields: string[]; forms: string[] }, n: number) {
  const id = `${PROBE}-${n}`;
  await page.evaluate((probeId) => {
    const password = () => {
      const input = document.createElement('input');
      input.type = 'password';
      input.setAttribute('aria-label', 'Probe');
      return input;
    };
    const loose = password();
    loose.id = probeId;
    const form = document.createElement('form');
    form.id = `${probeId}-form`;
    const inForm = password();
    inForm.autocomplete = 'new-password';
    const submit = document.createElement('button');
    submit.textContent = 'Probe';
    form.append(inForm, submit);
    document.body.append(loose, form);
  }, id);
  await expect.poll(() => seen.fields.some((f) => f.includes(`#${id}`))).toBe(true);
  await expect.poll(() => seen.forms.some((f) => f.includes(`#${id}-form`))).toBe(true);
  await page.evaluate((probeId) => {
    document.getElementById(probeId)?.remove();
    document.getElementById(`${probeId}-form`)?.remove();
  }, id);
}

/** The console lines about the app's own fields and forms (not about the probes). */
const appFields = (named: string[]) => named.filter((f) => !f.includes(PROBE));

/** The new controller's password is in a closed disclosure. */
const openGenerateController = (page: Page) =>
  page.getByText('Generate new account for the Controller', { exact: true }).click();

interface RouteCase {
  path: string;
  /** Brings the route's password fields on screen; resolves with their labels. */
  show(page: Page): Promise<string[]>;
}

const ROUTES: RouteCase[] = [
  {
    // The account seed is a secret phrase, not a password (see the test below).
    path: '/save-setup',
    show: async () => [],
  },
  {
    // The owner's signer is connected: the new controller's password.
    path: '/rws-setup-new',
    show: async (page) => {
      await openGenerateController(page);
      return ['A password for new Controller account'];
    },
  },
  {
    // Signed out as a user (the next route signs one in): the pass phrase is no password field.
    path: '/telemetry',
    show: async () => [],
  },
  {
    // The owner of an active subscription with a controller: a new controller's password, the
    // user's pass phrase (the sign-in form goes once signed in), then the user's Home Assistant
    // password.
    path: '/rws-setup',
    show: async (page) => {
      await expect(page.getByTestId('setup-role')).toHaveText('Admin (owner)');
      await openGenerateController(page);
      await expect(page.getByLabel('Pass phrase')).toBeVisible();
      await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
      return ['A password for new Controller account', 'New password'];
    },
  },
  {
    // A generated account's secret phrase, saved encrypted with a passphrase.
    path: '/rws-subscription',
    show: async (page) => {
      await page.getByRole('button', { name: 'Generate New Account' }).click();
      return ['Save it in this browser, encrypted with a passphrase (optional)'];
    },
  },
];

test('no route shows a password field outside a form, or a password form without a username', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await injectPolkadotExtension(page, [{ name: 'Alice', uri: '//Alice', type: 'sr25519' }]);
  await saveSeededSetup(page);
  await keepOnEveryLoad(page, keptWalletChoice('polkadot-js', ALICE));
  const { cdp, fields, forms } = await watchWarnings(page);

  for (const [n, route] of ROUTES.entries()) {
    const seen = fields.length;
    const seenForms = forms.length;
    await page.goto(`./#${route.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alice' })).toBeVisible();
    const labels = await route.show(page);
    for (const label of labels) {
      const field = page.getByLabel(label, { exact: false }).and(page.locator('[type="password"]'));
      await expect(field, `${route.path}: ${label}`).toBeVisible();
    }
    await probe(page, { fields, forms }, n);
    // Soft: one run names every route that warns.
    expect.soft(appFields(fields.slice(seen)), `warned on ${route.path}`).toEqual([]);
    expect
      .soft(appFields(forms.slice(seenForms)), `forms without a username on ${route.path}`)
      .toEqual([]);
  }
  await cdp.detach();
});

/** Fields that take a secret phrase, on the routes that show them. */
const PHRASE_FIELDS = [
  { path: '/save-setup', label: 'Account seed' },
  { path: '/telemetry', label: 'Pass phrase' },
  { path: '/rws-setup', label: 'Pass phrase' },
];

test('no secret phrase is typed into a password field: masked text with a show button', async ({
  page,
}) => {
  await saveSeededSetup(page);
  for (const { path, label } of PHRASE_FIELDS) {
    await page.goto(`./#${path}`);
    const field = page.getByLabel(label, { exact: true });
    await expect(field, `${path}: ${label}`).toBeVisible();
    // Browsers offer to save what is typed into a password field; this one is plain text, masked.
    await expect(field).toHaveAttribute('type', 'text');
    await expect(field).toHaveAttribute('autocomplete', 'off');
    const security = () =>
      field.evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-text-security'));
    expect(await security()).toBe('disc');
    await field.fill(DEV_PHRASE);
    await page.getByRole('button', { name: 'Show the phrase' }).click();
    expect(await security()).toBe('none');
    await expect(field).toHaveValue(DEV_PHRASE);
    await page.getByRole('button', { name: 'Hide the phrase' }).click();
    expect(await security()).toBe('disc');
    // No field of the page that asks for a phrase, a seed or a mnemonic is a password field.
    const passwordLabels = await page
      .locator('input[type="password"]')
      .evaluateAll((inputs) =>
        inputs.map((input) =>
          Array.from((input as HTMLInputElement).labels ?? [], (l) => l.textContent ?? '').join(
            ' ',
          ),
        ),
      );
    for (const name of passwordLabels) expect(name, path).not.toMatch(/phrase|seed|mnemonic/i);
  }
});
