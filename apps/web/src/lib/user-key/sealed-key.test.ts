import { describe, expect, it } from 'vitest';
import { openUserKey, sealUserKey } from './sealed-key.ts';

describe('a user key kept on the device', () => {
  it('opens with its own CryptoKey, which cannot be exported', async () => {
    const record = await sealUserKey('4Gv…', 'legal winner thank year');
    expect(new TextDecoder().decode(record.sealed)).not.toContain('legal');
    expect(await openUserKey(record)).toBe('legal winner thank year');
    await expect(crypto.subtle.exportKey('raw', record.key)).rejects.toThrow();
  });

  it('refuses a tampered record', async () => {
    const record = await sealUserKey('u', 'secret words');
    const bytes = new Uint8Array(record.sealed.slice(0));
    bytes[0]! ^= 1;
    await expect(openUserKey({ ...record, sealed: bytes.buffer })).rejects.toThrow();
  });
});
