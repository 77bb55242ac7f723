// @vitest-environment node
import { encryptMessage } from '@robonomics-dapp/robonomics/crypto/box';
import { toKeyringPair } from '@robonomics-dapp/robonomics/crypto/keyring-pair';
import { DEV_PHRASE, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';
import { BOB_ED25519 as BOB_ED } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import { crustStep } from './crust-step.ts';
import { MAX_SHOWN_CHARS, readFileContent, shownText } from './file-content.ts';
import { ADDRESS_NOT_SEED, NOT_A_SEED, parseKey } from './parse-key.ts';

const address = (seed: string) => toKeyringPair(parseKey(seed)).address;

describe('unlocking an account seed', () => {
  it('takes a phrase with a derivation, a dev URI and a raw 0x seed, as ed25519', () => {
    expect(address(`${DEV_PHRASE}//Bob`)).toBe(BOB_ED);
    expect(address('//Bob')).toBe(BOB_ED);
    expect(address(`  ${DEV_PHRASE.toUpperCase()}//Bob  `)).toBe(BOB_ED);
    const seed = `0x${'ab'.repeat(32)}`;
    expect(parseKey(seed).type).toBe('ed25519');
    expect(parseKey(seed).publicKey).toEqual(pairFromUri(seed, 'ed25519').publicKey);
    expect(address(`${seed}//x`)).not.toBe(address(seed));
  });

  it('refuses what is not a seed in words that do not repeat it', () => {
    for (const text of [
      'correct horse battery staple',
      DEV_PHRASE.replace('walk', 'walks'),
      '0x1234',
      `0x${'zz'.repeat(32)}`,
    ]) {
      expect(() => parseKey(text)).toThrow(NOT_A_SEED);
    }
    expect(() => parseKey('   ')).toThrow('Enter the account seed first.');
    expect(() => parseKey(BOB_ED)).toThrow(ADDRESS_NOT_SEED);
    expect(() => parseKey(`${DEV_PHRASE}/soft`)).toThrow(NOT_A_SEED);
    expect(() => parseKey(`${DEV_PHRASE}//Bob/soft`)).toThrow(/hard derivation/);
  });
});

describe('a file of the twin', () => {
  const bob = parseKey('//Bob');
  const alice = parseKey('//Alice');
  const aliceAddress = toKeyringPair(alice).address;

  it('is decrypted when it is a box for this key from itself or from the owner', () => {
    const own = encryptMessage('{"name":"blushing cow"}', bob, bob.publicKey);
    expect(readFileContent(own, bob, [bob.publicKey, aliceAddress])).toEqual({
      kind: 'decrypted',
      text: '{"name":"blushing cow"}',
    });
    const fromOwner = `${encryptMessage('config', alice, bob.publicKey)}\n`;
    expect(readFileContent(fromOwner, bob, [bob.publicKey, aliceAddress])).toEqual({
      kind: 'decrypted',
      text: 'config',
    });
  });

  it('stays raw when it is not for this key or not a box', () => {
    const forAlice = encryptMessage('secret', bob, alice.publicKey);
    expect(readFileContent(forAlice, bob, [bob.publicKey])).toEqual({
      kind: 'encrypted',
      text: forAlice,
    });
    expect(readFileContent('<b>hello</b>', bob, [bob.publicKey])).toEqual({
      kind: 'plain',
      text: '<b>hello</b>',
    });
    expect(readFileContent('0xabc', bob, [bob.publicKey]).kind).toBe('plain');
  });

  it('is shown up to a limit, with the count of what is left out', () => {
    expect(shownText('short')).toBe('short');
    const long = 'x'.repeat(MAX_SHOWN_CHARS + 1234);
    expect(shownText(long)).toBe(`${'x'.repeat(MAX_SHOWN_CHARS)}… (1,234 more characters)`);
  });
});

describe('the Crust step of an uploaded file', () => {
  it('stores only when the balance is greater than the price', () => {
    expect(crustStep(false, 11n, 10n)).toBe('store');
    expect(crustStep(false, 10n, 10n)).toBe('low-balance');
    expect(crustStep(false, 0n, 10n)).toBe('low-balance');
    expect(crustStep(true, 0n, 10n)).toBe('stored');
    // The transaction fee comes on top of the price.
    expect(crustStep(false, 13n, 10n, 2n)).toBe('store');
    expect(crustStep(false, 12n, 10n, 2n)).toBe('low-balance');
  });
});
