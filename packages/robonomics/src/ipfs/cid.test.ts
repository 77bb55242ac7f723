import { describe, expect, it } from 'vitest';
import { cidToH256, h256ToCid, isCidV0 } from './cid.ts';

// Test vectors of docs/crypto.md
const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const h256 = '0x9d6c2be50f706953479ab9df2ce3edca90b68053c00b3004b7f0accbe1e8eedf';

describe('CID <-> H256', () => {
  it('round-trips the vector both ways', () => {
    expect(cidToH256(cid)).toBe(h256);
    expect(h256ToCid(h256)).toBe(cid);
    expect(h256ToCid(h256.slice(2))).toBe(cid);
  });

  it('refuses CIDv1 and garbage with a clear message', () => {
    expect(() => cidToH256('bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')).toThrow(
      'Only CIDv0',
    );
    expect(() => cidToH256('Qm123')).toThrow('Only CIDv0');
    expect(() => h256ToCid('0x1234')).toThrow('64 hex characters');
    expect(isCidV0(cid)).toBe(true);
    expect(isCidV0(`${cid.slice(0, -1)}0`)).toBe(false);
  });
});
