import { randomUUID } from 'node:crypto';
import { type DevnetChain, XRT } from './fixtures/devnet-chain.ts';
import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

const ROBOT = '4GfZP7fbGZBx5GxR4mreLGTm872vHYhDMmaV6d1SEHGtv7AP';
const SHAKE_HAND = `0x32${'00'.repeat(31)}`;
type Codec = { toString(): string; toJSON(): unknown };
interface EventRecord {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } };
  event: { section: string; method: string; data: Codec[] };
}

async function freeAt(chain: DevnetChain, address: string, blockHash: string): Promise<bigint> {
  const api = await chain.api.at(blockHash);
  const account = (await api.query.system.account(address)) as unknown as {
    data: { free: { toBigInt(): bigint } };
  };
  return account.data.free.toBigInt();
}

const planck = (codec: Codec) => BigInt(codec.toString());

test('pays the robot 0.5 XRT with the chosen command and shows the block', async ({
  page,
  devnetChain: chain,
}) => {
  const wallet = await injectPolkadotExtension(page, [
    { name: 'Payer', uri: `//RobotPayer/${randomUUID()}`, type: 'sr25519' },
  ]);
  const payer = wallet.addresses.Payer!;
  await chain.transfer(payer, 5n * XRT);
  await page.goto('./#/humanoid');
  await expect(
    page.getByRole('heading', { name: 'Pay the robot with cryptocurrency' }),
  ).toBeVisible();
  await expect(page.getByText('Price: 0.5 XRT')).toBeVisible();
  const action = page.getByLabel('Action');
  await expect(action.locator('option')).toHaveText([
    'Wave Hand',
    'Wave Hand with Turn',
    'Shake Hand',
  ]);
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByText('Your balance: 5.0000 XRT')).toBeVisible();
  await action.selectOption({ label: 'Shake Hand' });
  // The fee is known before anything is signed.
  const feeLine = page.getByText(/^Network fee: \d+\.\d{6} XRT$/);
  await expect(feeLine).toBeVisible();
  expect(wallet.signedCount()).toBe(0);
  const shownFee = (await feeLine.textContent())!.match(/(\d+\.\d{6})/)![1]!;

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const result = page.getByText(/^Paid: \d+-\d+$/);
  await expect(result).toBeVisible({ timeout: 20_000 });
  expect(wallet.signedCount()).toBe(1);
  const [blockNumber, txIndex] = (await result.textContent())!
    .replace('Paid: ', '')
    .split('-')
    .map(Number) as [number, number];

  // The block and index name the payment: one atomic batch of the transfer and the launch.
  const hash = (await chain.api.rpc.chain.getBlockHash(blockNumber)).toHex();
  const block = await chain.api.rpc.chain.getBlock(hash);
  const extrinsic = block.block.extrinsics[txIndex]!;
  expect(extrinsic.signer.toString()).toBe(payer);
  expect(`${extrinsic.method.section}.${extrinsic.method.method}`).toBe('utility.batchAll');
  const calls = (
    extrinsic.method.args[0] as unknown as { section: string; method: string; args: Codec[] }[]
  ).map((call) => [`${call.section}.${call.method}`, ...call.args.map((a) => a.toString())]);
  expect(calls).toEqual([
    ['balances.transferKeepAlive', ROBOT, String(XRT / 2n)],
    ['launch.launch', ROBOT, SHAKE_HAND],
  ]);

  const events = (
    (await (await chain.api.at(hash)).query.system.events()) as unknown as EventRecord[]
  )
    .filter((r) => r.phase.isApplyExtrinsic && r.phase.asApplyExtrinsic.toNumber() === txIndex)
    .map((r) => r.event);
  const named = (section: string, method: string) =>
    events.find((e) => e.section === section && e.method === method);
  // The batch completed and the extrinsic succeeded: both events are there, in that order.
  const order = events.map((e) => `${e.section}.${e.method}`);
  expect(order.indexOf('utility.BatchCompleted')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('system.ExtrinsicSuccess')).toBeGreaterThan(
    order.indexOf('utility.BatchCompleted'),
  );
  expect(named('balances', 'Transfer')?.data.map((d) => d.toString())).toEqual([
    payer,
    ROBOT,
    String(XRT / 2n),
  ]);
  expect(named('launch', 'NewLaunch')?.data.map((d) => d.toString())).toEqual([
    payer,
    ROBOT,
    SHAKE_HAND,
  ]);

  // Balances by @polkadot/api, before and after that block: the robot got exactly 0.5 XRT and
  // the payer paid that plus the fee it was shown.
  const parent = block.block.header.parentHash.toHex();
  expect((await freeAt(chain, ROBOT, hash)) - (await freeAt(chain, ROBOT, parent))).toBe(XRT / 2n);
  const fee = planck(named('transactionPayment', 'TransactionFeePaid')!.data[1]!);
  expect((await freeAt(chain, payer, parent)) - (await freeAt(chain, payer, hash))).toBe(
    XRT / 2n + fee,
  );
  expect(Number(shownFee)).toBeCloseTo(Number(fee) / 1e9, 5);
  await page.screenshot({ path: `${SCREENS}/humanoid-paid.png`, fullPage: true });
});

test('an account without enough XRT is told so before anything is signed', async ({
  page,
  devnetChain: chain,
}) => {
  const wallet = await injectPolkadotExtension(page, [
    { name: 'Broke', uri: `//RobotBroke/${randomUUID()}`, type: 'sr25519' },
  ]);
  const broke = wallet.addresses.Broke!;
  await chain.transfer(broke, XRT / 10n);
  await page.goto('./#/humanoid');
  await page.getByRole('button', { name: 'Polkadot{.js}' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Not enough XRT: paying the robot takes 0\.5 XRT plus a network fee of 0\.\d{6} XRT, and this account can spend 0\.0999 XRT\.$/,
    { timeout: 20_000 },
  );
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/humanoid-short.png`, fullPage: true });
  expect(wallet.signedCount()).toBe(0);
  const nonce = (await chain.api.rpc.system.accountNextIndex(broke)).toNumber();
  expect(nonce).toBe(0);

  // Topped up elsewhere: the live balance lifts the refusal.
  await chain.transfer(broke, XRT);
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
  await expect(pay).toBeEnabled();
});
