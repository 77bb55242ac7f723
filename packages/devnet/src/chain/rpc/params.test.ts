import { ALICE } from '@robonomics-dapp/robonomics/test-support/dev-addresses';
import { describe, expect, it } from 'vitest';
import {
  accountParam,
  blockNumberParam,
  extrinsicParam,
  hashParam,
  hexParam,
  MAX_SS58_LENGTH,
  optionalHash,
} from './params.ts';

const invalidParams = expect.objectContaining({ code: -32602, message: 'Invalid params' });

describe('JSON-RPC parameters', () => {
  it('reads accounts as SS58 (any prefix) or 32-byte hex, and nothing longer', () => {
    expect(accountParam(ALICE)).toHaveLength(32);
    expect(accountParam('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toEqual(
      accountParam(ALICE),
    );
    expect(accountParam(`0x${'ab'.repeat(32)}`)).toHaveLength(32);
    for (const bad of ['', '0x1234', `0x${'ab'.repeat(33)}`, `${ALICE}x`, 42, null]) {
      expect(() => accountParam(bad), String(bad)).toThrow(invalidParams);
    }
    // Longer than any address: refused unread.
    expect(() => accountParam('5'.repeat(30_000))).toThrow(
      expect.objectContaining({ data: `an SS58 address is at most ${MAX_SS58_LENGTH} characters` }),
    );
  });

  it('takes block hashes of exactly 32 bytes', () => {
    const hash = `0x${'Aa'.repeat(32)}`;
    expect(hashParam(hash)).toBe(hash.toLowerCase());
    expect(optionalHash(undefined)).toBeNull();
    expect(optionalHash(null)).toBeNull();
    for (const bad of ['0x1234', `0x${'00'.repeat(33)}`, `${'00'.repeat(32)}`, 7]) {
      expect(() => hashParam(bad), String(bad)).toThrow(invalidParams);
    }
  });

  it('takes hex of whole bytes within a size, checking the length first', () => {
    expect(hexParam('0xABcd', 'key')).toBe('0xabcd');
    expect(() => hexParam('0xabc', 'key')).toThrow(invalidParams);
    expect(() => hexParam('abcd', 'key')).toThrow(invalidParams);
    expect(() => hexParam(`0x${'zz'.repeat(10)}`, 'key', 4)).toThrow(
      expect.objectContaining({ data: 'key is longer than 4 bytes' }),
    );
  });

  it('answers an extrinsic longer than a block as a node does (1010)', () => {
    expect(() => extrinsicParam(`0x${'00'.repeat(11)}`, 10)).toThrow(
      expect.objectContaining({ code: 1010, data: 'Transaction would exhaust the block limits' }),
    );
    expect(extrinsicParam(`0x${'00'.repeat(10)}`, 10)).toBe(`0x${'00'.repeat(10)}`);
  });

  it('takes block numbers as integers or short hex within u32', () => {
    expect(blockNumberParam(12)).toBe(12);
    expect(blockNumberParam('0x0c')).toBe(12);
    for (const bad of [-1, 1.5, '12', '0x123456789abc', 2 ** 32, null]) {
      expect(() => blockNumberParam(bad), String(bad)).toThrow(invalidParams);
    }
  });
});
