import type { Page } from '@playwright/test';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { Keyring } from '@polkadot/keyring';
import { base58Decode, cryptoWaitReady } from '@polkadot/util-crypto';
import { CRUST_API_OPTIONS } from '@robonomics-dapp/devnet/crust/api-options';
import { CRUST_DEVNET } from '@robonomics-dapp/robonomics/crust/endpoints';
import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { expect, payForSeededHome, SCREENS, test } from './fixtures/test.ts';

const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
const GATEWAY = 'http://127.0.0.1:8080';
const CRU = 1_000_000_000_000n;
const NOT_A_SEED =
  'This is not an account seed: enter a 12 or 24-word secret phrase, a dev URI such as //Alice, or a 0x seed of 32 bytes.';
const NO_ACCESS = 'You do not have access to this action.';

/** A second client, of the devnet Crust chain (V13 like Crust mainnet: with the Crust types). */
async function withCrust<T>(use: (api: ApiPromise) => Promise<T>): Promise<T> {
  const api = await ApiPromise.create({
    provider: new WsProvider(CRUST_DEVNET),
    noInitWarn: true,
    ...CRUST_API_OPTIONS,
  });
  try {
    return await use(api);
  } finally {
    await api.disconnect();
  }
}

/** Tops the account up from //Alice on Crust when it has less than `min` to spend. */
async function ensureCru(address: string, min = CRU): Promise<void> {
  await cryptoWaitReady();
  await withCrust(async (api) => {
    const { data } = (await api.query.system.account(address)) as unknown as {
      data: { free: { toBigInt(): bigint }; feeFrozen: { toBigInt(): bigint } };
    };
    if (data.free.toBigInt() - data.feeFrozen.toBigInt() >= min) return;
    const alice = new Keyring({ type: 'sr25519', ss58Format: 66 }).addFromUri('//Alice');
    await new Promise<void>((resolve, reject) => {
      api.tx.balances
        .transferKeepAlive(address, 10n * CRU)
        .signAndSend(alice, (result) => {
          if (result.dispatchError) reject(new Error(result.dispatchError.toString()));
          else if (result.status.isInBlock || result.status.isFinalized) resolve();
        })
        .catch(reject);
    });
  });
}

/** The topics of a twin on chain: 0x topic → source address (none for a twin without any). */
async function twinTopics(chain: DevnetChain, id: number): Promise<Record<string, string>> {
  const topics = (await chain.api.query.digitalTwin.digitalTwin(id)).toJSON();
  return (topics ?? {}) as Record<string, string>;
}

async function openWorkshop(page: Page, owner: string, seed: string) {
  await page.goto('./#/save-setup');
  await page.getByLabel('Subscription owner').fill(owner);
  await page.getByLabel('Account seed').fill(seed);
  await page.getByRole('button', { name: 'unlock' }).click();
  await expect(page.getByText(/^Unlocked \(ed25519\):/)).toBeVisible();
}

test('a device encrypts a file, stores it on IPFS and Crust and saves it to a twin', async ({
  page,
  devnetChain: chain,
}) => {
  test.setTimeout(120_000);
  // Other specs may have spent the seeded free weight: give it back so calls through it pass.
  // Here, not in a hook: only this test calls through it, and only its lane (home) writes it.
  await payForSeededHome(chain);
  const bob = new Keyring({ ss58Format: 66 }).addFromUri('//Bob', {}, 'ed25519');
  await ensureCru(bob.address);

  await page.goto('./#/save-setup');
  await expect(page.getByText('Not found account')).toBeVisible();
  // A fresh browser has no saved setup: the owner field starts empty and says so.
  await expect(page.getByLabel('Subscription owner')).toHaveValue('');
  await expect(page.getByText(/^Not found parachain account/)).toBeVisible();
  await page.getByLabel('Subscription owner').fill('not an address');
  await expect(page.getByText('This is not a valid account address.')).toBeVisible();
  await page.getByLabel('Subscription owner').fill(ALICE);
  await page.getByLabel('Account seed').fill(`${DEV_PHRASE}//Bob`);
  await page.getByRole('button', { name: 'unlock' }).click();
  await expect(page.getByLabel('Account seed')).toHaveCount(0);
  await expect(page.getByText("A device of the owner's subscription")).toBeVisible();

  // The twin is created through Alice's subscription and chosen at once.
  const twinPanel = page.getByRole('region', { name: 'Digital twin' });
  await twinPanel.getByRole('button', { name: 'Create new' }).click();
  const created = twinPanel.getByText(/^Digital twin #\d+ created\.$/);
  await expect(created).toBeVisible({ timeout: 20_000 });
  const twinId = Number((await created.textContent())!.match(/#(\d+)/)![1]);
  await expect(twinPanel.getByLabel('Choose digital twin')).toHaveValue(String(twinId));
  const owner = (await chain.api.query.digitalTwin.owner(twinId)).toString();
  expect(owner).toBe(new Keyring({ ss58Format: 32 }).encodeAddress(bob.publicKey, 32));
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(`No files of this owner in twin #${twinId} yet.`)).toBeVisible();

  const setup = page.getByRole('region', { name: 'Setup' });
  await expect(setup.getByLabel('Message to encrypt')).toHaveValue('{"name":"blushing cow"}');
  await setup.getByRole('button', { name: 'encrypt' }).click();
  const encrypted = ((await setup.getByTestId('encrypted').textContent()) ?? '').replace(
    'Encrypted content: ',
    '',
  );
  expect(encrypted).toMatch(/^0x[0-9a-f]+$/);
  // nonce 24 + tag 16 + 23 bytes of text
  expect(encrypted.length).toBe(2 + 2 * (24 + 16 + 23));
  await setup.getByRole('button', { name: 'Upload to ipfs' }).click();
  const uploadedLine = setup.getByText(/^Uploaded to IPFS: Qm\w{44}$/);
  await expect(uploadedLine).toBeVisible({ timeout: 20_000 });
  const cid = (await uploadedLine.textContent())!.split(': ')[1]!;
  expect(await (await fetch(`${GATEWAY}/ipfs/${cid}`)).text()).toBe(encrypted);

  const crust = page.getByRole('region', { name: 'Save to crust' });
  await expect(crust.getByText(`Ipfs file info: ${cid}, ${encrypted.length} bytes`)).toBeVisible();
  await expect(crust.getByText(/^Balance: [\d,]+\.\d{4} CRU · Price: 0\.0010 CRU$/)).toBeVisible({
    timeout: 20_000,
  });
  // The order's transaction fee, from the node's payment API, before anything is signed.
  await expect(crust.getByTestId('crust-fee')).toHaveText(/^Transaction fee: 0\.000\d{5} CRU$/);
  await crust.getByRole('button', { name: 'store file' }).click();
  await expect(crust.getByTestId('crust-saved')).toContainText('Crust saved', { timeout: 20_000 });
  await expect(crust.getByTestId('crust-fee')).toHaveCount(0);
  await expect(crust.getByRole('button', { name: 'store file' })).toHaveCount(0);

  const save = page.getByRole('region', { name: 'Save to digital twin' });
  await expect(save.getByLabel('Content id (CIDv0)')).toHaveValue(cid);
  await save.getByRole('button', { name: 'save to digital twin' }).click();
  await expect(save.getByText('Digital twin saved')).toBeVisible({ timeout: 20_000 });
  const digest = `0x${Buffer.from(base58Decode(cid).slice(2)).toString('hex')}`;
  expect(await twinTopics(chain, twinId)).toEqual({ [digest]: ALICE });

  // The file list follows the twin: the file, decrypted with this key, then its replicas.
  const file = files.locator(`[data-cid="${cid}"]`);
  // On the fastest of the devnet's gateways: the API's host or the gateway.
  await expect(file.getByRole('link', { name: cid })).toHaveAttribute(
    'href',
    new RegExp(`^http://127\\.0\\.0\\.1:(5001|8080)/ipfs/${cid}$`),
  );
  await expect(file.getByTestId('file-data')).toHaveText('data: {"name":"blushing cow"}');
  await expect(file.getByTestId('crust-info')).toContainText(/reported_replica_count [1-9]/, {
    timeout: 30_000,
  });
  await expect(
    file
      .getByTestId('crust-info')
      .getByText(/^replica: c\w{48}$/)
      .first(),
  ).toBeVisible();
  await expect(crust.getByTestId('crust-saved')).toContainText(/replica: [1-9]/);
  const order = await withCrust(async (api) =>
    (await api.query.market.filesV2(`0x${Buffer.from(cid).toString('hex')}`)).toJSON(),
  );
  expect(order).toMatchObject({ file_size: encrypted.length });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/save-setup.png`, fullPage: true });

  // Lock drops the key and everything made with it.
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText('Not found account')).toBeVisible();
  await expect(page.getByLabel('Account seed')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Files' })).toHaveCount(0);
});

test('a seed that is not a seed is refused, and an address is not taken for one', async ({
  page,
}) => {
  await page.goto('./#/save-setup');
  await page.getByLabel('Subscription owner').fill(ALICE);
  await page.getByLabel('Account seed').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_A_SEED);
  await page.getByLabel('Account seed').fill(ALICE);
  await page.getByRole('button', { name: 'unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This is an account address, not its seed: enter the secret phrase or the 0x seed of the account.',
  );
  await expect(page.getByText('Not found account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create new' })).toHaveCount(0);
});

test('an account that is no device of the subscription is refused in plain words', async ({
  page,
  devnetChain: chain,
}) => {
  // Charlie (ed25519) owns a twin of his own but is no device of Alice's subscription.
  const charlie = chain.pair('//Charlie', 'ed25519');
  await chain.transfer(charlie.address, 10n * XRT);
  await chain.send(chain.api.tx.digitalTwin.create(), charlie);
  // Charlie's newest twin, not the chain's last one: the other browser lane makes twins too.
  const twinId = (await chain.ownedTwins(charlie.address)).at(-1)!;
  expect((await chain.api.query.digitalTwin.owner(twinId)).toString()).toBe(charlie.address);

  await openWorkshop(page, ALICE, `${DEV_PHRASE}//Charlie`);
  await expect(
    page.getByText(/^This account is not a device of the owner's subscription/),
  ).toBeVisible();
  const twinPanel = page.getByRole('region', { name: 'Digital twin' });
  await twinPanel.getByRole('button', { name: 'Create new' }).click();
  await expect(twinPanel.getByRole('alert')).toHaveText(NO_ACCESS);

  await twinPanel.getByLabel('Choose digital twin').selectOption(String(twinId));
  const setup = page.getByRole('region', { name: 'Setup' });
  await setup.getByRole('button', { name: 'encrypt' }).click();
  await setup.getByRole('button', { name: 'Upload to ipfs' }).click();
  await expect(setup.getByRole('alert')).toHaveText(
    "The IPFS node refused the authorization. Only a device of the owner's active subscription may upload.",
  );

  const save = page.getByRole('region', { name: 'Save to digital twin' });
  await save.getByLabel('Content id (CIDv0)').fill('not a cid');
  await expect(save.getByText('A CIDv0 starts with Qm and has 46 characters.')).toBeVisible();
  await expect(save.getByRole('button', { name: 'save to digital twin' })).toBeDisabled();
  await save
    .getByLabel('Content id (CIDv0)')
    .fill('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG');
  await save.getByRole('button', { name: 'save to digital twin' }).click();
  await expect(save.getByRole('alert')).toHaveText(NO_ACCESS);
  expect(await twinTopics(chain, twinId)).toEqual({});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/save-setup-refused.png`, fullPage: true });
});

test("an owner's own key without CRU is told 'low balance'", async ({
  page,
  devnetChain: chain,
}) => {
  // A fresh ed25519 key with its own subscription, itself as the device, and no CRU.
  const key = chain.pair(`${DEV_PHRASE}//SaveSetupOwner`, 'ed25519');
  await chain.transfer(key.address, 10n * XRT);
  await chain.grantSubscription(key.address);
  await chain.send(chain.api.tx.rws.setDevices([key.address]), key);

  await openWorkshop(page, key.address, `${DEV_PHRASE}//SaveSetupOwner`);
  await expect(page.getByText("This key is the owner's")).toBeVisible();
  const setup = page.getByRole('region', { name: 'Setup' });
  await setup.getByLabel('Message to encrypt').fill('{"name":"quiet goat"}');
  await setup.getByRole('button', { name: 'encrypt' }).click();
  await setup.getByRole('button', { name: 'Upload to ipfs' }).click();
  await expect(setup.getByText(/^Uploaded to IPFS: Qm\w{44}$/)).toBeVisible({ timeout: 20_000 });
  const crust = page.getByRole('region', { name: 'Save to crust' });
  await expect(crust.getByText(/^Balance: 0\.0000 CRU · Price: 0\.0010 CRU$/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(crust.getByText('low balance', { exact: true })).toBeVisible();
  await expect(crust.getByRole('button', { name: 'store file' })).toHaveCount(0);
});
