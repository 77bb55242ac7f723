import { isHex } from '@polkadot/util';
import { decodeAddress } from '@polkadot/util-crypto';
import { PoolError } from '../node/extrinsic.ts';

/** A JSON-RPC error answer. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export const badParams = (why: string) => new RpcError(-32602, 'Invalid params', why);

/**
 * The longest SS58 address: a 32-byte account with a two-byte prefix and checksum is 49 or 50
 * characters. Longer text is refused before decoding, whose time grows with the square of the
 * length (see docs/security.md).
 */
export const MAX_SS58_LENGTH = 64;
/** Storage keys and values, call data, extrinsics: at most what a frame can carry. */
const MAX_HEX_LENGTH = 16 * 1024 * 1024;

/** 0x-prefixed hex of any whole number of bytes, lower-cased. */
export function hexParam(value: unknown, what: string, maxBytes = MAX_HEX_LENGTH / 2): string {
  if (typeof value !== 'string') throw badParams(`${what} must be 0x-prefixed hex`);
  if (value.length > 2 + 2 * maxBytes) throw badParams(`${what} is longer than ${maxBytes} bytes`);
  if (!isHex(value)) throw badParams(`${what} must be 0x-prefixed hex`);
  return value.toLowerCase();
}

/**
 * An extrinsic's hex. One longer than a block can hold is answered as a node answers it
 * (1010, exhausts the block limits) before its text is even checked, so a huge one costs
 * nothing to refuse.
 */
export function extrinsicParam(value: unknown, maxBytes: number): string {
  if (typeof value === 'string' && (value.length - 2) / 2 > maxBytes) {
    throw new PoolError(1010, 'Invalid Transaction', 'Transaction would exhaust the block limits');
  }
  return hexParam(value, 'extrinsic');
}

/** A 32-byte hash (block hash), as 0x and 64 hex digits. */
export function hashParam(value: unknown, what = 'hash'): string {
  if (typeof value !== 'string' || value.length !== 66 || !isHex(value, 256)) {
    throw badParams(`${what} must be a 32-byte hash (0x and 64 hex digits)`);
  }
  return value.toLowerCase();
}

/** An optional block hash: absent or null means the best block. */
export function optionalHash(value: unknown): string | null {
  return value === undefined || value === null ? null : hashParam(value, 'block hash');
}

/**
 * A 32-byte account id given as an SS58 address (any prefix) or as 0x and 64 hex digits.
 * Lengths are checked before anything is decoded.
 */
export function accountParam(value: unknown): Uint8Array {
  if (typeof value !== 'string') throw badParams('expected an SS58 address');
  if (value.startsWith('0x')) {
    if (value.length !== 66 || !isHex(value, 256)) {
      throw badParams('an account id in hex must be 0x and 64 hex digits');
    }
    return decodeAddress(value);
  }
  if (value.length === 0 || value.length > MAX_SS58_LENGTH) {
    throw badParams(`an SS58 address is at most ${MAX_SS58_LENGTH} characters`);
  }
  let who: Uint8Array;
  try {
    who = decodeAddress(value);
  } catch {
    throw badParams('invalid SS58 address');
  }
  if (who.length !== 32) throw badParams('the address is not a 32-byte account');
  return who;
}

/** A block number: a non-negative integer or its 0x hex form, within u32. */
export function blockNumberParam(value: unknown): number {
  const number =
    typeof value === 'string' && isHex(value) && value.length <= 10
      ? Number.parseInt(value.slice(2) || '0', 16)
      : value;
  if (
    typeof number !== 'number' ||
    !Number.isInteger(number) ||
    number < 0 ||
    number > 0xffff_ffff
  ) {
    throw badParams('expected a block number');
  }
  return number;
}
