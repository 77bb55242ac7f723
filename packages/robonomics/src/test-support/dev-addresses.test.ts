import { encodeAddress } from '@dedot/utils';
import { describe, expect, it } from 'vitest';
import { pairFromUri } from '../crypto/keys.ts';
import { ALICE, BOB_ED25519 } from './dev-addresses.ts';

describe('the development addresses', () => {
  it('are the addresses the development keys give', () => {
    expect(encodeAddress(pairFromUri('//Alice', 'sr25519').publicKey, 32)).toBe(ALICE);
    expect(encodeAddress(pairFromUri('//Bob', 'ed25519').publicKey, 32)).toBe(BOB_ED25519);
  });
});
