import { encodeAddress } from '@dedot/utils';
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import type { KeyPair, KeyType } from './keys.ts';

/**
 * The polkadot-js JSON keystore (version 3): the key as PKCS8, sealed with xsalsa20-poly1305
 * under a key derived from the password by scrypt. Every Polkadot wallet imports this file.
 */
export interface KeystoreJson {
  encoded: string;
  encoding: { content: ['pkcs8', KeyType]; type: ['scrypt', 'xsalsa20-poly1305']; version: '3' };
  address: string;
  meta: { name?: string; whenCreated?: number; [key: string]: unknown };
}

// The DER framing polkadot-js puts around the 64-byte secret and the public key.
const PKCS8_HEADER = Uint8Array.from([48, 83, 2, 1, 1, 48, 5, 6, 3, 43, 101, 112, 4, 34, 4, 32]);
const PKCS8_DIVIDER = Uint8Array.from([161, 35, 3, 33, 0]);
const SCRYPT = { N: 1 << 15, p: 1, r: 8 };
const SALT_LENGTH = 32;
const PARAMS_LENGTH = SALT_LENGTH + 12;
/** Files with a cost above this are refused: they would freeze the tab. */
const MAX_SCRYPT_N = 1 << 20;

export class KeystoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeystoreError';
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}

function deriveKey(password: string, salt: Uint8Array, params: typeof SCRYPT): Uint8Array {
  return scrypt(new TextEncoder().encode(password), salt, { ...params, dkLen: 64 }).slice(0, 32);
}

/** Seals a key pair into a keystore file with `password`. */
export function encodeKeystore(
  pair: KeyPair,
  password: string,
  meta: KeystoreJson['meta'] = {},
  ss58Prefix = 32,
): KeystoreJson {
  if (!password) throw new KeystoreError('A password is required to encrypt the key.');
  const salt = randomBytes(SALT_LENGTH);
  const nonce = randomBytes(24);
  const pkcs8 = concat(PKCS8_HEADER, pair.secretKey, PKCS8_DIVIDER, pair.publicKey);
  // NaCl's secretbox: XSalsa20-Poly1305, the tag before the ciphertext.
  const sealed = xsalsa20poly1305(deriveKey(password, salt, SCRYPT), nonce).encrypt(pkcs8);
  const params = concat(salt, u32le(SCRYPT.N), u32le(SCRYPT.p), u32le(SCRYPT.r));
  return {
    encoded: base64.encode(concat(params, nonce, sealed)),
    encoding: {
      content: ['pkcs8', pair.type],
      type: ['scrypt', 'xsalsa20-poly1305'],
      version: '3',
    },
    address: encodeAddress(pair.publicKey, ss58Prefix),
    meta: { whenCreated: Date.now(), ...meta },
  };
}

/** Opens a keystore file; throws KeystoreError with a plain reason on a wrong password or file. */
export function decodeKeystore(json: unknown, password: string): KeyPair {
  const file = json as Partial<KeystoreJson> | null;
  const type = file?.encoding?.content?.[1];
  if (
    typeof file?.encoded !== 'string' ||
    (type !== 'ed25519' && type !== 'sr25519') ||
    file.encoding?.type?.[0] !== 'scrypt' ||
    file.encoding.type[1] !== 'xsalsa20-poly1305'
  ) {
    throw new KeystoreError('This is not a Polkadot keystore file of an ed25519 or sr25519 key.');
  }
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(file.encoded);
  } catch {
    throw new KeystoreError('The keystore file is damaged.');
  }
  if (bytes.length < PARAMS_LENGTH + 24 + 16)
    throw new KeystoreError('The keystore file is damaged.');
  const view = new DataView(bytes.buffer, bytes.byteOffset + SALT_LENGTH, 12);
  const params = {
    N: view.getUint32(0, true),
    p: view.getUint32(4, true),
    r: view.getUint32(8, true),
  };
  if (params.N > MAX_SCRYPT_N || params.p > 16 || params.r > 16 || params.N < 2) {
    throw new KeystoreError('The keystore file asks for an unsupported key derivation.');
  }
  const key = deriveKey(password, bytes.subarray(0, SALT_LENGTH), params);
  const nonce = bytes.subarray(PARAMS_LENGTH, PARAMS_LENGTH + 24);
  let opened: Uint8Array;
  try {
    opened = xsalsa20poly1305(key, nonce).decrypt(bytes.subarray(PARAMS_LENGTH + 24));
  } catch {
    throw new KeystoreError('Wrong password for this keystore file.');
  }
  const secretStart = PKCS8_HEADER.length;
  const publicStart = secretStart + 64 + PKCS8_DIVIDER.length;
  if (opened.length !== publicStart + 32) throw new KeystoreError('The keystore file is damaged.');
  return {
    type,
    secretKey: opened.slice(secretStart, secretStart + 64),
    publicKey: opened.slice(publicStart),
  };
}
