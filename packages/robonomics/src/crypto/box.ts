import { decodeAddress } from '@dedot/utils';
import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import type { KeyPair } from './keys.ts';

/**
 * NaCl box between two ed25519 accounts, byte-compatible with airalab/robonomics.app (tweetnacl +
 * ed2curve) and the Home Assistant integration (PyNaCl): docs/crypto.md.
 * Wire layout: nonce(24) || tag(16) || ciphertext, carried as "0x" + lowercase hex.
 */

export const NONCE_LENGTH = 24;
/** nonce + Poly1305 tag: every box is exactly this much longer than its plaintext. */
export const BOX_OVERHEAD = NONCE_LENGTH + 16;

/**
 * An ed25519 secret as keys.ts holds it (a KeyPair, or its 64-byte seed || public key), or the
 * bare 32-byte seed HA stores. Only the seed half is used: the Curve25519 secret is the clamped
 * SHA-512 of the first 32 bytes.
 */
export type BoxSecret = KeyPair | Uint8Array;
/** A public key (32 bytes), or an SS58 address of any prefix, or 0x-hex of the key. */
export type BoxPublic = Uint8Array | string;

export type DecryptFailure =
  | 'bad-hex'
  | 'too-short'
  | 'bad-key'
  | 'auth-failed'
  | 'bad-utf8'
  | 'not-a-recipient'
  | 'bad-envelope'
  | 'bad-payload';

/**
 * What the app shows for a file or message it cannot open, word for word as the product rules
 * give it (docs/product-rules.md, "Devices control panel"): the text of a DecryptError.
 */
export const DECRYPT_ERROR_TEXT = 'Error: decryptMsg';

/**
 * Why a ciphertext could not be opened (or what it held could not be read). Tell it with
 * `instanceof DecryptError`, never by its message; the UI shows it as DECRYPT_ERROR_TEXT.
 * `message` is the catalogued code "decryptMsg"; `reason` and `detail` say what went wrong.
 */
export class DecryptError extends Error {
  override readonly name = 'DecryptError';
  readonly reason: DecryptFailure;
  readonly detail: string;

  constructor(reason: DecryptFailure, detail: string) {
    super('decryptMsg');
    this.reason = reason;
    this.detail = detail;
  }
}

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function secretSeed(secret: BoxSecret): Uint8Array {
  if (secret instanceof Uint8Array) {
    if (secret.length !== 32 && secret.length !== 64) {
      throw new Error('An ed25519 secret key is a 32-byte seed or a 64-byte seed || public key.');
    }
    return secret.subarray(0, 32);
  }
  if (secret.type !== 'ed25519') {
    throw new Error('Encryption needs an ed25519 key; this key is sr25519.');
  }
  return secretSeed(secret.secretKey);
}

/** Public key bytes from raw bytes, an SS58 address (any prefix) or 0x-hex. */
export function publicKeyOf(key: BoxPublic): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length !== 32) throw new Error('A public key is 32 bytes.');
    return key;
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeAddress(key.trim());
  } catch {
    throw new Error(`"${key}" is not a valid account address.`);
  }
  if (bytes.length !== 32) throw new Error(`"${key}" is not a 32-byte account.`);
  return bytes;
}

const NOT_A_POINT = 'This public key is not an ed25519 point; it cannot receive a box.';

/** The Curve25519 public key of an ed25519 one, by the birational map u = (1 + y) / (1 - y). */
function curvePublic(key: BoxPublic): Uint8Array {
  const bytes = publicKeyOf(key);
  try {
    return ed25519.utils.toMontgomery(bytes);
  } catch {
    throw new Error(NOT_A_POINT);
  }
}

/** The Curve25519 secret of an ed25519 seed: SHA-512 of the seed, first half, clamped. */
const curveSecret = (secret: BoxSecret): Uint8Array =>
  ed25519.utils.toMontgomerySecret(secretSeed(secret));

/** "expand 32-byte k", the Salsa20 constant, as little-endian words. */
const SIGMA = new Uint32Array([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);

/**
 * NaCl's crypto_box_beforenm: the XSalsa20-Poly1305 key of a pair is HSalsa20 of their X25519
 * shared secret under a zero nonce.
 */
function boxKey(curvePublicKey: Uint8Array, curveSecretKey: Uint8Array): Uint8Array {
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(curveSecretKey, curvePublicKey);
  } catch {
    throw new Error(NOT_A_POINT);
  }
  const view = new DataView(shared.buffer, shared.byteOffset, 32);
  const words = Uint32Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4, true));
  const out = new Uint32Array(8);
  hsalsa(SIGMA, words, new Uint32Array(4), out);
  const key = new Uint8Array(32);
  const keyView = new DataView(key.buffer);
  for (let i = 0; i < 8; i++) keyView.setUint32(i * 4, out[i] as number, true);
  return key;
}

/**
 * HA's device filter (docs/crypto.md, Envelope): libsodium's ed25519 -> curve25519 conversion
 * succeeds. libsodium refuses points that do not decode, small-order points and points outside
 * the prime-order subgroup.
 */
export function canEncryptTo(key: BoxPublic): boolean {
  let bytes: Uint8Array;
  try {
    bytes = publicKeyOf(key);
  } catch {
    return false;
  }
  // A property of the key alone, asked for every device of every envelope: worked out once.
  const hex = bytesToHex(bytes);
  let answer = encryptable.get(hex);
  if (answer === undefined) {
    try {
      const point = ed25519.Point.fromBytes(bytes);
      answer = !point.isSmallOrder() && point.isTorsionFree();
    } catch {
      answer = false;
    }
    if (encryptable.size >= 1024) encryptable.clear();
    encryptable.set(hex, answer);
  }
  return answer;
}

/** canEncryptTo's answers by public key (hex). */
const encryptable = new Map<string, boolean>();

/** Raw box: nonce || tag || ciphertext. A nonce is only passed for reproducible vectors. */
export function encryptBytes(
  plaintext: Uint8Array,
  senderSecret: BoxSecret,
  recipientPublicKey: BoxPublic,
  nonce: Uint8Array = randomBytes(NONCE_LENGTH),
): Uint8Array {
  if (nonce.length !== NONCE_LENGTH) throw new Error('A box nonce is 24 bytes.');
  const key = boxKey(curvePublic(recipientPublicKey), curveSecret(senderSecret));
  const sealed = xsalsa20poly1305(key, nonce).encrypt(plaintext);
  const out = new Uint8Array(NONCE_LENGTH + sealed.length);
  out.set(nonce);
  out.set(sealed, NONCE_LENGTH);
  return out;
}

/** Box a text (UTF-8) or bytes for a recipient: "0x" + hex(nonce || tag || ciphertext). */
export function encryptMessage(
  plaintext: string | Uint8Array,
  senderSecret: BoxSecret,
  recipientPublicKey: BoxPublic,
  nonce?: Uint8Array,
): string {
  const bytes = typeof plaintext === 'string' ? encoder.encode(plaintext) : plaintext;
  return `0x${bytesToHex(encryptBytes(bytes, senderSecret, recipientPublicKey, nonce))}`;
}

/** Each ASCII code's hex digit value, -1 for a character that is not one. */
const HEX_DIGIT = Int8Array.from({ length: 128 }, (_, code) => {
  const c = String.fromCharCode(code);
  return /[0-9a-fA-F]/.test(c) ? Number.parseInt(c, 16) : -1;
});

/**
 * Hex text -> bytes. Like HA, a leading "0x" is optional; surrounding whitespace is ignored.
 * Read in one pass with a table (a states file is hundreds of kilobytes of hex).
 */
export function boxHexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw new DecryptError('bad-hex', 'The ciphertext is not text.');
  const text = hex.trim();
  const start = text.startsWith('0x') ? 2 : 0;
  if ((text.length - start) % 2 !== 0) {
    throw new DecryptError('bad-hex', 'The ciphertext is not hex text.');
  }
  const bytes = new Uint8Array((text.length - start) / 2);
  for (let i = 0, at = start; i < bytes.length; i++, at += 2) {
    const high = HEX_DIGIT[text.charCodeAt(at)] ?? -1;
    const low = HEX_DIGIT[text.charCodeAt(at + 1)] ?? -1;
    if ((high | low) < 0) throw new DecryptError('bad-hex', 'The ciphertext is not hex text.');
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** Opens a raw box; the nonce is read from the first 24 bytes and may repeat (HA reuses it). */
export function decryptBytes(
  box: Uint8Array,
  recipientSecret: BoxSecret,
  senderPublicKey: BoxPublic,
): Uint8Array {
  if (box.length < BOX_OVERHEAD) {
    throw new DecryptError('too-short', `A box is at least ${BOX_OVERHEAD} bytes.`);
  }
  let key: Uint8Array;
  try {
    key = boxKey(curvePublic(senderPublicKey), curveSecret(recipientSecret));
  } catch (error) {
    throw new DecryptError('bad-key', (error as Error).message);
  }
  try {
    return xsalsa20poly1305(key, box.subarray(0, NONCE_LENGTH)).decrypt(box.subarray(NONCE_LENGTH));
  } catch {
    throw new DecryptError('auth-failed', 'Wrong key, or the ciphertext was altered.');
  }
}

/** Opens "0x…" hex and returns the raw plaintext bytes (e.g. a recorded video). */
export function decryptMessageBytes(
  hex: string,
  recipientSecret: BoxSecret,
  senderPublicKey: BoxPublic,
): Uint8Array {
  return decryptBytes(boxHexToBytes(hex), recipientSecret, senderPublicKey);
}

/** Opens "0x…" hex and decodes the plaintext as UTF-8, as HA's decrypt_message does. */
export function decryptMessage(
  hex: string,
  recipientSecret: BoxSecret,
  senderPublicKey: BoxPublic,
): string {
  const bytes = decryptMessageBytes(hex, recipientSecret, senderPublicKey);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new DecryptError('bad-utf8', 'The plaintext is not UTF-8 text.');
  }
}
