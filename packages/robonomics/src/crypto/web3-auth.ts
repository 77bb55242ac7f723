import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type KeyPair, signMessage } from './keys.ts';

/**
 * Web3 auth for the IPFS gateway (docs/web3-auth.md):
 * `Authorization: Basic base64("sub-" + address + ":" + "0x" + hex(signature of the address
 * text))`, plus the `robonomics: <subscription owner>` header the app adds. The gateway's check
 * is the devnet's (packages/devnet/src/ipfs/web3-auth-verify.ts), tested there with headers made here.
 */

export const OWNER_HEADER = 'robonomics';

export const WEB3_AUTH_ERRORS = {
  noOwner: 'Subscription owner not found',
  empty: 'Empty Signature',
  invalid: 'Invalid Signature',
  subscription: 'Invalid subscription',
} as const;

const encoder = new TextEncoder();

export interface Web3Auth {
  address: string;
  /** "0x" + hex of the signature. */
  signature: string;
  /** The value of the Authorization header: "Basic …". */
  authorization: string;
}

function signatureHex(signature: Uint8Array | string): string {
  if (typeof signature === 'string') {
    const clean = signature.startsWith('0x') ? signature.slice(2) : signature;
    // 64 bytes, or 65 for a MultiSignature with its type byte.
    if (!/^([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/.test(clean)) {
      throw new Error('The signature is not 64-byte hex.');
    }
    return `0x${clean.toLowerCase()}`;
  }
  return `0x${bytesToHex(signature)}`;
}

/** The header value from an address and its signature (bytes or 0x hex). */
export function web3AuthHeader(address: string, signature: Uint8Array | string): Web3Auth {
  const sig = signatureHex(signature);
  return {
    address,
    signature: sig,
    authorization: `Basic ${btoa(`sub-${address}:${sig}`)}`,
  };
}

/** Builds the auth from an in-memory key; its address is shown in the given SS58 format. */
export function web3AuthFromPair(pair: KeyPair, ss58Prefix = 32): Web3Auth {
  const address = encodeAddress(pair.publicKey, ss58Prefix);
  return web3AuthHeader(address, signMessage(pair, encoder.encode(address)));
}

/** Request headers for the gateway: Authorization, and `robonomics` when an owner is given. */
export function web3AuthHeaders(auth: Web3Auth, owner?: string): Record<string, string> {
  return owner
    ? { Authorization: auth.authorization, [OWNER_HEADER]: owner }
    : { Authorization: auth.authorization };
}
