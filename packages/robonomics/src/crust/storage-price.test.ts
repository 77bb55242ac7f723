import { describe, expect, it } from 'vitest';
import { storagePrice } from './storage-price.ts';

describe('Crust storage price', () => {
  it('is the base fee plus the per-byte fee scaled by the size in MiB, rounded', () => {
    expect(storagePrice(1_000n, 0n, 10)).toBe(1_000n);
    expect(storagePrice(0n, 1_048_576n, 3)).toBe(3n);
    // 100 * 1 / 1,048,576 rounds to 0; half a unit rounds up.
    expect(storagePrice(5n, 100n, 1)).toBe(5n);
    expect(storagePrice(0n, 1n, 524_288)).toBe(1n);
    expect(storagePrice(1_000_000_000n, 100_000_000n, 2 * 1_048_576)).toBe(1_200_000_000n);
  });
});
