import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { toKeyringPair } from './keyring-pair.ts';
import { pairFromUri } from './keys.ts';

describe('toKeyringPair', () => {
  it('signs with the MultiSignature type byte when asked', () => {
    const pair = pairFromUri('//Charlie', 'ed25519');
    const keyring = toKeyringPair(pair);
    const message = new Uint8Array([1, 2, 3]);
    const typed = keyring.sign(message, { withType: true });
    expect(typed[0]).toBe(0);
    expect(nacl.sign.detached.verify(message, typed.slice(1), pair.publicKey)).toBe(true);
    expect(keyring.sign(message)).toHaveLength(64);
    expect(keyring.address.startsWith('4')).toBe(true);
    expect(
      toKeyringPair(pairFromUri('//Charlie', 'sr25519')).sign(message, { withType: true })[0],
    ).toBe(1);
  });
});
