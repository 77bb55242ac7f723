import { Keyring } from '@polkadot/keyring';
import type { KeyringPair } from '@polkadot/keyring/types';

/** One XRT in planck (9 decimals). */
export const XRT = 1_000_000_000n;
/** What every dev account holds at genesis. */
export const DEV_ENDOWMENT = 1_000_000n * XRT;

export const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';
export const DEV_NAMES = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'] as const;

export interface DevAccount {
  name: string;
  type: 'sr25519' | 'ed25519';
  suri: string;
  address: string;
  publicKey: Uint8Array;
}

const derived = new Map<number, readonly DevAccount[]>();

/**
 * The well-known development accounts: //Name as sr25519 and as ed25519 (needs crypto ready),
 * with addresses in the chain's SS58 format (32 Robonomics, 66 Crust). Derived once per format:
 * each derivation runs the mnemonic's key stretching, and the chain asks for Alice every block.
 */
export function devAccounts(ss58Format = 32): DevAccount[] {
  let accounts = derived.get(ss58Format);
  if (accounts === undefined) {
    const keyring = new Keyring({ ss58Format });
    accounts = (['sr25519', 'ed25519'] as const).flatMap((type) =>
      DEV_NAMES.map((name) => {
        const pair: KeyringPair = keyring.addFromUri(`//${name}`, { name }, type);
        return { name, type, suri: `//${name}`, address: pair.address, publicKey: pair.publicKey };
      }),
    );
    derived.set(ss58Format, accounts);
  }
  // Copies: callers may not change the shared list or its keys.
  return accounts.map((account) => ({ ...account, publicKey: account.publicKey.slice() }));
}
