import { describe, expect, it } from 'vitest';
import { isValidAddress, toRobonomicsAddress } from './address.ts';
import { addressEq } from './same-account.ts';
import { shortAddress } from './short-address.ts';

// Test vectors of docs/crypto.md: one key in two formats.
const ss58_32 = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
const ss58_42 = '5DFJF7tY4bpbpcKPJcBTQaKuCDEPCpiz8TRjpmLeTtweqmXL';

describe('addresses', () => {
  it('re-encodes any prefix to format 32', () => {
    expect(toRobonomicsAddress(ss58_42)).toBe(ss58_32);
    expect(toRobonomicsAddress(` ${ss58_32} `)).toBe(ss58_32);
  });

  it('compares by public key', () => {
    expect(addressEq(ss58_32, ss58_42)).toBe(true);
    expect(addressEq(ss58_32, '4Eyj9NvT8hPBtszHK14VJTxULq8mFC41hY3ndXbJdW7heo3G')).toBe(false);
    expect(addressEq(ss58_32, 'garbage')).toBe(false);
  });

  it('validates', () => {
    expect(isValidAddress(ss58_32)).toBe(true);
    expect(isValidAddress(`${ss58_32.slice(0, -1)}X`)).toBe(false);
    expect(isValidAddress('')).toBe(false);
    expect(() => toRobonomicsAddress('0x1234')).toThrow();
  });

  it('shortens for display', () => {
    expect(shortAddress(ss58_32)).toBe('4DNhfC…zn2HAs');
  });
});
