import { encodeAddress } from '@dedot/utils';
import type { SubscriptionLedger } from '@robonomics-dapp/robonomics/chain/model/ledger';
import { pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { encodeKeystore } from '@robonomics-dapp/robonomics/crypto/keystore';
import { writeSetupFile } from '@robonomics-dapp/robonomics/home-assistant/setup-file/write';
import { DAY_MS } from '@robonomics-dapp/robonomics/rws/subscription';
import { ALICE as OWNER } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedSetup } from '../stores/saved-setups-format.ts';
import { type ChainFacts, checkSetupFile } from './setup-file-check.ts';

const PASSWORD = 'tulip orbit gravel 7';
const pair = pairFromUri(
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
);
const CONTROLLER = encodeAddress(pair.publicKey, 32);
const NOW = 1_800_000_000_000;
const ledger = (issueTime: number): SubscriptionLedger => ({
  freeWeight: 0n,
  issueTime: BigInt(issueTime),
  lastUpdate: BigInt(issueTime),
  kind: { type: 'Daily', days: 30 },
});

let setup: SavedSetup;
beforeAll(() => {
  setup = {
    owner: OWNER,
    name: 'Sunny Home',
    network: 'local',
    controller: { address: CONTROLLER, keystore: JSON.stringify(encodeKeystore(pair, PASSWORD)) },
  };
});
const fileOf = (s: SavedSetup, controllerKey = true) =>
  writeSetupFile(s, {
    name: true,
    owner: true,
    controllerAddress: true,
    userNames: true,
    controllerKey,
    interval: '10',
    ipfsGateway: '',
  });
const chainWith = (ledgers: Record<string, SubscriptionLedger>, devices: string[]): ChainFacts => ({
  network: 'local',
  ledger: async (owner) => ledgers[owner] ?? null,
  devices: async () => devices,
  now: NOW,
});

describe('checkSetupFile', () => {
  it('says Home Assistant will accept a file the app made for its devnet setup', async () => {
    const verdict = await checkSetupFile(
      fileOf(setup),
      PASSWORD,
      chainWith({ [OWNER]: ledger(NOW - DAY_MS) }, [OWNER, CONTROLLER]),
    );
    expect(verdict).toEqual({ kind: 'accepted', controller: CONTROLLER, warnings: [] });
  });

  it('names the integration error, its text and why', async () => {
    const verdict = await checkSetupFile(
      fileOf(setup),
      PASSWORD,
      chainWith({ [OWNER]: ledger(NOW - DAY_MS) }, [OWNER]),
    );
    expect(verdict).toMatchObject({
      kind: 'refused',
      key: 'is_not_in_devices',
      text: 'Controller address is not in subscription devices',
    });
    expect(await checkSetupFile(fileOf(setup), 'wrong', chainWith({}, []))).toMatchObject({
      key: 'wrong_password',
      text: "Can't decrypt setting with given password",
    });
  });

  it('warns when the subscription it finds has ended', async () => {
    const verdict = await checkSetupFile(
      fileOf(setup),
      PASSWORD,
      chainWith({ [OWNER]: ledger(NOW - 40 * DAY_MS) }, [CONTROLLER]),
    );
    expect(verdict.kind).toBe('accepted');
    if (verdict.kind === 'accepted') expect(verdict.warnings[0]).toContain('has ended');
  });

  it('says the manual step follows for a file without the key', async () => {
    expect(await checkSetupFile(fileOf(setup, false), '', chainWith({}, []))).toMatchObject({
      kind: 'manual',
    });
  });

  it('reads no other network than the one the app is on', async () => {
    const kusama = fileOf({ ...setup, network: 'kusama' });
    expect(
      await checkSetupFile(kusama, PASSWORD, chainWith({ [OWNER]: ledger(NOW) }, [CONTROLLER])),
    ).toMatchObject({ key: 'has_no_subscription' });
  });
});
