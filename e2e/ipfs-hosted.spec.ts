import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_APP_ORIGINS } from '@robonomics-dapp/devnet/http/origins';
import { type HostileNode, startHostileNode } from '@robonomics-dapp/devnet/levers/hostile-node';
import { CHAIN_URL } from './fixtures/devnet-chain.ts';
import { addToDevnetIpfs, IPFS_GATEWAY } from './fixtures/devnet-ipfs.ts';
import { keyDbKeys, plantKeptKey } from './fixtures/key-db.ts';
import { BOB_ED25519, DEV_PHRASE, saveSeededSetup, shortAddress } from './fixtures/seeded-home.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

/**
 * The app as a path-style IPFS gateway serves it (`/ipfs/<cid>/`): every other file on the gateway
 * shares the page's origin, so the app keeps no key there and says why (docs/security.md, "Where
 * keys are kept"). The build the stack serves is added to the devnet's IPFS node as it is.
 */
const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

let relay: HostileNode;
let appCid: string;

test.beforeAll(async () => {
  const added = await addToDevnetIpfs(
    filesOf(DIST).map((path) => ({
      path: `app/${relative(DIST, path)}`,
      content: readFileSync(path),
    })),
  );
  appCid = added.get('app')!;
  // The devnet serves pages of the app's own origins only; a proxy that takes pages of the
  // gateway's origin too and passes everything on unchanged (sending no Origin) lets the
  // gateway's copy reach the chain.
  relay = await startHostileNode({
    target: CHAIN_URL,
    allowedOrigins: [new URL(IPFS_GATEWAY).origin, ...DEFAULT_APP_ORIGINS],
  });
});
test.afterAll(async () => {
  await relay?.close();
});

test('the app under /ipfs/<cid>/ on a gateway keeps no key, and says why', async ({ page }) => {
  await saveSeededSetup(page);
  await page.addInitScript((url) => localStorage.setItem('rpc-parachain', url), relay.url);
  await page.goto(`${IPFS_GATEWAY}/ipfs/${appCid}/#/telemetry`);
  const form = page.getByRole('form', { name: 'Sign in as a user' });
  await expect(form.getByLabel('Select a user')).toBeVisible();
  await expect(page.getByTestId('no-kept-keys')).toHaveText(
    'This copy of the app is opened from an IPFS gateway path (/ipfs/…), which every other file on that gateway shares, so a page there could read what the app keeps in this browser. Keys are kept in this tab only, until you close it.',
  );
  await expect(form.getByText('Keep me signed in', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/ipfs-hosted-sign-in.png`, fullPage: true });

  await form.getByLabel('Select a user').selectOption({ label: shortAddress(BOB_ED25519) });
  await form.getByLabel('Pass phrase').fill(`${DEV_PHRASE}//Bob`);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  expect(await keyDbKeys(page, 'user-keys')).toEqual([]);
  // Gone with the tab: a reload asks for the phrase again.
  await page.reload();
  await page
    .getByRole('form', { name: 'Sign in as a user' })
    .getByLabel('Select a user')
    .selectOption({ label: shortAddress(BOB_ED25519) });
  await expect(page.getByLabel('Pass phrase')).toBeVisible();
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);

  // Restoring a setup backup keeps no controller key there either.
  await page.goto(`${IPFS_GATEWAY}/ipfs/${appCid}/#/rws-setup-new`);
  await expect(page.getByText('opened from an IPFS gateway path', { exact: false })).toBeVisible();
  await expect(page.getByText('Keep the encrypted controller key', { exact: false })).toHaveCount(
    0,
  );

  // The same build on the app's own origin offers to keep the key.
  await page.goto('./#/telemetry');
  await expect(
    page.getByRole('form', { name: 'Sign in as a user' }).getByText('Keep me signed in', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByTestId('no-kept-keys')).toHaveCount(0);
});

test('a key kept under /ipfs/<cid>/ before keeping was refused there is deleted, not opened', async ({
  page,
}) => {
  await saveSeededSetup(page);
  await page.addInitScript((url) => localStorage.setItem('rpc-parachain', url), relay.url);
  await page.goto(`${IPFS_GATEWAY}/ipfs/${appCid}/#/telemetry`);
  await expect(page.getByTestId('no-kept-keys')).toBeVisible();
  await plantKeptKey(page, BOB_ED25519, `${DEV_PHRASE}//Bob`);
  expect(await keyDbKeys(page, 'user-keys')).toEqual([BOB_ED25519]);

  await page.reload();
  await expect(page.getByTestId('kept-keys-deleted')).toHaveText(
    `The key kept in this browser for ${shortAddress(BOB_ED25519)} was deleted without being opened, as keys may not be kept at this address. Sign in with the pass phrase.`,
  );
  await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
  await expect(
    page.getByRole('form', { name: 'Sign in as a user' }).getByLabel('Pass phrase'),
  ).toBeVisible();
  await expect.poll(() => keyDbKeys(page, 'user-keys')).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/ipfs-hosted-key-deleted.png`, fullPage: true });
});
