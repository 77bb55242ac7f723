import { injectPolkadotExtension } from './fixtures/polkadot-extension.ts';
import { expect, SCREENS, test } from './fixtures/test.ts';

test('the Altruist page charts a sensor datalog and appends new records live', async ({
  page,
  devnetChain: chain,
}) => {
  const sensor = chain.pair('//AltruistSensor');
  await chain.transfer(sensor.address, 10n * 1_000_000_000n);
  for (const [pm10, t] of [
    [12.5, 21.4],
    [18, 21.9],
    [25.5, 22.3],
  ]) {
    await chain.send(chain.api.tx.datalog.record(`p1:${pm10},p2:8,t:${t},h:40,nm:61,zz:1`), sensor);
  }
  await page.goto(`./#/altruist/${sensor.address}`);
  await expect(page.getByRole('region', { name: 'PM10' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tmp' })).toBeVisible();
  // An unknown key is shown raw, not dropped and not a crash.
  await expect(page.getByRole('region', { name: 'zz' })).toBeVisible();
  await expect(page.getByText(`Sensor id: ${sensor.address}`)).toBeVisible();
  await expect(page.locator('.chart canvas').first()).toBeVisible();
  await expect(page.getByText(/now: Good/).first()).toBeVisible();
  await chain.send(chain.api.tx.datalog.record('p1:400,t:23'), sensor);
  await expect(page.getByText(/now: Unacceptable/)).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SCREENS}/altruist.png`, fullPage: true });
});

test('the energy page finds its sensor through the energy topic of the account twin', async ({
  page,
  devnetChain: chain,
}) => {
  const owner = chain.pair('//Eve');
  const meter = chain.pair('//EnergyMeter');
  await chain.transfer(meter.address, 10n * 1_000_000_000n);
  await chain.send(
    chain.api.tx.datalog.record('{"voltage": 229.8, "current": 1.2, "active_power": 270}'),
    meter,
  );
  await chain.send(chain.api.tx.digitalTwin.create(), owner);
  // Eve's newest twin, not the chain's last one: the other browser lane makes twins too.
  const twin = (await chain.ownedTwins(owner.address)).at(-1)!;
  const energyTopic = `0x${'00'.repeat(26)}${Buffer.from('energy').toString('hex')}`;
  await chain.send(chain.api.tx.digitalTwin.setSource(twin, energyTopic, meter.address), owner);

  await injectPolkadotExtension(page, [{ name: 'Eve', uri: '//Eve', type: 'sr25519' }]);
  await page.goto('./#/energy-monitor');
  await expect(page.getByText('Not found')).toBeVisible();
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Polkadot{.js}' })
    .click();
  await expect(page.getByText(`Sensor id: ${meter.address}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /^Last data/ })).toBeVisible();
  await expect(page.getByText('Voltage: 229.8 V')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active power' })).toBeVisible();
});
