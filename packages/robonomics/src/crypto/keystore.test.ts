import { Keyring } from '@polkadot/keyring';
import type { KeyringPair$Json } from '@polkadot/keyring/types';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pairFromUri } from './keys.ts';
import { decodeKeystore, encodeKeystore, KeystoreError, type KeystoreJson } from './keystore.ts';

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

/** A copy of `json` whose file asks for other scrypt parameters (the salt's next 12 bytes). */
function withScrypt(json: KeystoreJson, N: number, p: number, r: number): KeystoreJson {
  const bytes = Uint8Array.from(atob(json.encoded), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer, 32, 12);
  view.setUint32(0, N, true);
  view.setUint32(4, p, true);
  view.setUint32(8, r, true);
  return { ...json, encoded: btoa(String.fromCharCode(...bytes)) };
}

describe('scrypt work a keystore may ask', { timeout: 30_000 }, () => {
  const json = encodeKeystore(pairFromUri(MNEMONIC, 'ed25519'), 'secret');

  it('is what Polkadot keystores ask: every combination polkadot-js reads is worked through', () => {
    // polkadot-js's ALLOWED_PARAMS (util-crypto 14), its default N 2^17 among them. With other
    // parameters than the file was sealed with, the key found is wrong: the work was done.
    for (const [N, p, r] of [
      [1 << 13, 10, 8],
      [1 << 14, 5, 8],
      [1 << 15, 3, 8],
      [1 << 16, 2, 8],
      [1 << 17, 1, 8],
    ] as const) {
      expect(() => decodeKeystore(withScrypt(json, N, p, r), 'secret'), `N ${N}`).toThrow(
        'Wrong password for this keystore file.',
      );
    }
  });

  it('refuses more, in milliseconds and before any of the work', () => {
    // The app's own file: its time, to estimate the refused work's.
    let started = performance.now();
    expect(decodeKeystore(json, 'secret').type).toBe('ed25519');
    const ownMs = performance.now() - started;
    // The refusal's words once before timing (their number formatting loads on first use).
    expect(() => decodeKeystore(withScrypt(json, 1 << 18, 1, 8), 'secret')).toThrow(KeystoreError);
    for (const [N, p, r] of [
      [1 << 20, 16, 8],
      [1 << 20, 1, 8],
      [1 << 18, 1, 8],
      [1 << 17, 2, 8],
      [1 << 16, 3, 8],
      [1 << 15, 11, 8],
      [1 << 15, 1, 9],
      [2 ** 31, 1, 1],
      [2 ** 30, 2 ** 20, 2 ** 20],
    ] as const) {
      const file = withScrypt(json, N, p, r);
      started = performance.now();
      expect(() => decodeKeystore(file, 'secret')).toThrow(
        /^This keystore file asks for more key-derivation work than Polkadot keystores do \(scrypt N \d+, r \d+, p \d+: [\d,]+ MiB of mixing, where polkadot-js writes N 131072, r 8, p 1: 128 MiB, and this app N 32768\)\. It is not opened/,
      );
      const refusedMs = performance.now() - started;
      // Milliseconds, where even the smallest of these would take longer than the app's own
      // derivation (a busy machine slows both alike).
      expect(refusedMs, `N ${N}, p ${p}, r ${r}`).toBeLessThan(ownMs / 4);
      if (N === 1 << 20 && p === 16) {
        // scrypt's time grows with N·r·p: the refused file would have taken this long.
        const estimate = (ownMs * (N * r * p)) / ((1 << 15) * 8);
        console.log(
          `keystore scrypt N 2^20, r 8, p 16: refused in ${refusedMs.toFixed(2)} ms; ` +
            `would have taken about ${(estimate / 1000).toFixed(0)} s and 1 GiB ` +
            `(the app's own, N 2^15: ${ownMs.toFixed(0)} ms and 32 MiB)`,
        );
      }
    }
  });

  it('refuses parameters no scrypt can take, in words', () => {
    for (const [N, p, r] of [
      [0, 1, 8],
      [1, 1, 8],
      [3000, 1, 8],
      [0xffffffff, 1, 8],
      [1 << 15, 0, 8],
      [1 << 15, 1, 0],
    ] as const) {
      expect(() => decodeKeystore(withScrypt(json, N, p, r), 'secret')).toThrow(
        'The keystore file is damaged: its key derivation (scrypt) needs whole numbers, N a power of two.',
      );
    }
  });
});
