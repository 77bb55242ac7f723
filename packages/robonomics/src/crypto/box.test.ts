import { encodeAddress } from '@dedot/utils';
import { bytesToHex } from '@noble/hashes/utils.js';
import ed2curve from 'ed2curve';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import {
  VECTOR_CONTROLLER_ADDRESS as CONTROLLER_ADDRESS,
  VECTOR_CONTROLLER as controller,
  VECTOR_USER_ADDRESS as USER_ADDRESS,
  VECTOR_USER_ADDRESS_42 as USER_ADDRESS_42,
  VECTOR_USER as user,
} from '../test-support/crypto-vectors.ts';
import {
  BOX_OVERHEAD,
  boxHexToBytes,
  canEncryptTo,
  DecryptError,
  decryptBytes,
  decryptMessage,
  decryptMessageBytes,
  encryptBytes,
  encryptMessage,
} from './box.ts';
import { miniSecretFromMnemonic, pairFromUri } from './keys.ts';

const NONCE = Uint8Array.from({ length: 24 }, (_, i) => i);
const LAUNCH =
  '{"platform":"light","name":"turn_on","params":{"entity_id":"light.lamp","brightness":128,"rgb_color":[30,30,230]}}';
const LAUNCH_BOX =
  '0x000102030405060708090a0b0c0d0e0f101112131415161749031855b5f56c07c053e5d367c05f458414f655cf765a1678ef282e4f780dc84c2d277e36909300a765c5522f69662e981688433af253c7370e54f7d07c42b1ba82b54e7e0016160e7ab1735d6d2c313074a408c30625a21e9aba989780029c5f53ea12ad1434f0f953592eee2da5ae341a7524c620ffcef85e18c1f57bbdd2ae42';

function decryptFailure(run: () => unknown): DecryptError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecryptError);
    return error as DecryptError;
  }
  throw new Error('expected a DecryptError');
}

describe('NaCl box between ed25519 accounts', () => {
  it('reproduces the launch vector byte for byte (user -> controller, fixed nonce)', () => {
    expect(LAUNCH).toHaveLength(114);
    const sealed = encryptMessage(LAUNCH, user, controller.publicKey, NONCE);
    expect(sealed).toBe(LAUNCH_BOX);
    expect(boxHexToBytes(sealed)).toHaveLength(114 + 40);
    // The same bytes from the address form of the recipient.
    expect(encryptMessage(LAUNCH, user, CONTROLLER_ADDRESS, NONCE)).toBe(LAUNCH_BOX);
  });

  it('opens the vector as HA does: controller secret + sender public key from its address', () => {
    expect(decryptMessage(LAUNCH_BOX, controller, USER_ADDRESS)).toBe(LAUNCH);
    // Any SS58 prefix, the raw key, and HA's 32-byte seed form of the secret all work.
    expect(decryptMessage(LAUNCH_BOX, controller, USER_ADDRESS_42)).toBe(LAUNCH);
    expect(decryptMessage(LAUNCH_BOX, controller.secretKey, user.publicKey)).toBe(LAUNCH);
    const haSeed = miniSecretFromMnemonic(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    );
    expect(decryptMessage(LAUNCH_BOX.slice(2), haSeed, USER_ADDRESS)).toBe(LAUNCH);
  });

  it('matches a box built directly with tweetnacl + ed2curve (as airalab/robonomics.app builds it)', () => {
    const plain = new TextEncoder().encode('token-123');
    const reference = nacl.box(
      plain,
      NONCE,
      ed2curve.convertPublicKey(user.publicKey)!,
      ed2curve.convertSecretKey(controller.secretKey),
    );
    const ours = encryptBytes(plain, controller, user.publicKey, NONCE);
    expect(bytesToHex(ours)).toBe(bytesToHex(NONCE) + bytesToHex(reference));
  });

  it('round-trips controller -> user with a random nonce; 0x is optional on input', () => {
    const text = 'Лампа на кухне ✓';
    const sealed = encryptMessage(text, controller, USER_ADDRESS);
    expect(sealed).toMatch(/^0x[0-9a-f]+$/);
    expect(boxHexToBytes(sealed).length).toBe(new TextEncoder().encode(text).length + 40);
    expect(decryptMessage(sealed, user, CONTROLLER_ADDRESS)).toBe(text);
    expect(decryptMessage(sealed.slice(2), user, CONTROLLER_ADDRESS)).toBe(text);
    expect(
      decryptMessage(` ${sealed.toUpperCase().replace('0X', '0x')}\n`, user, controller.publicKey),
    ).toBe(text);
    // Fresh nonces: the same plaintext never gives the same ciphertext.
    expect(encryptMessage(text, controller, USER_ADDRESS)).not.toBe(sealed);
  });

  it('reads the nonce from the box, so a repeated nonce (HA) still opens', () => {
    const a = encryptMessage('first', controller, USER_ADDRESS, NONCE);
    const b = encryptMessage('second', controller, USER_ADDRESS, NONCE);
    expect(a.slice(0, 50)).toBe(b.slice(0, 50));
    expect(decryptMessage(a, user, CONTROLLER_ADDRESS)).toBe('first');
    expect(decryptMessage(b, user, CONTROLLER_ADDRESS)).toBe('second');
  });

  it('handles empty and binary plaintexts', () => {
    const empty = encryptMessage('', user, controller.publicKey);
    expect(boxHexToBytes(empty)).toHaveLength(BOX_OVERHEAD);
    expect(decryptMessage(empty, controller, user.publicKey)).toBe('');
    const video = Uint8Array.from([0, 255, 1, 254, 128]);
    const sealed = encryptMessage(video, controller, controller.publicKey);
    expect(Array.from(decryptMessageBytes(sealed, controller, controller.publicKey))).toEqual(
      Array.from(video),
    );
    expect(
      Array.from(decryptBytes(boxHexToBytes(sealed), controller, controller.publicKey)),
    ).toEqual(Array.from(video));
  });

  it('throws DecryptError("decryptMsg") on a wrong key, with the reason', () => {
    const other = pairFromUri('//Charlie');
    const wrongRecipient = decryptFailure(() => decryptMessage(LAUNCH_BOX, other, USER_ADDRESS));
    expect(wrongRecipient.message).toBe('decryptMsg');
    expect(wrongRecipient.reason).toBe('auth-failed');
    const wrongSender = decryptFailure(() =>
      decryptMessage(LAUNCH_BOX, controller, other.publicKey),
    );
    expect(wrongSender.reason).toBe('auth-failed');
  });

  it('throws on tampered data', () => {
    const bytes = boxHexToBytes(LAUNCH_BOX);
    for (const index of [0, 30, bytes.length - 1]) {
      const tampered = bytes.slice();
      tampered[index]! ^= 1;
      const error = decryptFailure(() =>
        decryptMessage(`0x${bytesToHex(tampered)}`, controller, USER_ADDRESS),
      );
      expect(error.reason).toBe('auth-failed');
    }
    const truncated = LAUNCH_BOX.slice(0, -2);
    expect(decryptFailure(() => decryptMessage(truncated, controller, USER_ADDRESS)).reason).toBe(
      'auth-failed',
    );
  });

  it('throws on bad hex, short input, undecodable text and bad sender keys', () => {
    expect(decryptFailure(() => decryptMessage('0xabc', controller, USER_ADDRESS)).reason).toBe(
      'bad-hex',
    );
    expect(decryptFailure(() => decryptMessage('0xzz', controller, USER_ADDRESS)).reason).toBe(
      'bad-hex',
    );
    expect(
      decryptFailure(() => decryptMessage('hello world', controller, USER_ADDRESS)).reason,
    ).toBe('bad-hex');
    expect(
      decryptFailure(() => decryptMessage(42 as unknown as string, controller, USER_ADDRESS))
        .reason,
    ).toBe('bad-hex');
    expect(decryptFailure(() => decryptMessage('0x', controller, USER_ADDRESS)).reason).toBe(
      'too-short',
    );
    expect(
      decryptFailure(() => decryptMessage(`0x${'00'.repeat(39)}`, controller, USER_ADDRESS)).reason,
    ).toBe('too-short');
    const notText = encryptMessage(Uint8Array.from([0xff, 0xfe]), user, controller.publicKey);
    expect(decryptFailure(() => decryptMessage(notText, controller, user.publicKey)).reason).toBe(
      'bad-utf8',
    );
    expect(
      decryptFailure(() => decryptMessage(LAUNCH_BOX, controller, 'not-an-address')).reason,
    ).toBe('bad-key');
  });

  it('refuses keys that cannot box', () => {
    const sr = pairFromUri('//Alice', 'sr25519');
    expect(() => encryptMessage('x', sr, controller.publicKey)).toThrow('needs an ed25519 key');
    expect(() => encryptMessage('x', new Uint8Array(16), controller.publicKey)).toThrow(
      '32-byte seed or a 64-byte',
    );
    expect(() => encryptMessage('x', user, new Uint8Array(31))).toThrow('32 bytes');
    expect(() => encryptMessage('x', user, 'nope')).toThrow('not a valid account address');
    expect(() => encryptMessage('x', user, controller.publicKey, new Uint8Array(12))).toThrow(
      '24 bytes',
    );
    const notAPoint = new Uint8Array(32);
    notAPoint[0] = 2; // y = 2 has no x on the curve
    expect(() => encryptMessage('x', user, notAPoint)).toThrow('not an ed25519 point');
  });

  it('tells which keys HA would accept as box recipients (libsodium conversion rules)', () => {
    expect(canEncryptTo(user.publicKey)).toBe(true);
    expect(canEncryptTo(USER_ADDRESS)).toBe(true);
    expect(canEncryptTo(encodeAddress(controller.publicKey, 42))).toBe(true);
    const key = (y: number) => {
      const bytes = new Uint8Array(32);
      bytes[0] = y;
      return bytes;
    };
    expect(canEncryptTo(key(2))).toBe(false); // not on the curve
    expect(canEncryptTo(key(1))).toBe(false); // the identity: small order
    expect(canEncryptTo(key(3))).toBe(false); // on the curve, outside the prime-order subgroup
    expect(canEncryptTo(pairFromUri('//Alice', 'sr25519').publicKey)).toBe(false);
    expect(canEncryptTo('garbage')).toBe(false);
  });
});
