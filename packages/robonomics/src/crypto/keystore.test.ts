import { Keyring } from '@polkadot/keyring';
import type { KeyringPair$Json } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pairFromUri } from './keys.ts';
import { decodeKeystore, encodeKeystore, KeystoreError } from './keystore.ts';

const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

beforeAll(async () => {
  await cryptoWaitReady();
});

// Every keystore round runs scrypt (32 MiB, deliberately slow): with the machine's two cores busy
// with other suites a test can take several seconds, so allow more than the default.
describe('polkadot-js JSON keystore', { timeout: 30_000 }, () => {
  it.each(['ed25519', 'sr25519'] as const)(
    'writes a %s file polkadot-js opens with the password',
    (type) => {
      const pair = pairFromUri(MNEMONIC, type);
      const json = encodeKeystore(pair, 'correct horse', { name: 'Controller' });
      const keyring = new Keyring({ ss58Format: 32 });
      const imported = keyring.addFromJson(json as unknown as KeyringPair$Json);
      expect(imported.address).toBe(json.address);
      imported.decodePkcs8('correct horse');
      expect(imported.isLocked).toBe(false);
      // The decoded key is the one polkadot-js derives: verify a signature made by polkadot-js.
      const reference = keyring.addFromUri(MNEMONIC, {}, type);
      expect(imported.address).toBe(reference.address);
      const message = new TextEncoder().encode('hello');
      expect(reference.verify(message, imported.sign(message), imported.publicKey)).toBe(true);
      expect(() => keyring.addFromJson(json as never).decodePkcs8('wrong')).toThrow();
    },
  );

  it('reads a file polkadot-js wrote', () => {
    const keyring = new Keyring({ ss58Format: 32 });
    const source = keyring.addFromUri(MNEMONIC, { name: 'From polkadot-js' }, 'ed25519');
    const json = source.toJson('pass word');
    const pair = decodeKeystore(json, 'pass word');
    expect(pair.type).toBe('ed25519');
    expect(pair.publicKey).toEqual(source.publicKey);
    expect(pair.secretKey).toEqual(pairFromUri(MNEMONIC, 'ed25519').secretKey);
  });

  it('refuses wrong passwords, damaged and foreign files in words', () => {
    const json = encodeKeystore(pairFromUri(MNEMONIC, 'ed25519'), 'secret');
    expect(() => decodeKeystore(json, 'other')).toThrow('Wrong password for this keystore file.');
    expect(() => decodeKeystore({ ...json, encoded: 'AAAA' }, 'secret')).toThrow(
      'The keystore file is damaged.',
    );
    expect(() => decodeKeystore({ hello: 1 }, 'secret')).toThrow(KeystoreError);
    expect(() => decodeKeystore(null, 'secret')).toThrow(KeystoreError);
    expect(() => encodeKeystore(pairFromUri(MNEMONIC, 'ed25519'), '')).toThrow(
      'A password is required',
    );
  });
});
