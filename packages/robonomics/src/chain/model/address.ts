import { decodeAddress, encodeAddress } from '@dedot/utils';
import { base58 } from '@scure/base';
import { ROBONOMICS_SS58 } from './ss58.ts';

/** True when the text is an SS58 address of any network prefix. */
export function isValidAddress(address: string): boolean {
  try {
    return decodeAddress(address.trim()).length === 32;
  } catch {
    return false;
  }
}

/** Re-encodes any SS58 address (any prefix) in the Robonomics format 32. Throws when invalid. */
export function toRobonomicsAddress(address: string): string {
  const publicKey = decodeAddress(address.trim());
  if (publicKey.length !== 32) throw new Error('This is not a valid account address.');
  return encodeAddress(publicKey, ROBONOMICS_SS58);
}

/**
 * True for an SS58 address written in the Robonomics format (prefix 32, it starts with 4) with a
 * valid checksum: where an address must be a Robonomics one as written (Home Assistant's owner, a
 * subscription's new owner), another network's format is refused rather than converted.
 */
export function isRobonomicsAddress(address: string): boolean {
  if (!isValidAddress(address)) return false;
  try {
    return base58.decode(address.trim())[0] === ROBONOMICS_SS58;
  } catch {
    return false;
  }
}
