import { describe, expect, it } from 'vitest';
import { nonceTaken } from './pool-refusal.ts';

describe('nonceTaken', () => {
  it('holds for a pooled transaction of the same nonce and for an outdated or stale one', () => {
    expect(nonceTaken(1014, 'Priority is too low: (2 vs 2)')).toBe(true);
    expect(nonceTaken(1010, 'Invalid Transaction: Transaction is outdated')).toBe(true);
    expect(nonceTaken(1010, 'Invalid Transaction: Stale')).toBe(true);
  });

  it('does not hold for any other refusal, nor for a non-numeric code', () => {
    expect(nonceTaken(1010, 'Invalid Transaction: Inability to pay some fees')).toBe(false);
    expect(nonceTaken(1010, 'Invalid Transaction: Transaction has a bad signature')).toBe(false);
    expect(nonceTaken(1012, 'Transaction is temporarily banned')).toBe(false);
    expect(nonceTaken('1014', 'Priority is too low')).toBe(false);
    expect(nonceTaken(undefined, undefined)).toBe(false);
  });
});
