import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { pairFromUri, signMessage } from './keys.ts';
import {
  OWNER_HEADER,
  verifyWeb3Auth,
  verifyWeb3AuthRequest,
  WEB3_AUTH_ERRORS,
  web3AuthErrorBody,
  web3AuthFromPair,
  web3AuthFromSigner,
  web3AuthHeader,
  web3AuthHeaders,
} from './web3-auth.ts';

// Test vectors of docs/crypto.md
const user = pairFromUri('bottom drive obey lake curtain smoke basket hold race lonely fit walk');
const USER = '4DNhfCUWDh5LG2GkFHPDdZfejMoSezRnF3tRfvudqLzn2HAs';
const SIGNATURE =
  '0x0fc36c8add844f1505fa1a2160af82b3a19fd355bf22db4bf39b47887804127d725704f1c8ab767ef05f15ce0890df9e1a806ccdb728a710713a2cfbefd24a03';
const OWNER = encodeAddress(pairFromUri('//Alice', 'sr25519').publicKey, 32);

const basic = (text: string) => `Basic ${Buffer.from(text, 'latin1').toString('base64')}`;
const utf8 = (text: string) => new TextEncoder().encode(text);

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

  it('builds the same header from an injected (extension-style, async, hex) signer', async () => {
    const auth = await web3AuthFromSigner(USER, async (message) =>
      bytesToHex(signMessage(user, message)).toUpperCase(),
    );
    expect(auth.signature).toBe(SIGNATURE);
    expect(auth).toEqual(web3AuthFromPair(user));
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

  it('verifies the vector header (ed25519)', () => {
    expect(verifyWeb3Auth(basic(`sub-${USER}:${SIGNATURE}`))).toEqual({
      address: USER,
      chainType: 'sub',
      keyType: 'ed25519',
    });
    expect(verifyWeb3Auth(`Bearer ${basic(`sub-${USER}:${SIGNATURE}`).slice(6)}`)).toMatchObject({
      address: USER,
    });
    // Without the "sub-" part the chain type defaults to sub.
    expect(verifyWeb3Auth(basic(`${USER}:${SIGNATURE}`))).toMatchObject({ chainType: 'sub' });
  });

  it('verifies sr25519 signatures (randomised) and any SS58 prefix', () => {
    const sr = pairFromUri('//Bob', 'sr25519');
    const first = web3AuthFromPair(sr);
    const second = web3AuthFromPair(sr);
    expect(first.signature).not.toBe(second.signature);
    expect(verifyWeb3Auth(first.authorization)).toEqual({
      address: first.address,
      chainType: 'sub',
      keyType: 'sr25519',
    });
    const generic = web3AuthFromPair(sr, 42);
    expect(generic.address.startsWith('5')).toBe(true);
    expect(verifyWeb3Auth(generic.authorization)).toMatchObject({ address: generic.address });
  });

  it('accepts signatures over <Bytes>-wrapped text, as extensions sign', () => {
    for (const pair of [user, pairFromUri('//Charlie', 'sr25519')]) {
      const address = encodeAddress(pair.publicKey, 32);
      const wrapped = signMessage(pair, utf8(`<Bytes>${address}</Bytes>`));
      const header = web3AuthHeader(address, wrapped).authorization;
      expect(verifyWeb3Auth(header)).toMatchObject({ address, keyType: pair.type });
    }
  });

  it('accepts a MultiSignature with its type byte', () => {
    const typed = `0x00${SIGNATURE.slice(2)}`;
    expect(verifyWeb3Auth(basic(`sub-${USER}:${typed}`))).toMatchObject({ keyType: 'ed25519' });
    const wrongType = `0x01${SIGNATURE.slice(2)}`;
    expect(verifyWeb3Auth(basic(`sub-${USER}:${wrongType}`))).toEqual({
      error: WEB3_AUTH_ERRORS.invalid,
    });
  });

  it('answers the gateway texts on bad headers', () => {
    const invalid = { error: 'Invalid Signature' };
    const empty = { error: 'Empty Signature' };
    expect(verifyWeb3Auth(undefined)).toEqual(empty);
    expect(verifyWeb3Auth('')).toEqual(empty);
    expect(verifyWeb3Auth('Token abc')).toEqual(empty);
    const tampered = `${SIGNATURE.slice(0, -2)}${SIGNATURE.endsWith('03') ? '04' : '03'}`;
    expect(verifyWeb3Auth(basic(`sub-${USER}:${tampered}`))).toEqual(invalid);
    const bob = encodeAddress(pairFromUri('//Bob').publicKey, 32);
    expect(verifyWeb3Auth(basic(`sub-${bob}:${SIGNATURE}`))).toEqual(invalid);
    // The gateway reads a signature as hex only with its 0x prefix.
    expect(verifyWeb3Auth(basic(`sub-${USER}:${SIGNATURE.slice(2)}`))).toEqual(invalid);
    expect(verifyWeb3Auth(basic(`sub-${USER}`))).toEqual(invalid);
    expect(verifyWeb3Auth(basic(`sub-nobody:${SIGNATURE}`))).toEqual(invalid);
    expect(verifyWeb3Auth(basic(`sub-${USER}:0x1234`))).toEqual(invalid);
    expect(verifyWeb3Auth('Basic %%%not-base64%%%')).toEqual(invalid);
  });

  it('checks the owner header first, then the signature, and shapes the 401 body', () => {
    const auth = web3AuthFromPair(user);
    expect(verifyWeb3AuthRequest({ authorization: auth.authorization })).toEqual({
      error: 'Subscription owner not found',
    });
    expect(verifyWeb3AuthRequest({ authorization: 'Basic eA==', owner: OWNER })).toEqual({
      error: 'Invalid Signature',
    });
    expect(verifyWeb3AuthRequest({ authorization: auth.authorization, owner: OWNER })).toEqual({
      address: USER,
      chainType: 'sub',
      keyType: 'ed25519',
      owner: OWNER,
    });
    expect(JSON.stringify(web3AuthErrorBody('Invalid subscription'))).toBe(
      '{"error":{"reason":"UNAUTHORIZED","details":"Invalid subscription"}}',
    );
  });
});
