import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import {
  ALICE,
  BOB_ED25519,
  DEV_PHRASE,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';

/**
 * Every password field of the app sits in a form: password managers rely on it, and Chromium
 * writes "[DOM] Password field is not contained in a form" to the console (verbose level) for
 * one that does not. Each route shows its password fields (signed in where they need it), and
 * the console must not name any of them.
 */
const WARNING = 'Password field is not contained in a form';
const PROBE = 'password-warning-probe';

/**
 * The console's "not in a form" warnings, by the field they name (`input#id.class`). Playwright's
 * console event has the text only; DevTools' log entry also carries the field.
 */
async function watchWarnings(page: Page): Promise<{ cdp: CDPSession; fields: string[] }> {
  const fields: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (!entry.text.includes(WARNING)) return;
    fields.push(entry.args?.map((arg) => arg.description ?? arg.type).join(' ') ?? entry.url ?? '');
  });
  await cdp.send('Log.enable');
  return { cdp, fields };
}

/**
 * Adds a password field outside any form and waits for the warning that names it: Chromium
 * checks the fields in the order they appear, so by then it has judged the route's own fields.
 * Without this the test could pass only because it looked before Chromium did.
 */
async function probe(page: Page, fields: string[], n: number) {
  const id = `${PROBE}-${n}`;
  await page.evaluate((probeId) => {
    const input = document.createElement('input');
    input.type = 'password';
    input.id = probeId;
    input.setAttribute('aria-label', 'Probe');
    document.body.append(input);
  }, id);
  await expect.poll(() => fields.some((f) => f.includes(`#${id}`))).toBe(true);
  await page.evaluate((probeId) => document.getElementById(probeId)?.remove(), id);
}

/** The warnings about the app's own fields (not about the probes). */
const appFields = (fields: string[]) => fields.filter((f) => !f.includes(PROBE));

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
    path: '/save-setup',
    show: async () => ['Account seed'],
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
    // Signed out as a user (the next route signs one in).
    path: '/telemetry',
    show: async () => ['Pass phrase'],
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

test('no route shows a password field outside a form', async ({ page }) => {
  test.setTimeout(120_000);
  await injectPolkadotExtension(page, [{ name: 'Alice', uri: '//Alice', type: 'sr25519' }]);
  await saveSeededSetup(page);
  await page.addInitScript((address) => {
    localStorage.setItem(
      'robonomics-dapp.wallet.v1',
      JSON.stringify({ wallet: 'polkadot-js', address }),
    );
  }, ALICE);
  const { cdp, fields } = await watchWarnings(page);

  for (const [n, route] of ROUTES.entries()) {
    const seen = fields.length;
    await page.goto(`./#${route.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alice' })).toBeVisible();
    const labels = await route.show(page);
    for (const label of labels) {
      const field = page.getByLabel(label, { exact: false }).and(page.locator('[type="password"]'));
      await expect(field, `${route.path}: ${label}`).toBeVisible();
    }
    await probe(page, fields, n);
    // Soft: one run names every route that warns.
    expect.soft(appFields(fields.slice(seen)), `warned on ${route.path}`).toEqual([]);
  }
  await cdp.detach();
});
