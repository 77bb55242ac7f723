import { ApiPromise, WsProvider } from '@polkadot/api';
import {
  ALICE as alice,
  BOB_ED25519 as bobEd25519,
} from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CONTROLLER_MNEMONIC, SEED_SECOND_USER_MNEMONIC } from '../../src/chain/seed.ts';
import { removeDir } from '../../src/common/test-support.ts';
import { type DevnetProcess, startDevnet } from './devnet-process.ts';

const controller = '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G';
const secondUser = '4EqtNuXrv5jhr7P7sm3b2DvVMZWXvtyavcYEtpmsQYN72Bcd';
const dave = '4DHaCwK5eNijEByXSrrXauJwUi5vYR53rESBNeDYHD6WeJYw';

// One seeding code path (transactions and dev_setStorage) for both engines.
describe.each(['typescript', 'runtime'])('the demo scenario of npm start (%s engine)', (engine) => {
  let devnet: DevnetProcess;
  let api: ApiPromise;

  beforeAll(async () => {
    devnet = await startDevnet(['--engine', engine, '--instant', '--reset', '--seed']);
    api = await ApiPromise.create({ provider: new WsProvider(devnet.url), noInitWarn: true });
  }, 120_000);

  afterAll(async () => {
    await api?.disconnect();
    await devnet?.stop();
    if (devnet) removeDir(devnet.dataDir);
  });

  it('opens auctions and gives Alice an active subscription with Bob and the controller', async () => {
    expect((await api.query.rws.auctionQueue()).toJSON()).toEqual([0, 1, 2]);
    const ledger = (await api.query.rws.ledger(alice)).toJSON() as {
      kind: unknown;
      issueTime: number;
    };
    expect(ledger.kind).toEqual({ daily: { days: 30 } });
    // The runtime engine's clock moves a slot (6 s) per block, so it may run a little ahead.
    expect(Math.abs(Date.now() - ledger.issueTime)).toBeLessThan(120_000);
    expect(BigInt((ledger as unknown as { freeWeight: number | string }).freeWeight)).toBe(
      1_000_000_000_000_000n,
    );
    expect((await api.query.rws.ledger(dave)).toJSON()).toMatchObject({
      kind: { lifetime: { tps: 1_000_000 } },
    });
    expect((await api.query.rws.devices(dave)).toHuman()).toEqual([dave]);
    expect((await api.query.rws.devices(alice)).toHuman()).toEqual([
      alice,
      bobEd25519,
      controller,
      secondUser,
    ]);
    expect(SEED_CONTROLLER_MNEMONIC.split(' ')).toHaveLength(12);
    // The second user has a phrase of its own, no derivation path, and can pay.
    expect(SEED_SECOND_USER_MNEMONIC.split(' ')).toHaveLength(12);
    const account = (await api.query.system.account(secondUser)).toJSON() as {
      data: { free: number | string };
    };
    expect(BigInt(account.data.free)).toBeGreaterThan(0n);
  });

  it('has a twin pointing to an Altruist sensor and an energy monitor with a day of data', async () => {
    const twin = (await api.query.digitalTwin.digitalTwin(0)).toHuman() as Record<string, string>;
    const altruist = twin['0x000000000000000000000000000000000000000000000000616c747275697374']!;
    const energy = twin['0x0000000000000000000000000000000000000000000000000000656e65726779']!;
    expect(altruist).toMatch(/^4/);
    expect(energy).toMatch(/^4/);
    expect((await api.query.datalog.datalogIndex(alice)).toJSON()).toEqual({ start: 0, end: 3 });
    for (const sensor of [altruist, energy]) {
      expect((await api.query.datalog.datalogIndex(sensor)).toJSON()).toEqual({
        start: 0,
        end: 127,
      });
    }
    const [first, last] = await Promise.all(
      [0, 126].map(async (i) => {
        const [time, data] = (await api.query.datalog.datalogItem([altruist, i])) as unknown as [
          { toNumber(): number },
          { toUtf8(): string },
        ];
        return { time: time.toNumber(), text: data.toUtf8() };
      }),
    );
    expect(last!.time - first!.time).toBeGreaterThan(23 * 3_600_000);
    expect(first!.text).toMatch(/^p1:[\d.]+,p2:[\d.]+,t:[\d.-]+,h:\d+,p:\d+,nm:\d+,na:\d+$/);
    const [, energyData] = (await api.query.datalog.datalogItem([energy, 5])) as unknown as [
      unknown,
      { toUtf8(): string },
    ];
    expect(Object.keys(JSON.parse(energyData.toUtf8()))).toEqual(['power', 'voltage', 'current']);
    const controllerAccount = (await api.query.system.account(controller)).toJSON() as {
      data: { free: number };
    };
    expect(BigInt(controllerAccount.data.free)).toBe(100_000_000_000n);
  });
});
