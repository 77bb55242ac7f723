/**
 * The wallet and account the user chose, kept in localStorage so a reload reconnects to them.
 * No store and no browser API here: tests and tools write the same format through these
 * functions.
 */
export const WALLET_KEY = 'robonomics-dapp.wallet.v1';

export interface WalletChoice {
  wallet: string;
  address: string | null;
}

/** The kept text of a choice. */
export function walletChoiceText(wallet: string, address: string | null): string {
  return JSON.stringify({ wallet, address });
}

/** The choice in the kept text; null when there is none or it does not read (then ignored). */
export function parseWalletChoice(raw: string | null): WalletChoice | null {
  try {
    const value = JSON.parse(raw ?? 'null') as unknown;
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as { wallet?: unknown }).wallet === 'string'
    ) {
      const { wallet, address } = value as { wallet: string; address?: unknown };
      return { wallet, address: typeof address === 'string' ? address : null };
    }
  } catch {
    // A corrupt entry is ignored.
  }
  return null;
}
