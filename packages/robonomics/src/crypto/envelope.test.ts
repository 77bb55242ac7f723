import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import ed2curve from 'ed2curve';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import {
  VECTOR_CONTROLLER_ADDRESS as CONTROLLER,
  VECTOR_CONTROLLER as controller,
  VECTOR_USER_ADDRESS as USER,
  VECTOR_USER_ADDRESS_42 as USER_42,
  VECTOR_USER as user,
} from '../test-support/crypto-vectors.ts';
import { DecryptError, decryptMessage, encryptMessage } from './box.ts';
import {
  dataKeyFromMnemonic,
  decryptEnvelope,
  decryptEnvelopeAsync,
  ENVELOPE_DATA_KEY,
  encryptForDevices,
  envelopeJson,
  parseEnvelope,
} from './envelope.ts';
import { isValidMnemonic, type KeyPair, pairFromUri } from './keys.ts';

const DATA_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const NONCE = Uint8Array.from({ length: 24 }, (_, i) => 100 + i);
const STATES = '{"entities": {"light.lamp": {"units": "None", "state": "on"}}, "twin_id": 89}';

function failure(run: () => unknown): DecryptError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecryptError);
    return error as DecryptError;
  }
  throw new Error('expected a DecryptError');
}

/** The HA recipe written out with the primitives only, as a cross-check of the module. */
function haBox(text: string, sender: KeyPair, recipient: Uint8Array): string {
  const sealed = nacl.box(
    new TextEncoder().encode(text),
    NONCE,
    ed2curve.convertPublicKey(recipient)!,
    ed2curve.convertSecretKey(sender.secretKey),
  );
  return `0x${bytesToHex(NONCE)}${bytesToHex(sealed)}`;
}

describe('multi-recipient envelope', () => {
  it('derives the vector data key from the fixed mnemonic', () => {
    const dataKey = dataKeyFromMnemonic(DATA_MNEMONIC);
    expect(bytesToHex(dataKey.publicKey)).toMatch(/^9125f505.*b294$/);
    expect(encodeAddress(dataKey.publicKey, 32)).toBe(
      '4FURVSiFRyqMJ46pjBc2eJNnAAKYGAyfCp5oPt7ooqcTvZeu',
    );
  });

  it('builds the HA layout: recipients in order, controller last of them, then data', () => {
    const sealed = encryptForDevices(STATES, controller, [USER], {
      mnemonic: DATA_MNEMONIC,
      nonce: NONCE,
    });
    expect(Object.keys(sealed.envelope)).toEqual([USER, CONTROLLER, ENVELOPE_DATA_KEY]);
    expect(sealed.recipients).toEqual([USER, CONTROLLER]);
    expect(sealed.skipped).toEqual([]);
    const dataKey = dataKeyFromMnemonic(DATA_MNEMONIC);
    // Byte-identical to the recipe done by hand with tweetnacl + ed2curve.
    expect(sealed.envelope).toEqual({
      [USER]: haBox(DATA_MNEMONIC, controller, user.publicKey),
      [CONTROLLER]: haBox(DATA_MNEMONIC, controller, controller.publicKey),
      data: haBox(STATES, controller, dataKey.publicKey),
    });
    // Python json.dumps separators.
    expect(sealed.json).toBe(
      `{"${USER}": "${sealed.envelope[USER]}", "${CONTROLLER}": "${sealed.envelope[CONTROLLER]}", "data": "${sealed.envelope.data}"}`,
    );
    expect(JSON.parse(sealed.json)).toEqual(sealed.envelope);
    // Every entry shares HA's one nonce.
    for (const value of Object.values(sealed.envelope)) {
      expect(value.slice(2, 50)).toBe(bytesToHex(NONCE));
    }
  });

  it('opens for each recipient, the way the app decrypts it', () => {
    const { json, envelope } = encryptForDevices(STATES, controller, [USER], {
      mnemonic: DATA_MNEMONIC,
      nonce: NONCE,
    });
    expect(decryptEnvelope(json, user, USER, CONTROLLER)).toBe(STATES);
    expect(decryptEnvelope(envelope, user, USER_42, controller.publicKey)).toBe(STATES);
    expect(decryptEnvelope(envelope, controller, CONTROLLER, CONTROLLER)).toBe(STATES);
    // Step by step: the entry is the mnemonic, boxed controller -> user.
    expect(decryptMessage(envelope[USER]!, user, CONTROLLER)).toBe(DATA_MNEMONIC);
  });

  it('opens the same with the platform PBKDF2, and refuses the same way', async () => {
    const { json } = encryptForDevices(STATES, controller, [USER], { nonce: NONCE });
    expect(await decryptEnvelopeAsync(json, user, USER, CONTROLLER)).toBe(STATES);
    const stranger = pairFromUri('//Eve');
    const refused = await decryptEnvelopeAsync(
      json,
      stranger,
      encodeAddress(stranger.publicKey, 32),
      CONTROLLER,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DecryptError);
    expect((refused as DecryptError).reason).toBe('not-a-recipient');
  });

  it('opens an envelope made by hand the HA way', () => {
    const dataKey = dataKeyFromMnemonic(DATA_MNEMONIC);
    const handMade = envelopeJson({
      [USER]: haBox(DATA_MNEMONIC, controller, user.publicKey),
      [CONTROLLER]: haBox(DATA_MNEMONIC, controller, controller.publicKey),
      data: haBox('{"password": "s3cr3t"}', controller, dataKey.publicKey),
    });
    expect(decryptEnvelope(handMade, user, USER, CONTROLLER)).toBe('{"password": "s3cr3t"}');
  });

  it('uses a fresh 12-word mnemonic and random nonces by default', () => {
    const a = encryptForDevices('same', controller, [USER]);
    const b = encryptForDevices('same', controller, [USER]);
    expect(a.envelope.data).not.toBe(b.envelope.data);
    const mnemonic = decryptMessage(a.envelope[USER]!, user, CONTROLLER);
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(isValidMnemonic(mnemonic)).toBe(true);
    expect(decryptEnvelope(a.json, user, USER, CONTROLLER)).toBe('same');
    expect(decryptEnvelope(b.json, user, USER, CONTROLLER)).toBe('same');
  });

  it('normalises recipients: SS58-32 keys, no duplicates, controller appended only if absent', () => {
    const other = pairFromUri('//Dave');
    const otherAddress = encodeAddress(other.publicKey, 32);
    const sealed = encryptForDevices('x', controller, [USER_42, CONTROLLER, USER, otherAddress]);
    expect(sealed.recipients).toEqual([USER, CONTROLLER, otherAddress]);
    expect(Object.keys(sealed.envelope)).toEqual([USER, CONTROLLER, otherAddress, 'data']);
    expect(decryptEnvelope(sealed.json, other, otherAddress, CONTROLLER)).toBe('x');
  });

  it('skips devices whose key cannot receive a box, as HA does', () => {
    const srAlice = encodeAddress(pairFromUri('//Alice', 'sr25519').publicKey, 32);
    const sealed = encryptForDevices('x', controller, [srAlice, USER]);
    expect(sealed.skipped).toEqual([srAlice]);
    expect(Object.keys(sealed.envelope)).toEqual([USER, CONTROLLER, 'data']);
  });

  it('refuses a non-ed25519 controller, a bad mnemonic and bad addresses', () => {
    const sr = pairFromUri('//Alice', 'sr25519');
    expect(() => encryptForDevices('x', sr, [USER])).toThrow('must be ed25519');
    expect(() => encryptForDevices('x', controller, [USER], { mnemonic: 'one two' })).toThrow(
      'mnemonic is not valid',
    );
    expect(() => encryptForDevices('x', controller, ['not-an-address'])).toThrow(
      'not a valid account address',
    );
  });

  it('raises decryptMsg when the account is not a recipient', () => {
    const { json } = encryptForDevices('x', controller, [USER]);
    const stranger = pairFromUri('//Eve');
    const error = failure(() =>
      decryptEnvelope(json, stranger, encodeAddress(stranger.publicKey, 32), CONTROLLER),
    );
    expect(error.message).toBe('decryptMsg');
    expect(error.reason).toBe('not-a-recipient');
    expect(failure(() => decryptEnvelope(json, user, 'garbage', CONTROLLER)).reason).toBe(
      'not-a-recipient',
    );
    // "data" is not an address: asking for it must not hand out the payload box.
    expect(failure(() => decryptEnvelope(json, user, 'data', CONTROLLER)).reason).toBe(
      'not-a-recipient',
    );
  });

  it('fails cleanly on wrong keys and malformed envelopes', () => {
    const { envelope } = encryptForDevices('x', controller, [USER]);
    const other = pairFromUri('//Ferdie');
    expect(failure(() => decryptEnvelope(envelope, other, USER, CONTROLLER)).reason).toBe(
      'auth-failed',
    );
    expect(failure(() => decryptEnvelope(envelope, user, USER, other.publicKey)).reason).toBe(
      'auth-failed',
    );
    expect(failure(() => parseEnvelope('not json')).reason).toBe('bad-envelope');
    expect(failure(() => parseEnvelope([1, 2])).reason).toBe('bad-envelope');
    expect(failure(() => parseEnvelope({ [USER]: '0x00' })).reason).toBe('bad-envelope');
    expect(failure(() => parseEnvelope({ [USER]: 5, data: '0x00' })).reason).toBe('bad-envelope');
    // An entry that opens but holds no phrase.
    const forged = {
      [USER]: encryptMessage('not a phrase', controller, user.publicKey),
      data: envelope.data!,
    };
    expect(failure(() => decryptEnvelope(forged, user, USER, CONTROLLER)).reason).toBe(
      'bad-envelope',
    );
    const last = Number.parseInt(envelope.data!.slice(-2), 16) ^ 1;
    const tampered = {
      ...envelope,
      data: `${envelope.data!.slice(0, -2)}${last.toString(16).padStart(2, '0')}`,
    };
    expect(failure(() => decryptEnvelope(tampered, user, USER, CONTROLLER)).reason).toBe(
      'auth-failed',
    );
  });
});
