import { encodeAddress } from '@dedot/utils';
import type { IKeyringPair } from 'dedot/types';
import { type KeyPair, signMessage } from './keys.ts';

/** MultiSignature type indexes: Ed25519 = 0, Sr25519 = 1. */
const SIGNATURE_TYPE = { ed25519: 0, sr25519: 1 } as const;

/**
 * Wraps an in-memory key so the chain client can sign with it (the device key on /telemetry, a
 * generated account, or the devnet's development accounts). The secret never leaves this module.
 */
export function toKeyringPair(pair: KeyPair, ss58Prefix = 32): IKeyringPair {
  return {
    address: encodeAddress(pair.publicKey, ss58Prefix),
    addressRaw: pair.publicKey,
    publicKey: pair.publicKey,
    sign: (data, options) => {
      const signature = signMessage(pair, data);
      return options?.withType
        ? new Uint8Array([SIGNATURE_TYPE[pair.type], ...signature])
        : signature;
    },
  };
}
