import type { Page } from '@playwright/test';
import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import type { DevnetChain } from './fixtures/devnet-chain.ts';
import { addToDevnetIpfs } from './fixtures/devnet-ipfs.ts';
import { lastPublishedStates, sealForBob } from './fixtures/sealed-states.ts';
import {
  BOB_ED25519,
  blockPeerPaths,
  CONTROLLER_PHRASE,
  DEV_PHRASE,
  saveSeededSetup,
  signInUser,
} from './fixtures/seeded-home.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

/**
 * Every file read from a gateway is checked against its address (docs/ipfs-gateways.md,
 * "Verified reads"): a gateway that answers with another file of the home (a genuine, older
 * envelope) is not believed. The e2e stack's gateway on 8085 answers every CID with the file
 * pinned just before it.
 */

const API = 'http://127.0.0.1:5001';
const GATEWAY = 'http://127.0.0.1:8080';
const SLOW = 'http://127.0.0.1:8081';
const LIAR = 'http://127.0.0.1:8085';
/** What the older copy of the home calls every device: never to be seen. */
const STALE = 'Stale copy:';

test.describe.configure({ timeout: 180_000 });

let controllerPair: KeyringPair;
let alice: string;

test.beforeAll(async ({ devnetChain: chain }) => {
  await cryptoWaitReady();
  const keyring = new Keyring({ ss58Format: 32 });
  alice = keyring.addFromUri('//Alice', {}, 'sr25519').address;
  controllerPair = keyring.addFromUri(CONTROLLER_PHRASE, {}, 'ed25519');
  await payForSeededHome(chain);
});

/** The home's states with every device renamed: an older envelope of the same home. */
function staleCopy(states: HaStates): HaStates {
  const entities: HaStates['entities'] = {};
  for (const [id, entity] of Object.entries(states.entities)) {
    const name = String(entity.attributes?.friendly_name ?? id);
    entities[id] = {
      ...entity,
      attributes: { ...entity.attributes, friendly_name: `${STALE} ${name}` },
    };
  }
  return { ...states, entities };
}

/**
 * The controller publishes its states again, as a new file, right after an older copy of them
 * was added: the lying gateway answers the new file's CID with that older copy.
 */
async function publishAfterAStaleCopy(chain: DevnetChain): Promise<string> {
  const states = await lastPublishedStates(chain);
  await addToDevnetIpfs([
    { path: 'states.json', content: JSON.stringify(await sealForBob(staleCopy(states))) },
  ]);
  const added = await addToDevnetIpfs([
    { path: 'states.json', content: JSON.stringify(await sealForBob(states)) },
  ]);
  const cid = added.get('states.json')!;
  await chain.send(chain.api.tx.rws.call(alice, chain.api.tx.datalog.record(cid)), controllerPair);
  return cid;
}

/** The lying gateway is the user's own, and picked, before the page loads. */
async function pickTheLiar(page: Page) {
  await page.addInitScript((liar) => {
    localStorage.setItem('ipfs-smart-gateway:user-gateways', JSON.stringify([liar]));
    localStorage.setItem('ipfs-smart-gateway:picked', liar);
  }, LIAR);
}

/** Every GET /ipfs/… answer the page receives from `origin`: its path and status. */
function readsFrom(page: Page, origin: string) {
  const reads: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.startsWith('/ipfs/')) {
      if (response.request().method() === 'GET') {
        reads.push({ path: `${url.pathname}${url.search}`, status: response.status() });
      }
    }
  });
  return reads;
}

const panel = (page: Page) => page.getByRole('region', { name: 'IPFS' });
async function openIpfs(page: Page) {
  const chip = page.locator('[data-chip="ipfs"]');
  if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.click();
  await expect(panel(page)).toBeVisible();
}
const row = (page: Page, origin: string) => panel(page).locator(`[data-gateway="${origin}"]`);

async function openHome(page: Page) {
  await blockPeerPaths(page, { relay: true });
  await saveSeededSetup(page);
  await page.goto('./#/telemetry');
  await signInUser(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
}

test("a gateway that serves another file of the home is not believed: the next one's is shown", async ({
  page,
  devnetChain: chain,
}) => {
  const cid = await publishAfterAStaleCopy(chain);
  await pickTheLiar(page);
  const lies = readsFrom(page, LIAR);
  await openHome(page);
  await expect(page.locator('section[aria-label="Home"] [data-entity]').first()).toBeVisible({
    timeout: 120_000,
  });
  // The liar was asked for the new file and answered, with the older copy: not shown.
  await expect
    .poll(() => lies.map((r) => r.path))
    .toContain(`/ipfs/${cid}?format=car&dag-scope=entity`);
  expect(lies.every((r) => r.status === 200)).toBe(true);
  await expect(page.getByText(STALE)).toHaveCount(0);
  await expect(page.getByText('File not available')).toHaveCount(0);

  // The panel: the liar is last, not selectable, and says why; a gateway that answered is picked.
  await openIpfs(page);
  await expect(row(page, LIAR)).toHaveAttribute('data-state', 'mismatch');
  await expect(row(page, LIAR).getByTestId('gateway-status')).toHaveText(
    'unavailable: sent a file that does not match its address',
  );
  await expect(row(page, LIAR).getByRole('radio')).toBeDisabled();
  await expect(row(page, LIAR)).toHaveClass(/gateway-unavailable/);
  const order = await panel(page)
    .locator('[data-gateway]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gateway')));
  expect(order.at(-1)).toBe(LIAR);
  await expect(panel(page).locator('[aria-current="true"]')).toHaveAttribute(
    'data-gateway',
    new RegExp(`^(${API}|${GATEWAY}|${SLOW})$`),
  );
  expect(await page.evaluate(() => localStorage.getItem('ipfs-smart-gateway:picked'))).not.toBe(
    LIAR,
  );
  await expect(page.getByText(STALE)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/gateway-lying.png`, fullPage: true });
});

test('with only lying gateways the page says so and shows nothing as the home', async ({
  page,
  devnetChain: chain,
}) => {
  await publishAfterAStaleCopy(chain);
  await pickTheLiar(page);
  // Every honest gateway is out of reach (the failing one answers 502 as always).
  for (const origin of [API, GATEWAY, SLOW]) {
    await page.route(`${origin}/ipfs/**`, (route) => route.abort('connectionrefused'));
  }
  const lies = readsFrom(page, LIAR);
  await openHome(page);
  await expect(
    page.getByText('File not available: no gateway served the file as its address says.').first(),
  ).toBeVisible({ timeout: 60_000 });
  await openIpfs(page);
  await expect(panel(page).getByRole('alert')).toHaveText(
    'No gateway served the file as its address says. Try adding your custom gateway or wait.',
  );
  await expect(row(page, LIAR)).toHaveAttribute('data-state', 'mismatch');
  expect(lies.length).toBeGreaterThanOrEqual(1);
  // Nothing of what the liar sent is shown as the home.
  await expect(page.locator('[data-entity]')).toHaveCount(0);
  await expect(page.getByText(STALE)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/gateway-only-liars.png`, fullPage: true });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
