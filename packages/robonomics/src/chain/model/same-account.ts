/**
 * Whether two SS58 addresses name one account: the same public key, whatever network prefix
 * each is written with (4Gvn… and 5Grw… can be one account). The one way the app and the library
 * compare accounts (scripts/check-addresses.mjs fails on comparing their texts). It reads the key
 * out of the address without the SS58 codec (whose hashing would weigh on the dashboard's first
 * paint): a text that is not an address names no account and equals none.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Map(Array.from(ALPHABET, (char, i) => [char, i]));
/** The longest SS58 address read: the longest real one is 50 characters (docs/security.md). */
const MAX_LENGTH = 64;

/** The account's 32-byte public key as hex, or null for a text that is no SS58 address. */
export function accountKeyOf(address: string): string | null {
  const text = address.trim();
  if (text === '' || text.length > MAX_LENGTH) return null;
  // Base58 to bytes, most significant first.
  const bytes: number[] = [];
  for (const char of text) {
    let carry = DIGIT.get(char);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.push(0);
  }
  bytes.reverse();
  // A prefix of one byte (below 64) or two, the key, and a two-byte checksum.
  const prefix = bytes[0]! < 64 ? 1 : bytes[0]! < 128 ? 2 : -1;
  if (prefix < 0 || bytes.length !== prefix + 32 + 2) return null;
  return bytes
    .slice(prefix, prefix + 32)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** Compares two addresses by public key, whatever their SS58 prefix. */
export function addressEq(a: string, b: string): boolean {
  const key = accountKeyOf(a);
  return key !== null && key === accountKeyOf(b);
}

/**
 * Whether `address` is in `list` (a subscription's devices, say), by public key whatever the SS58
 * prefix either is written with: the one way the app asks "is this account a device?".
 */
export function includesAddress(list: readonly string[], address: string): boolean {
  const key = accountKeyOf(address);
  return key !== null && list.some((entry) => accountKeyOf(entry) === key);
}
