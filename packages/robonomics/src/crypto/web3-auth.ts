import { decodeAddress, encodeAddress } from '@dedot/utils';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import * as sr25519 from '@scure/sr25519';
import { type KeyPair, signMessage } from './keys.ts';

/**
 * Web3 auth for the IPFS gateway (docs/web3-auth.md):
 * `Authorization: Basic base64("sub-" + address + ":" + "0x" + hex(signature of the address
 * text))`, plus the `robonomics: <subscription owner>` header the app adds.
 */

export const OWNER_HEADER = 'robonomics';

export const WEB3_AUTH_ERRORS = {
  noOwner: 'Subscription owner not found',
  empty: 'Empty Signature',
  invalid: 'Invalid Signature',
  subscription: 'Invalid subscription',
} as const;

const encoder = new TextEncoder();

/** Signs bytes; an extension signer may answer with hex text and may be asynchronous. */
export type AuthSigner = (
  message: Uint8Array,
) => Uint8Array | string | Promise<Uint8Array | string>;

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

/** Builds the auth with an injected signer (e.g. a browser extension) for the given address. */
export async function web3AuthFromSigner(address: string, sign: AuthSigner): Promise<Web3Auth> {
  return web3AuthHeader(address, await sign(encoder.encode(address)));
}

/** Request headers for the gateway: Authorization, and `robonomics` when an owner is given. */
export function web3AuthHeaders(auth: Web3Auth, owner?: string): Record<string, string> {
  return owner
    ? { Authorization: auth.authorization, [OWNER_HEADER]: owner }
    : { Authorization: auth.authorization };
}

export type Web3AuthCheck =
  | { address: string; chainType: string; keyType: 'ed25519' | 'sr25519' }
  | { error: string };

function hexBytes(text: string): Uint8Array | undefined {
  // Polkadot's signatureVerify reads the signature as hex only with the 0x prefix.
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) return undefined;
  const clean = text.slice(2);
  return Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

function verifyAs(
  keyType: 'ed25519' | 'sr25519',
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  try {
    return keyType === 'ed25519'
      ? ed25519.verify(signature, message, publicKey)
      : sr25519.verify(message, signature, publicKey);
  } catch {
    return false;
  }
}

/**
 * Checks an Authorization header value as the web3-auth gateway does: "Basic " or "Bearer ",
 * base64 of "<chain>-<address>:0x<signature>", the signature (ed25519 or sr25519, any SS58
 * prefix) over the address text or over "<Bytes>address</Bytes>". The subscription check
 * (active ledger, address among the owner's devices) needs the chain and is left to the caller.
 */
export function verifyWeb3Auth(header: string | undefined | null): Web3AuthCheck {
  if (typeof header !== 'string' || !/Basic |Bearer /.test(header)) {
    return { error: WEB3_AUTH_ERRORS.empty };
  }
  const token = header.trim().split(/\s+/)[1] ?? '';
  let decoded: string;
  try {
    decoded = atob(token);
  } catch {
    return { error: WEB3_AUTH_ERRORS.invalid };
  }
  const [user = '', sig = ''] = decoded.split(':');
  const dash = user.indexOf('-');
  const chainType = dash === -1 ? 'sub' : user.slice(0, dash) || 'sub';
  const address = dash === -1 ? user : user.slice(dash + 1);

  let publicKey: Uint8Array;
  try {
    publicKey = decodeAddress(address);
  } catch {
    return { error: WEB3_AUTH_ERRORS.invalid };
  }
  let signature = hexBytes(sig);
  if (!signature || publicKey.length !== 32) {
    return { error: WEB3_AUTH_ERRORS.invalid };
  }
  // A MultiSignature carries its type in a first byte: 0 ed25519, 1 sr25519.
  let only: 'ed25519' | 'sr25519' | undefined;
  if (signature.length === 65 && (signature[0] === 0 || signature[0] === 1)) {
    only = signature[0] === 0 ? 'ed25519' : 'sr25519';
    signature = signature.subarray(1);
  }
  if (signature.length !== 64) return { error: WEB3_AUTH_ERRORS.invalid };

  const messages = [encoder.encode(address), encoder.encode(`<Bytes>${address}</Bytes>`)];
  const types = only ? [only] : (['ed25519', 'sr25519'] as const);
  for (const keyType of types) {
    if (messages.some((message) => verifyAs(keyType, message, signature, publicKey))) {
      return { address, chainType, keyType };
    }
  }
  return { error: WEB3_AUTH_ERRORS.invalid };
}

/** The gateway's 401 body: {"error": {"reason": "UNAUTHORIZED", "details": "<text>"}}. */
export function web3AuthErrorBody(details: string): {
  error: { reason: 'UNAUTHORIZED'; details: string };
} {
  return { error: { reason: 'UNAUTHORIZED', details } };
}

/**
 * Both headers as the gateway reads them, in its order: the `robonomics` owner header first,
 * then the signature.
 */
export function verifyWeb3AuthRequest(headers: {
  authorization?: string | null;
  owner?: string | null;
}): (Web3AuthCheck & { owner: string }) | { error: string } {
  const owner = headers.owner?.trim();
  if (!owner) return { error: WEB3_AUTH_ERRORS.noOwner };
  const check = verifyWeb3Auth(headers.authorization);
  return 'error' in check ? check : { ...check, owner };
}
