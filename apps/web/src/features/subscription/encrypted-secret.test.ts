import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './encrypted-secret.ts';

describe('encrypted secrets', () => {
  it('round-trips and refuses a wrong passphrase', async () => {
    const sealed = await encryptSecret('legal winner thank year', 'correct horse');
    expect(JSON.stringify(sealed)).not.toContain('legal');
    await expect(decryptSecret(sealed, 'correct horse')).resolves.toBe('legal winner thank year');
    await expect(decryptSecret(sealed, 'wrong horse!')).rejects.toThrow('Wrong passphrase');
  }, 20_000);

  it('refuses short passphrases', async () => {
    await expect(encryptSecret('x', 'short')).rejects.toThrow('at least 8 characters');
  });
});
