import { describe, expect, it } from 'vitest';
import { compactAt } from './scale.ts';

describe('compactAt', () => {
  it('reads each compact mode with its length (the SCALE examples)', () => {
    const at = (hex: string, from = 0) => compactAt(Buffer.from(hex, 'hex'), from);
    expect(at('04')).toEqual({ value: 1n, length: 1 });
    expect(at('1501')).toEqual({ value: 69n, length: 2 });
    expect(at('feffffff')).toEqual({ value: 1_073_741_823n, length: 4 });
    expect(at('0300000040')).toEqual({ value: 1_073_741_824n, length: 5 });
    expect(at('ff04', 1)).toEqual({ value: 1n, length: 1 });
  });

  it('reaches past the end when the bytes hold no whole compact', () => {
    const bytes = Buffer.from('0301', 'hex');
    expect(compactAt(bytes, 0).length).toBeGreaterThan(bytes.length);
    expect(compactAt(new Uint8Array(), 0).length).toBeGreaterThan(0);
  });
});
