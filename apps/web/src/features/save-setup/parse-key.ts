import { isValidAddress } from '@robonomics-dapp/robonomics/chain/model/address';
import { type KeyPair, pairFromUri } from '@robonomics-dapp/robonomics/crypto/keys';

export const NOT_A_SEED =
  'This is not an account seed: enter a 12 or 24-word secret phrase, a dev URI such as //Alice, or a 0x seed of 32 bytes.';
export const ADDRESS_NOT_SEED =
  'This is an account address, not its seed: enter the secret phrase or the 0x seed of the account.';

/**
 * The ed25519 key of what the user typed: a secret phrase, a dev URI (//Alice) or a raw 0x seed,
 * each optionally followed by hard derivations (//name). Anything else is refused in words that
 * never repeat the input.
 */
export function parseKey(input: string): KeyPair {
  const text = input.trim();
  if (!text) throw new Error('Enter the account seed first.');
  if (!text.startsWith('0x') && !text.includes(' ') && isValidAddress(text)) {
    throw new Error(ADDRESS_NOT_SEED);
  }
  try {
    return pairFromUri(text, 'ed25519');
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    // "Only hard derivation paths (//name) are supported." says what is wrong with the path.
    throw new Error(/derivation/.test(message) ? message : NOT_A_SEED);
  }
}
