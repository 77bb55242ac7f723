import type { IncomingHttpHeaders } from 'node:http';
import { hexToU8a, isHex, stringToU8a } from '@polkadot/util';
import { decodeAddress, signatureVerify } from '@polkadot/util-crypto';
import {
  isSubscriptionActive,
  OWNER_HEADER,
  type SubscriptionLedger,
  WEB3_AUTH_ERRORS,
} from '../common/runtime-rules.ts';

/** Refusal texts of the robonomics auth gateway (docs/web3-auth.md). */
export const AUTH_ERRORS = {
  ownerNotFound: WEB3_AUTH_ERRORS.noOwner,
  emptySignature: WEB3_AUTH_ERRORS.empty,
  invalidSignature: WEB3_AUTH_ERRORS.invalid,
  invalidSubscription: WEB3_AUTH_ERRORS.subscription,
  /** The gateway itself crashes on this case (it has no text for it); the devnet says why. */
  noAuthorization: 'Authorization header not found',
  /** The chain could not be read; answered with 503, not 401. */
  chainUnavailable: 'Parachain is not ready',
} as const;

/**
 * Longest address text read (SS58 of a 32-byte account is 47–50 characters) and longest
 * signature (65 bytes of ecdsa in hex with 0x). Longer values are refused before decoding:
 * base58 decoding time grows with the square of the length (see docs/security.md).
 */
export const MAX_ADDRESS_LENGTH = 64;
export const MAX_SIGNATURE_LENGTH = 2 + 2 * 65;

/** What the auth needs from the chain about one owner. */
export interface SubscriptionState {
  ledger: SubscriptionLedger | null;
  /** `rws.devices(owner)` as SS58 (format 32) strings, as `toHuman()` shows them. */
  devices: string[];
  /** Milliseconds "now" for the activity check. */
  now: number;
}

export interface SubscriptionReader {
  read(owner: Uint8Array): Promise<SubscriptionState>;
  close(): Promise<void>;
}

/** Thrown by a reader that cannot reach the chain. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
}

export type AuthOutcome =
  | { ok: true; address: string; owner: string }
  | { ok: false; status: 401 | 503; details: string };

/** The gateway's error body. */
export function authErrorBody(details: string, status: 401 | 503 = 401): string {
  const reason = status === 401 ? 'UNAUTHORIZED' : 'SERVICE_UNAVAILABLE';
  return JSON.stringify({ error: { reason, details } });
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function verifies(message: string | Uint8Array, signature: Uint8Array, address: string): boolean {
  try {
    return signatureVerify(message, signature, address).isValid;
  } catch {
    return false;
  }
}

/**
 * Checks the signature of the address text. Valid if any of the gateway's variants holds: the
 * UTF-8 bytes of the address, the raw strings, or the address wrapped in <Bytes>…</Bytes> (what a
 * browser extension signs). sr25519, ed25519 and ecdsa are detected from the signature.
 */
export function verifyAddressSignature(address: string, signatureHex: string): boolean {
  if (address.length > MAX_ADDRESS_LENGTH || signatureHex.length > MAX_SIGNATURE_LENGTH) {
    return false;
  }
  const clean = signatureHex.startsWith('0x') ? signatureHex : `0x${signatureHex}`;
  if (!isHex(clean) || clean.length < 4) return false;
  const signature = hexToU8a(clean);
  return (
    verifies(stringToU8a(address), signature, address) ||
    verifies(address, signature, address) ||
    verifies(`<Bytes>${address}</Bytes>`, signature, address)
  );
}

/**
 * The robonomics auth gateway's check, in its order: the owner header, the Authorization
 * scheme and credentials, the signature, then an active subscription of the owner listing the
 * address among its devices.
 */
export async function checkWeb3Auth(
  headers: IncomingHttpHeaders,
  reader: SubscriptionReader,
): Promise<AuthOutcome> {
  const refuse = (details: string): AuthOutcome => ({ ok: false, status: 401, details });
  const owner = header(headers, OWNER_HEADER)?.trim();
  if (!owner) return refuse(AUTH_ERRORS.ownerNotFound);
  const authorization = header(headers, 'authorization');
  if (authorization === undefined) return refuse(AUTH_ERRORS.noAuthorization);
  if (!authorization.includes('Basic ') && !authorization.includes('Bearer ')) {
    return refuse(AUTH_ERRORS.emptySignature);
  }
  const token = authorization.trim().split(/\s+/)[1] ?? '';
  const credentials = Buffer.from(token, 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  const user = colon < 0 ? credentials : credentials.slice(0, colon);
  const signature = colon < 0 ? '' : credentials.slice(colon + 1);
  if (!user || !signature) return refuse(AUTH_ERRORS.emptySignature);
  const dash = user.indexOf('-');
  const chainType = dash < 0 ? 'sub' : user.slice(0, dash);
  const address = dash < 0 ? user : user.slice(dash + 1);
  // Only Substrate accounts can be devices of an RWS subscription.
  if (chainType !== 'sub' || !verifyAddressSignature(address, signature)) {
    return refuse(AUTH_ERRORS.invalidSignature);
  }

  let ownerKey: Uint8Array;
  try {
    if (owner.length > MAX_ADDRESS_LENGTH) throw new Error('too long');
    ownerKey = decodeAddress(owner);
  } catch {
    return refuse(AUTH_ERRORS.invalidSubscription);
  }
  let state: SubscriptionState;
  try {
    state = await reader.read(ownerKey);
  } catch (error) {
    if (error instanceof ChainUnavailableError) {
      return { ok: false, status: 503, details: AUTH_ERRORS.chainUnavailable };
    }
    throw error;
  }
  if (!state.ledger || !isSubscriptionActive(state.ledger, state.now)) {
    return refuse(AUTH_ERRORS.invalidSubscription);
  }
  // An exact string match, as the gateway compares with toHuman() (SS58 format 32).
  if (!state.devices.includes(address)) return refuse(AUTH_ERRORS.invalidSubscription);
  return { ok: true, address, owner };
}
