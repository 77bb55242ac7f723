import { encodeAddress } from '@dedot/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRobonomicsAddress } from '../../chain/model/address.ts';
import { pairFromUri } from '../../crypto/keys.ts';
import { encodeKeystore, type KeystoreJson } from '../../crypto/keystore.ts';
import { ALICE as OWNER } from '../../test-support/dev-addresses.ts';
import {
  controllerPairOf,
  readSetupFile,
  type SubscriptionReader,
  seedFromManualEntry,
  validateSettings,
} from './integration.ts';
import { writeSetupFile } from './write.ts';

const PASSWORD = 'correct horse battery staple';
const CONTROLLER_PHRASE =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';
const controllerPair = pairFromUri(CONTROLLER_PHRASE, 'ed25519');
const CONTROLLER = encodeAddress(controllerPair.publicKey, 32);

let keystore: KeystoreJson;
beforeAll(() => {
  keystore = encodeKeystore(controllerPair, PASSWORD, { name: 'controller' });
});

/**
 * A setup file as the app writes it (every value a string, the interval left empty), with the
 * fields a test changes by hand put over it.
 */
function setupFile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const written = writeSetupFile(
    {
      owner: OWNER,
      name: 'Sunny Home',
      network: 'polkadot',
      controller: { address: CONTROLLER, keystore: JSON.stringify(keystore) },
    },
    {
      name: true,
      owner: true,
      controllerAddress: true,
      userNames: true,
      controllerKey: true,
      interval: '',
      ipfsGateway: '',
    },
  );
  return { ...(JSON.parse(written) as Record<string, unknown>), ...overrides };
}

const chain = (ledgers: string[], devices: Record<string, string[]>): SubscriptionReader => ({
  hasLedger: async (owner) => ledgers.includes(owner),
  devices: async (owner) => devices[owner] ?? [],
});

describe('readSetupFile', () => {
  it('opens the controller key kept as a JSON string and applies the defaults', () => {
    const reading = readSetupFile(JSON.stringify(setupFile()), PASSWORD);
    expect(reading).toMatchObject({
      ok: true,
      next: 'validate',
      settings: {
        owner: OWNER,
        network: 'polkadot',
        intervalMinutes: 10,
        ipfs: { port: 443 },
        controllerType: 'ed25519',
      },
    });
    if (!reading.ok) throw new Error();
    // The seed as the integration stores it: 0x and the ed25519 seed.
    expect(controllerPairOf(reading.settings.seed!)?.publicKey).toEqual(controllerPair.publicKey);
  });

  it('takes the keystore as an object too (as the original app wrote a generated one)', () => {
    const reading = readSetupFile(
      JSON.stringify(setupFile({ controller: { address: CONTROLLER, private: keystore } })),
      PASSWORD,
    );
    expect(reading).toMatchObject({ ok: true, next: 'validate' });
  });

  it('raises wrong_password for another password', () => {
    expect(readSetupFile(JSON.stringify(setupFile()), 'another password')).toMatchObject({
      ok: false,
      key: 'wrong_password',
    });
  });

  it('goes to the manual step when the file has no controller key', () => {
    const file = setupFile({ controller: { address: CONTROLLER, private: '' } });
    expect(readSetupFile(JSON.stringify(file), '')).toMatchObject({
      ok: true,
      next: 'manual',
      settings: { owner: OWNER, network: 'polkadot' },
    });
  });

  it('reads a bare keystore as the key alone, the rest asked by hand', () => {
    expect(readSetupFile(JSON.stringify(keystore), PASSWORD)).toMatchObject({
      ok: true,
      next: 'manual',
      settings: { controllerType: 'ed25519' },
    });
    expect(readSetupFile(JSON.stringify(keystore), 'nope')).toMatchObject({
      key: 'wrong_password',
    });
  });

  it('raises unknown for every key the parser reads that is missing', () => {
    for (const key of ['pinata', 'ipfs', 'datalog', 'network']) {
      const file = setupFile();
      delete file[key];
      const reading = readSetupFile(JSON.stringify(file), PASSWORD);
      expect(reading, key).toMatchObject({ ok: false, key: 'unknown' });
      if (!reading.ok) expect(reading.reason).toContain(`"${key}"`);
    }
    const noPrivate = setupFile({ controller: { address: CONTROLLER } });
    expect(readSetupFile(JSON.stringify(noPrivate), PASSWORD)).toMatchObject({ key: 'unknown' });
  });

  it('refuses what is not a setup file with the keys the integration gives', () => {
    expect(readSetupFile('not json', PASSWORD)).toMatchObject({ key: 'wrong_config_format' });
    expect(readSetupFile('{}', PASSWORD)).toMatchObject({ key: 'wrong_config_format' });
    expect(readSetupFile('[1]', PASSWORD)).toMatchObject({ key: 'unknown' });
    expect(readSetupFile(new Uint8Array([0xff, 0xfe]), PASSWORD)).toMatchObject({
      key: 'unknown',
    });
    // An older format named the controller by its address only.
    expect(
      readSetupFile(JSON.stringify(setupFile({ controller: CONTROLLER })), PASSWORD),
    ).toMatchObject({ key: 'unknown' });
  });

  it('reads the interval as Python int() does', () => {
    const read = (interval: unknown) =>
      readSetupFile(JSON.stringify(setupFile({ datalog: { interval } })), PASSWORD);
    expect(read(' 15 ')).toMatchObject({ settings: { intervalMinutes: 15 } });
    expect(read(20)).toMatchObject({ settings: { intervalMinutes: 20 } });
    expect(read('10.5')).toMatchObject({ ok: false, key: 'unknown' });
    expect(read('ten')).toMatchObject({ ok: false, key: 'unknown' });
  });

  it('names the key type of a keystore that is not ed25519 or sr25519', () => {
    const ecdsa = { ...keystore, encoding: { ...keystore.encoding, content: ['pkcs8', 'ecdsa'] } };
    const file = setupFile({ controller: { address: CONTROLLER, private: ecdsa } });
    const reading = readSetupFile(JSON.stringify(file), PASSWORD);
    expect(reading).toMatchObject({ ok: false, key: 'unknown' });
    if (!reading.ok) expect(reading.reason).toContain('ecdsa');
  });
});

describe('validateSettings', () => {
  const settingsOf = (file: Record<string, unknown>) => {
    const reading = readSetupFile(JSON.stringify(file), PASSWORD);
    if (!reading.ok) throw new Error(reading.reason);
    return reading.settings;
  };

  it('accepts a controller in the devices of an owner with a subscription', async () => {
    const result = await validateSettings(settingsOf(setupFile()), () =>
      chain([OWNER], { [OWNER]: [OWNER, CONTROLLER] }),
    );
    expect(result).toEqual({ ok: true, controller: CONTROLLER, owner: OWNER });
  });

  it('raises the integration errors in its order', async () => {
    const reader = () => chain([OWNER], { [OWNER]: [OWNER] });
    expect(await validateSettings(settingsOf(setupFile()), reader)).toMatchObject({
      key: 'is_not_in_devices',
    });
    expect(await validateSettings(settingsOf(setupFile()), () => chain([], {}))).toMatchObject({
      key: 'has_no_subscription',
    });
    // The generic format (42) of the same owner.
    const owner42 = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
    expect(await validateSettings(settingsOf(setupFile({ owner: owner42 })), reader)).toMatchObject(
      { key: 'invalid_sub_owner_address' },
    );
    expect(
      await validateSettings({ ...settingsOf(setupFile()), seed: '0x1234' }, reader),
    ).toMatchObject({ key: 'invalid_sub_admin_seed' });
    expect(
      await validateSettings({ ...settingsOf(setupFile()), seed: undefined }, reader),
    ).toMatchObject({ key: 'wrong_password' });
  });

  it('looks on Kusama for a network it does not know', async () => {
    const asked: string[] = [];
    const result = await validateSettings(settingsOf(setupFile({ network: 'local' })), (n) => {
      asked.push(n);
      return chain([], {});
    });
    expect(asked).toEqual(['kusama']);
    expect(result).toMatchObject({ key: 'has_no_subscription' });
    if (!result.ok) expect(result.reason).toContain('"local"');
  });

  it('refuses an sr25519 controller as an invalid seed', async () => {
    const sr = encodeKeystore(pairFromUri(CONTROLLER_PHRASE, 'sr25519'), PASSWORD);
    const settings = settingsOf(setupFile({ controller: { address: CONTROLLER, private: sr } }));
    expect(settings.controllerType).toBe('sr25519');
    const result = await validateSettings(settings, () => chain([OWNER], {}));
    expect(result).toMatchObject({ key: 'invalid_sub_admin_seed' });
  });
});

describe('the manual step', () => {
  it('reads a mnemonic as an ed25519 key, 0x hex as it is and other text as hex', () => {
    const fromWords = seedFromManualEntry(CONTROLLER_PHRASE);
    expect(controllerPairOf(fromWords!)?.publicKey).toEqual(controllerPair.publicKey);
    expect(seedFromManualEntry('0xabc')).toBe('0xabc');
    expect(seedFromManualEntry('abc')).toBe('0xabc');
    expect(seedFromManualEntry('not a valid mnemonic')).toBeNull();
  });

  it('knows Robonomics addresses by their prefix', () => {
    expect(isRobonomicsAddress(OWNER)).toBe(true);
    expect(isRobonomicsAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(false);
    expect(isRobonomicsAddress('4GzMLepDF5nKTWDM6XpB3CrBcFmwgazcVFAD3ZBNAjKT6hQX')).toBe(false);
  });
});
