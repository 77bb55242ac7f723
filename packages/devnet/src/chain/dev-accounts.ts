import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';

export const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
export const DEV_NAMES = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'] as const;

export interface DevAccount {
  name: string;
  type: 'sr25519' | 'ed25519';
  suri: string;
  address: string;
  publicKey: Uint8Array;
}

/**
 * The well-known development accounts: //Name as sr25519 and as ed25519 (needs crypto ready),
 * with addresses in the chain's SS58 format (32 Robonomics, 66 Crust).
 */
export function devAccounts(ss58Format = 32): DevAccount[] {
  const keyring = new Keyring({ ss58Format });
  return (['sr25519', 'ed25519'] as const).flatMap((type) =>
    DEV_NAMES.map((name) => {
      const pair: KeyringPair = keyring.addFromUri(`//${name}`, { name }, type);
      return { name, type, suri: `//${name}`, address: pair.address, publicKey: pair.publicKey };
    }),
  );
}
