import { decodeAddress, encodeAddress } from '@dedot/utils';
import { describe, expect, it } from 'vitest';
import { accountKeyOf, addressEq, includesAddress } from './same-account.ts';

// One key written with several network prefixes (docs/crypto.md's vector, and prefixes of two
// bytes): the light key reader gives the SS58 codec's key for each.
const key = decodeAddress('4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs');
const hex = Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
const forms = [0, 2, 32, 42, 63, 64, 255, 16383].map((prefix) => encodeAddress(key, prefix));

describe('one account, whatever its prefix', () => {
  it('reads the public key as the SS58 codec does, for one- and two-byte prefixes', () => {
    for (const form of forms) expect(accountKeyOf(form)).toBe(hex);
    // Keys with leading zero bytes keep them.
    const zeros = new Uint8Array(32).fill(0, 0, 3).fill(7, 3);
    const zeroHex = Array.from(zeros, (b) => b.toString(16).padStart(2, '0')).join('');
    expect(accountKeyOf(encodeAddress(zeros, 0))).toBe(zeroHex);
    expect(accountKeyOf(encodeAddress(zeros, 32))).toBe(zeroHex);
  });

  it('compares and finds accounts by key', () => {
    for (const form of forms) expect(addressEq(forms[2]!, form)).toBe(true);
    expect(
      includesAddress(['4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G', forms[0]!], forms[3]!),
    ).toBe(true);
    expect(includesAddress(['4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G'], forms[3]!)).toBe(
      false,
    );
  });

  it('names no account for what is no address, and equals nothing with it', () => {
    for (const text of [
      '',
      ' ',
      'garbage',
      '0x1234',
      'O0Il',
      forms[2]!.slice(0, -3),
      'x'.repeat(65),
    ]) {
      expect(accountKeyOf(text)).toBeNull();
      expect(addressEq(text, text)).toBe(false);
    }
    expect(includesAddress(['garbage'], 'garbage')).toBe(false);
  });
});
