import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import {
  generateMnemonic as bip39Generate,
  mnemonicToEntropy,
  validateMnemonic,
} from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import * as sr25519 from '@scure/sr25519';

export type KeyType = 'ed25519' | 'sr25519';

/** A key pair held in memory. `secretKey` is 64 bytes for both types. */
export interface KeyPair {
  type: KeyType;
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** The well-known development phrase of Substrate chains (//Alice etc. derive from it). */
export const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';

const encoder = new TextEncoder();

/** A fresh 12-word English BIP39 mnemonic. */
export function generateMnemonic(): string {
  return bip39Generate(wordlist, 128);
}

export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(normalizeMnemonic(mnemonic), wordlist);
}

function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
}

/**
 * Polkadot's mini-secret: PBKDF2-HMAC-SHA512 over the BIP39 *entropy* (not the BIP39 seed), salt
 * "mnemonic" + password, 2048 rounds, first 32 bytes (docs/crypto.md).
 */
export function miniSecretFromMnemonic(mnemonic: string, password = ''): Uint8Array {
  const entropy = mnemonicToEntropy(normalizeMnemonic(mnemonic), wordlist);
  return pbkdf2(sha512, entropy, encoder.encode(`mnemonic${password}`), {
    c: 2048,
    dkLen: 64,
  }).slice(0, 32);
}

export function pairFromSeed(seed: Uint8Array, type: KeyType): KeyPair {
  if (seed.length !== 32) throw new Error('A seed is 32 bytes.');
  if (type === 'ed25519') {
    // The 64-byte secret is seed || public key, as NaCl and polkadot-js keystores hold it.
    const publicKey = ed25519.getPublicKey(seed);
    const secretKey = new Uint8Array(64);
    secretKey.set(seed);
    secretKey.set(publicKey, 32);
    return { type, publicKey, secretKey };
  }
  const secretKey = sr25519.secretFromSeed(seed);
  return { type, publicKey: sr25519.getPublicKey(secretKey), secretKey };
}

/** SCALE-encoded junction text → 32-byte chain code (numbers as u64 LE, long codes hashed). */
function chainCode(junction: string): Uint8Array {
  const code = new Uint8Array(32);
  let bytes: Uint8Array;
  if (/^\d+$/.test(junction)) {
    bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(junction), true);
  } else {
    const text = encoder.encode(junction);
    bytes = new Uint8Array([...compactLength(text.length), ...text]);
  }
  code.set(bytes.length > 32 ? blake2b(bytes, { dkLen: 32 }) : bytes);
  return code;
}

function compactLength(n: number): number[] {
  if (n < 64) return [n << 2];
  if (n < 1 << 14) return [((n << 2) | 1) & 0xff, (n << 2) >> 8];
  throw new Error('A derivation path junction is too long.');
}

/** Applies hard junctions (//name) to a key; soft junctions are not supported here. */
function deriveHard(pair: KeyPair, seed: Uint8Array, junctions: string[]): KeyPair {
  let current = pair;
  let currentSeed = seed;
  for (const junction of junctions) {
    const cc = chainCode(junction);
    if (current.type === 'ed25519') {
      const prefix = new Uint8Array([...compactLength(11), ...encoder.encode('Ed25519HDKD')]);
      currentSeed = blake2b(new Uint8Array([...prefix, ...currentSeed, ...cc]), { dkLen: 32 });
      current = pairFromSeed(currentSeed, 'ed25519');
    } else {
      const secretKey = sr25519.HDKD.secretHard(current.secretKey, cc);
      current = { type: 'sr25519', publicKey: sr25519.getPublicKey(secretKey), secretKey };
    }
  }
  return current;
}

/** What a pasted key names: its phrase or 0x seed, and its hard derivations (`//Alice`). */
function parseUri(uri: string): { phrase: string; junctions: string[] } {
  const text = uri.trim();
  const pathStart = text.indexOf('//');
  const phrase = (pathStart === -1 ? text : text.slice(0, pathStart)).trim() || DEV_PHRASE;
  const path = pathStart === -1 ? '' : text.slice(pathStart);
  if (path && !/^(\/\/[^/]+)+$/.test(path)) {
    throw new Error('Only hard derivation paths (//name) are supported.');
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(phrase) && !isValidMnemonic(phrase)) {
    throw new Error('This is not a valid secret phrase (12 or 24 words) or 0x seed.');
  }
  return { phrase, junctions: path ? path.slice(2).split('//') : [] };
}

const isSeed = (phrase: string) => /^0x[0-9a-fA-F]{64}$/.test(phrase);

/**
 * A key from what a user pastes: a 12/24-word mnemonic, a 0x-prefixed 32-byte seed, optionally
 * followed by hard derivations (`//Alice`); `//Alice` alone means the dev phrase.
 */
export function pairFromUri(uri: string, type: KeyType = 'ed25519'): KeyPair {
  const { phrase, junctions } = parseUri(uri);
  const seed = isSeed(phrase) ? hexToBytes(phrase) : miniSecretFromMnemonic(phrase);
  return deriveHard(pairFromSeed(seed, type), seed, junctions);
}

/**
 * The mini-secret of miniSecretFromMnemonic, with the browser's own PBKDF2 (Web Crypto) where
 * there is one: the same bytes, without 2048 rounds of SHA-512 in script on the main thread.
 */
export async function miniSecretFromMnemonicAsync(
  mnemonic: string,
  password = '',
): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return miniSecretFromMnemonic(mnemonic, password);
  const entropy = mnemonicToEntropy(normalizeMnemonic(mnemonic), wordlist);
  const material = await subtle.importKey('raw', entropy as BufferSource, 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-512',
      salt: encoder.encode(`mnemonic${password}`),
      iterations: 2048,
    },
    material,
    512,
  );
  return new Uint8Array(bits).slice(0, 32);
}

/** pairFromUri, its mnemonic stretched by miniSecretFromMnemonicAsync. */
export async function pairFromUriAsync(uri: string, type: KeyType = 'ed25519'): Promise<KeyPair> {
  const { phrase, junctions } = parseUri(uri);
  const seed = isSeed(phrase) ? hexToBytes(phrase) : await miniSecretFromMnemonicAsync(phrase);
  return deriveHard(pairFromSeed(seed, type), seed, junctions);
}

function hexToBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  return Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

/** Signs a message; sr25519 signatures are randomised, ed25519 ones deterministic. */
export function signMessage(pair: KeyPair, message: Uint8Array): Uint8Array {
  return pair.type === 'ed25519'
    ? ed25519.sign(message, pair.secretKey.subarray(0, 32))
    : sr25519.sign(pair.secretKey, message);
}
