import { encodeAddress } from '@dedot/utils';
import {
  type BoxPublic,
  type BoxSecret,
  canEncryptTo,
  DecryptError,
  decryptMessage,
  encryptMessage,
  publicKeyOf,
} from './box.ts';
import {
  generateMnemonic,
  isValidMnemonic,
  type KeyPair,
  miniSecretFromMnemonic,
  miniSecretFromMnemonicAsync,
  pairFromSeed,
} from './keys.ts';

/**
 * The multi-recipient "encrypt for devices" envelope of the Home Assistant integration
 * (docs/crypto.md): a one-off 12-word mnemonic gives a data key; `data` is boxed from the
 * controller to that key, and each recipient gets the mnemonic boxed from the controller to them.
 * JSON: {"<SS58-32 address>": "0x…", …, "data": "0x…"}, recipients first, "data" last.
 */
export type Envelope = Record<string, string>;

export const ENVELOPE_DATA_KEY = 'data';
const ROBONOMICS_PREFIX = 32;

export interface EnvelopeOptions {
  /** The data-key mnemonic; fresh by default. Fixed only for reproducible vectors. */
  mnemonic?: string;
  /** One nonce for every box, as HA does (its nonce is process-wide); random per box by default. */
  nonce?: Uint8Array;
}

export interface SealedEnvelope {
  envelope: Envelope;
  /** The envelope as HA serializes it (Python json.dumps defaults). */
  json: string;
  /** The SS58-32 addresses that can open it, in envelope order. */
  recipients: string[];
  /** Addresses left out because their key cannot receive a box (typically sr25519). */
  skipped: string[];
}

/** The data key an envelope mnemonic stands for: ed25519 from the mini-secret, no password. */
export function dataKeyFromMnemonic(mnemonic: string): KeyPair {
  return pairFromSeed(miniSecretFromMnemonic(mnemonic), 'ed25519');
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Encrypts a payload (HA passes json.dumps text) for the given device addresses plus the
 * controller itself, appended when absent. Keys are re-encoded as SS58-32, HA's only format.
 */
export function encryptForDevices(
  payload: string | Uint8Array,
  controller: KeyPair,
  devices: readonly string[],
  options: EnvelopeOptions = {},
): SealedEnvelope {
  if (controller.type !== 'ed25519') {
    throw new Error('The controller key must be ed25519 to encrypt.');
  }
  const mnemonic = options.mnemonic ?? generateMnemonic();
  if (!isValidMnemonic(mnemonic)) throw new Error('The data-key mnemonic is not valid.');
  const dataKey = dataKeyFromMnemonic(mnemonic);

  const recipients: string[] = [];
  const skipped: string[] = [];
  const seen: Uint8Array[] = [];
  const consider = (address: string): void => {
    const key = publicKeyOf(address);
    if (seen.some((other) => sameKey(other, key))) return;
    seen.push(key);
    if (canEncryptTo(key)) recipients.push(encodeAddress(key, ROBONOMICS_PREFIX));
    else skipped.push(address);
  };
  for (const device of devices) consider(device);
  consider(encodeAddress(controller.publicKey, ROBONOMICS_PREFIX));

  const entries: [string, string][] = recipients.map((address) => [
    address,
    encryptMessage(mnemonic, controller, address, options.nonce),
  ]);
  entries.push([
    ENVELOPE_DATA_KEY,
    encryptMessage(payload, controller, dataKey.publicKey, options.nonce),
  ]);
  const envelope = Object.fromEntries(entries);
  return { envelope, json: envelopeJson(envelope), recipients, skipped };
}

/**
 * Python json.dumps layout: ", " and ": " separators. Keys are SS58 and values hex, so plain
 * JSON string quoting already matches ensure_ascii.
 */
export function envelopeJson(envelope: Envelope): string {
  const parts = Object.entries(envelope).map(
    ([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{${parts.join(', ')}}`;
}

/**
 * Checks the shape of an envelope given as JSON text or as an already-parsed object (the app's
 * HTTP client and the libp2p /update body hand over objects). Throws DecryptError.
 */
export function parseEnvelope(input: unknown): Envelope {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new DecryptError('bad-envelope', 'The envelope is not JSON.');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DecryptError('bad-envelope', 'The envelope is not a JSON object.');
  }
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => typeof v === 'string')) {
    throw new DecryptError('bad-envelope', 'Every envelope value must be hex text.');
  }
  if (typeof (value as Envelope)[ENVELOPE_DATA_KEY] !== 'string') {
    throw new DecryptError('bad-envelope', 'The envelope has no "data" entry.');
  }
  return Object.fromEntries(entries) as Envelope;
}

/** The envelope entry for an address: its exact key first, else any key with the same account. */
function entryFor(envelope: Envelope, address: string): string | undefined {
  if (address !== ENVELOPE_DATA_KEY && Object.hasOwn(envelope, address)) return envelope[address];
  const mine = publicKeyOf(address);
  for (const [key, value] of Object.entries(envelope)) {
    if (key === ENVELOPE_DATA_KEY) continue;
    try {
      if (sameKey(publicKeyOf(key), mine)) return value;
    } catch {
      // Keys that are not addresses are not ours.
    }
  }
  return undefined;
}

/**
 * Opens an envelope for one recipient: their entry gives the mnemonic, which gives the data key,
 * which opens `data` with the controller's public key. Throws DecryptError ("decryptMsg").
 */
export function decryptEnvelope(
  input: unknown,
  recipientSecret: BoxSecret,
  recipientAddress: string,
  controllerPublicKey: BoxPublic,
): string {
  const { data, mnemonic } = recipientEntry(
    input,
    recipientSecret,
    recipientAddress,
    controllerPublicKey,
  );
  return decryptMessage(data, dataKeyFromMnemonic(mnemonic), controllerPublicKey);
}

/**
 * decryptEnvelope with the data key stretched by the platform's PBKDF2 (Web Crypto) where there
 * is one: the same result, without 2048 rounds of SHA-512 in script for every envelope opened.
 */
export async function decryptEnvelopeAsync(
  input: unknown,
  recipientSecret: BoxSecret,
  recipientAddress: string,
  controllerPublicKey: BoxPublic,
): Promise<string> {
  const { data, mnemonic } = recipientEntry(
    input,
    recipientSecret,
    recipientAddress,
    controllerPublicKey,
  );
  const dataKey = pairFromSeed(await miniSecretFromMnemonicAsync(mnemonic), 'ed25519');
  return decryptMessage(data, dataKey, controllerPublicKey);
}

/** The recipient's data-key phrase of an envelope, and its boxed data. Throws DecryptError. */
function recipientEntry(
  input: unknown,
  recipientSecret: BoxSecret,
  recipientAddress: string,
  controllerPublicKey: BoxPublic,
): { data: string; mnemonic: string } {
  const envelope = parseEnvelope(input);
  let entry: string | undefined;
  try {
    entry = entryFor(envelope, recipientAddress);
  } catch {
    throw new DecryptError('not-a-recipient', `"${recipientAddress}" is not an address.`);
  }
  if (entry === undefined) {
    throw new DecryptError('not-a-recipient', 'This account is not a recipient of the envelope.');
  }
  const mnemonic = decryptMessage(entry, recipientSecret, controllerPublicKey);
  if (!isValidMnemonic(mnemonic)) {
    throw new DecryptError('bad-envelope', 'The recipient entry does not hold a data-key phrase.');
  }
  return { data: envelope[ENVELOPE_DATA_KEY]!, mnemonic };
}
