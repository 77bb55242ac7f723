import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { pairFromUri, signMessage } from './keys.ts';
import { OWNER_HEADER, web3AuthFromPair, web3AuthHeader, web3AuthHeaders } from './web3-auth.ts';

// Test vectors of docs/crypto.md
const user = pairFromUri('bottom drive obey lake curtain smoke basket hold race lonely fit walk');
const USER = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
const SIGNATURE =
  '0x0fc36c8add844f1505fa1a2160af82b3a19fd355bf22db4bf39b47887804127d725704f1c8ab767ef05f15ce0890df9e1a806ccdb728a710713a2cfbefd24a03';
const OWNER = encodeAddress(pairFromUri('//Alice', 'sr25519').publicKey, 32);

const basic = (text: string) => `Basic ${Buffer.from(text, 'latin1').toString('base64')}`;

describe('web3 auth header', () => {
  it('reproduces the vector signature and Basic token of the user', () => {
    const auth = web3AuthFromPair(user);
    expect(auth.address).toBe(USER);
    expect(auth.signature).toBe(SIGNATURE);
    expect(auth.authorization).toBe(basic(`sub-${USER}:${SIGNATURE}`));
    expect(Buffer.from(auth.authorization.slice(6), 'base64').toString()).toBe(
      `sub-${USER}:${SIGNATURE}`,
    );
  });

  it('takes a signature as bytes or as hex text (64 bytes)', () => {
    const hex = bytesToHex(signMessage(user, new TextEncoder().encode(USER))).toUpperCase();
    expect(web3AuthHeader(USER, hex)).toEqual(web3AuthFromPair(user));
    expect(() => web3AuthHeader(USER, '0x1234')).toThrow('not 64-byte hex');
  });

  it('adds the robonomics owner header when an owner is given', () => {
    const auth = web3AuthFromPair(user);
    expect(web3AuthHeaders(auth, OWNER)).toEqual({
      Authorization: auth.authorization,
      [OWNER_HEADER]: OWNER,
    });
    expect(web3AuthHeaders(auth)).toEqual({ Authorization: auth.authorization });
  });
});
