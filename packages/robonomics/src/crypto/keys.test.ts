import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as sr25519 from '@scure/sr25519';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import {
  generateMnemonic,
  isValidMnemonic,
  miniSecretFromMnemonic,
  miniSecretFromMnemonicAsync,
  pairFromUri,
  pairFromUriAsync,
  signMessage,
} from './keys.ts';

const hex = (b: Uint8Array) => `0x${bytesToHex(b)}`;

describe('keys (docs/crypto.md test vectors)', () => {
  it('derives the user key from its mnemonic', () => {
    const mnemonic = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
    expect(hex(miniSecretFromMnemonic(mnemonic))).toBe(
      '0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e',
    );
    const pair = pairFromUri(mnemonic, 'ed25519');
    expect(hex(pair.publicKey)).toBe(
      '0x345071da55e5dccefaaa440339415ef9f2663338a38f7da0df21be5ab4e055ef',
    );
    expect(encodeAddress(pair.publicKey, 32)).toBe(
      '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs',
    );
  });

  it('derives the controller key', () => {
    const pair = pairFromUri(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    );
    expect(encodeAddress(pair.publicKey, 32)).toBe(
      '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G',
    );
  });

  it('derives the well-known dev accounts', () => {
    // Alice sr25519 and ed25519, as every Substrate tool derives //Alice.
    expect(hex(pairFromUri('//Alice', 'sr25519').publicKey)).toBe(
      '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
    );
    expect(hex(pairFromUri('//Alice', 'ed25519').publicKey)).toBe(
      '0x88dc3417d5058ec4b4503e0c12ea1a0a89be200fe98922423d4334014fa6b0ee',
    );
  });

  it('accepts a 0x seed and refuses what is not a secret', () => {
    const seed = `0x${'11'.repeat(32)}`;
    expect(pairFromUri(seed).publicKey).toHaveLength(32);
    expect(() => pairFromUri('not a seed at all')).toThrow('This is not a valid secret phrase');
    expect(() => pairFromUri('//Alice/soft')).toThrow('Only hard derivation paths');
  });

  it('derives the same keys with the platform PBKDF2, and without it', async () => {
    const mnemonic = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
    expect(hex(await miniSecretFromMnemonicAsync(mnemonic))).toBe(
      '0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e',
    );
    for (const uri of [mnemonic, `${mnemonic}//Bob`, '//Alice', `0x${'11'.repeat(32)}//x//1`]) {
      expect((await pairFromUriAsync(uri, 'ed25519')).secretKey).toEqual(
        pairFromUri(uri).secretKey,
      );
    }
    expect((await pairFromUriAsync('//Alice', 'sr25519')).publicKey).toEqual(
      pairFromUri('//Alice', 'sr25519').publicKey,
    );
    await expect(pairFromUriAsync('not a seed at all')).rejects.toThrow('not a valid secret');
    // Without Web Crypto (an old runtime), the script's own PBKDF2 gives the same bytes.
    const subtle = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      expect(hex(await miniSecretFromMnemonicAsync(mnemonic))).toBe(
        '0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e',
      );
    } finally {
      if (subtle) Object.defineProperty(globalThis, 'crypto', subtle);
    }
  });

  it('generates valid 12-word mnemonics', () => {
    const mnemonic = generateMnemonic();
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(isValidMnemonic(mnemonic)).toBe(true);
  });

  it('signs verifiably with both key types', () => {
    const message = new TextEncoder().encode('hello');
    const ed = pairFromUri('//Bob', 'ed25519');
    expect(nacl.sign.detached.verify(message, signMessage(ed, message), ed.publicKey)).toBe(true);
    const sr = pairFromUri('//Bob', 'sr25519');
    expect(sr25519.verify(message, signMessage(sr, message), sr.publicKey)).toBe(true);
  });
});
