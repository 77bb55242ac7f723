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
/** The scrypt work of the keystores the app writes (polkadot-js's defaults). */
const SCRYPT = { N: 1 << 15, p: 1, r: 8 };
/** The derived key's length: the first 32 bytes are the secretbox key. */
const DK_LEN = 64;
const SALT_LENGTH = 32;
const PARAMS_LENGTH = SALT_LENGTH + 12;

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

/** scrypt's parameters as a keystore file gives them. */
interface ScryptParams {
  N: number;
  r: number;
  p: number;
  dkLen: number;
}

/**
 * The most scrypt work a keystore may ask. The app writes N 2^15, r 8, p 1 (32 MiB of mixing, as
 * 128·N·r·p counts it). polkadot-js, and the wallets built on it, write N 2^17 (128 MiB) and read
 * five other combinations of no more work, N 2^13 with p 10 the one with the largest p: every
 * keystore they write opens here, and nothing that asks for more.
 */
const MAX_SCRYPT: Readonly<ScryptParams> = { N: 1 << 17, r: 8, p: 10, dkLen: DK_LEN };
/** 128·N·r·p bytes of mixing (scrypt's memory is 128·N·r, its time grows with N·r·p): 128 MiB. */
const MAX_SCRYPT_BYTES = 128 * (1 << 17) * 8;

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/**
 * Refuses scrypt parameters asking for more work than Polkadot keystores do, before any of it is
 * done: a file may name any N, r and p, and one asking for N 2^20, r 8 and p 16 would hold about a
 * gigabyte and a minute and a half of one core (the tab, or every service of the devnet) to find
 * out whether the password is right.
 */
function checkScryptParams(params: Partial<Record<keyof ScryptParams, unknown>>): void {
  const { N, r, p, dkLen } = params;
  if (
    !isWhole(N) ||
    !isWhole(r) ||
    !isWhole(p) ||
    !isWhole(dkLen) ||
    N < 2 ||
    !Number.isInteger(Math.log2(N))
  ) {
    throw new KeystoreError(
      'The keystore file is damaged: its key derivation (scrypt) needs whole numbers, N a power of two.',
    );
  }
  const bytes = 128 * N * r * p;
  if (
    N > MAX_SCRYPT.N ||
    r > MAX_SCRYPT.r ||
    p > MAX_SCRYPT.p ||
    dkLen > MAX_SCRYPT.dkLen ||
    bytes > MAX_SCRYPT_BYTES
  ) {
    throw new KeystoreError(
      `This keystore file asks for more key-derivation work than Polkadot keystores do (scrypt N ${N}, r ${r}, p ${p}: ${mib(bytes)} of mixing, where polkadot-js writes N ${1 << 17}, r 8, p 1: ${mib(MAX_SCRYPT_BYTES)}, and this app N ${SCRYPT.N}). It is not opened, as that work could hold this device for minutes; export the key again from its wallet.`,
    );
  }
}

const mib = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MiB`
    : `${bytes} bytes`;

function deriveKey(password: string, salt: Uint8Array, params: typeof SCRYPT): Uint8Array {
  checkScryptParams({ ...params, dkLen: DK_LEN });
  return scrypt(new TextEncoder().encode(password), salt, { ...params, dkLen: DK_LEN }).slice(
    0,
    32,
  );
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
  // Before any work: a file asking for more than the app's own files is refused at once.
  checkScryptParams({ ...params, dkLen: DK_LEN });
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
