import type { Page } from '@playwright/test';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { pushingClientOfHomeProxy, relayPushUpdate, useProxy } from './fixtures/devnet-levers.ts';
import { lastPublishedStates, sealForBob } from './fixtures/sealed-states.ts';
import {
  BOB_ED25519,
  closeControlPanels,
  DEV_PHRASE,
  firstSwitch,
  openThroughRelay,
  SECOND_USER,
  SECOND_USER_PHRASE,
  saveSeededSetup,
  shortAddress,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, test } from './fixtures/test.ts';

test.beforeAll(async ({ devnetChain: chain }) => {
  await payForSeededHome(chain);
  await useProxy('legacy');
});

/** The home's last published states with one entity's state changed, history as `history` says. */
function changed(
  states: HaStates,
  entity: string,
  state: string,
  history: 'dated 2020' | 'none',
): HaStates {
  const entities: HaStates['entities'] = {};
  for (const [id, value] of Object.entries(states.entities)) {
    const next = { ...value, state: id === entity ? state : value.state };
    if (history === 'none') delete next.history;
    else next.history = [{ state: next.state, date: '2020-01-01 00:00:00+00:00' }];
    entities[id] = next;
  }
  return { ...states, entities };
}

/** Holds for `ms`: the check passes throughout, not only at the end. */
async function holds(check: () => Promise<void>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await check();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('an /update from the relay, or an older one from the home, changes nothing shown', async ({
  page,
  devnetChain: chain,
}) => {
  await openThroughRelay(page);
  await closeControlPanels(page);
  await page.getByRole('tab', { name: /^Switches & Outlets/ }).click();
  const { card, state } = firstSwitch(page);
  const entity = (await card.getAttribute('data-entity'))!;
  await expect(state).not.toHaveText('');
  const shown = (await state.textContent())!.trim();
  const published = await lastPublishedStates(chain);
  expect(published.entities[entity], 'the switch is in the published states').toBeDefined();
  const unchanged = () => expect(state).toHaveText(shown);

  // A states file of the home, genuine but older than what is shown (its history says 2020).
  const older = await sealForBob(changed(published, entity, 'unavailable', 'dated 2020'));

  // The relay the app reaches the home through sends it as if it were the home: refused.
  const pushed = await relayPushUpdate({ data: older });
  expect(pushed.sent).toBeGreaterThanOrEqual(1);
  expect(pushed.answered).toBe(0);
  await holds(unchanged, 2_000);

  // The home's own peer sends the older file again: taken from the home, but not shown.
  const home = pushingClientOfHomeProxy();
  try {
    await expect.poll(() => home.connected).toBe(true);
    expect(home.send('/update', { data: older })).toBe(true);
    await holds(unchanged, 3_000);
    // It opened: refused for its age, not for its seal.
    await expect(page.getByText('Error: decryptMsg')).toHaveCount(0);

    // The same change as a live snapshot of the home (no history, no date of its own) is shown:
    // the checks above could have seen a change.
    const live = await sealForBob(changed(published, entity, 'unavailable', 'none'));
    expect(home.send('/update', { data: live })).toBe(true);

    await expect(state).not.toHaveText(shown, { timeout: 10_000 });
    // The home's real state again, for the tests that follow.
    const again = await sealForBob(
      changed(published, entity, published.entities[entity]!.state, 'none'),
    );
    home.send('/update', { data: again });
  } finally {
    home.stop();
  }
});

/** The sign-in form's user list picks `address`. */
const selectUser = (page: Page, address: string) =>
  page
    .getByRole('form', { name: 'Sign in as a user' })
    .getByLabel('Select a user')
    .selectOption({ label: shortAddress(address) });

test('a sign-out in one tab ends the key in another within a second', async ({ page, context }) => {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`, { keep: true });

  const other = await context.newPage();
  await saveSeededSetup(other);
  await other.goto('./#/telemetry');
  // The kept key opens by itself in the second tab.
  await expect(other.getByTestId('signed-in-user')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeHidden();
  const started = Date.now();
  await expect(other.getByTestId('signed-in-user')).toBeHidden({ timeout: 1_000 });
  const took = Date.now() - started;
  // No key in the other tab: it asks for a sign-in, offering the key still kept.
  await expect(
    other.getByRole('button', { name: 'Sign in with the key kept on this device' }),
  ).toBeVisible();
  test
    .info()
    .annotations.push({ type: 'sign-out reached the other tab', description: `${took} ms` });
  await other.close();
});

test('one user’s sign-in never reopens another’s kept key after their sign-out', async ({
  page,
}) => {
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`, { keep: true });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeHidden();

  // A second user of the same device signs in, then leaves the page.
  await signInUser(page, SECOND_USER, SECOND_USER_PHRASE);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.reload();

  // Bob is picked again: his key stays closed until he asks for it.
  await selectUser(page, BOB_ED25519);
  await expect(
    page.getByRole('button', { name: 'Sign in with the key kept on this device' }),
  ).toBeVisible({ timeout: 10_000 });
  await holds(() => expect(page.getByTestId('signed-in-user')).toBeHidden(), 2_000);
  await page.getByRole('button', { name: 'Sign in with the key kept on this device' }).click();
  await expect(page.getByTestId('signed-in-user')).toContainText(shortAddress(BOB_ED25519));
});
