import { expect, test } from '@playwright/test';
import { DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';

const ROBOT = '4GfZP7fbGZBx5GxR4mreLGTm872vHYhDMmaV6d1SEHGtv7AP';
const SCREENS = 'e2e/artifacts/screens';
let chain: DevnetChain;

test.beforeAll(async () => {
  chain = await DevnetChain.connect();
});

test.afterAll(async () => {
  await chain?.disconnect();
});

async function freeBalance(address: string): Promise<bigint> {
  const account = (await chain.api.query.system.account(address)) as unknown as {
    data: { free: { toBigInt(): bigint } };
  };
  return account.data.free.toBigInt();
}

test('pays the robot 0.5 XRT with a launch command and shows the block', async ({ page }) => {
  const wallet = await injectPolkadotExtension(page, [
    { name: 'Payer', uri: '//RobotPayer', type: 'sr25519' },
  ]);
  await chain.transfer(wallet.addresses.Payer!, 5n * XRT);
  const before = await freeBalance(ROBOT);
  await page.goto('./#/humanoid');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByLabel('Action').selectOption({ label: 'Shake Hand' });
  await expect(page.getByText(/Network fee: .* XRT/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/^Paid: \d+-\d+$/)).toBeVisible({ timeout: 20_000 });
  expect((await freeBalance(ROBOT)) - before).toBe(XRT / 2n);
  // The launch went to the robot with the Shake Hand parameter ("2" in the first byte).
  const events = (await chain.api.query.system.events()) as unknown as {
    event: { section: string; method: string; data: { toString(): string }[] };
  }[];
  const launch = events.find((e) => e.event.section === 'launch' && e.event.method === 'NewLaunch');
  expect(launch?.event.data[1]?.toString()).toBe(ROBOT);
  expect(launch?.event.data[2]?.toString()).toBe(`0x32${'00'.repeat(31)}`);
  await page.screenshot({ path: `${SCREENS}/humanoid-paid.png`, fullPage: true });
});

test('an account without enough XRT is told so', async ({ page }) => {
  const wallet = await injectPolkadotExtension(page, [
    { name: 'Broke', uri: '//RobotBroke', type: 'sr25519' },
  ]);
  await chain.transfer(wallet.addresses.Broke!, XRT / 10n);
  await page.goto('./#/humanoid');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveText(
    /does not have enough free balance|cannot pay the transaction fee|Insufficient balance/,
  );
  expect(await freeBalance(ROBOT)).toBeGreaterThan(0n);
});
