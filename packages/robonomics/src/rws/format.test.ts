import { describe, expect, it } from 'vitest';
import { formatBalance, formatPrice, parseAmount } from './format.ts';

describe('formatBalance', () => {
  it('shows 4 decimals rounded down, grouped thousands', () => {
    expect(formatBalance(1_000_000_000_000_000n)).toBe('1,000,000.0000');
    expect(formatBalance(1_999_999_999n)).toBe('1.9999');
    expect(formatBalance(500_000_000n, 9, 1)).toBe('0.5');
    expect(formatBalance(0n)).toBe('0.0000');
    expect(formatBalance(-1_500_000_000n)).toBe('-1.5000');
    expect(formatBalance(123_456_789_000_000n, 12, 4)).toBe('123.4567');
  });
});

describe('formatPrice', () => {
  it('drops every decimal, rounding down', () => {
    expect(formatPrice(1_000_000_001n)).toBe('1');
    expect(formatPrice(1_999_999_999n)).toBe('1');
    expect(formatPrice(999_999_999n)).toBe('0');
  });
});

describe('parseAmount', () => {
  it('reads decimals exactly', () => {
    expect(parseAmount('0.5')).toEqual({ ok: true, planck: 500_000_000n });
    expect(parseAmount('1,000.000000001')).toEqual({ ok: true, planck: 1_000_000_000_001n });
    expect(parseAmount('.25')).toEqual({ ok: true, planck: 250_000_000n });
    expect(parseAmount('3.')).toEqual({ ok: true, planck: 3_000_000_000n });
  });

  it.each([
    ['', 'Enter an amount.'],
    ['-1', 'The amount must be positive.'],
    ['abc', 'The amount must be a number, like 1.5.'],
    ['1e9', 'The amount must be a number, like 1.5.'],
    ['.', 'The amount must be a number, like 1.5.'],
    ['0.0000000001', 'The amount can have at most 9 decimals.'],
    ['0', 'The amount must be greater than zero.'],
  ])('refuses %j', (text, error) => {
    expect(parseAmount(text)).toEqual({ ok: false, error });
  });
});
