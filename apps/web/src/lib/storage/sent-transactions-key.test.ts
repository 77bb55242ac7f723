import { describe, expect, it } from 'vitest';
import { keepsSentRecords } from './sent-transactions-key.ts';

describe('keepsSentRecords', () => {
  it('holds for kept records and for an entry that cannot be read, not for none or an empty list', () => {
    expect(keepsSentRecords('[{"hash":"0x01"}]')).toBe(true);
    expect(keepsSentRecords('{not json')).toBe(true);
    expect(keepsSentRecords(null)).toBe(false);
    expect(keepsSentRecords('[]')).toBe(false);
  });
});
