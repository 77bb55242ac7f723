import type { InjectedSigner } from 'dedot/types';

/** What a Polkadot browser wallet injects into window.injectedWeb3[key]. */
export interface InjectedAccount {
  address: string;
  name?: string;
  type?: string;
  genesisHash?: string | null;
}

/** A chain whose metadata the wallet already holds. */
export interface InjectedMetadataKnown {
  genesisHash: string;
  specVersion: number;
}

/**
 * The wallet's metadata store (Polkadot{.js} and the wallets built on its API): `get` lists the
 * chains it can decode calls for, `provide` offers it one (the user approves it in the wallet).
 */
export interface InjectedMetadata {
  get(): Promise<InjectedMetadataKnown[]>;
  provide(definition: unknown): Promise<boolean>;
}

export interface InjectedExtension {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>;
    subscribe?(callback: (accounts: InjectedAccount[]) => void): () => void;
  };
  signer: InjectedSigner;
  metadata?: InjectedMetadata;
}

export interface InjectedWindowProvider {
  enable(originName: string): Promise<InjectedExtension>;
  version?: string;
}

declare global {
  interface Window {
    injectedWeb3?: Record<string, InjectedWindowProvider>;
    walletExtension?: { isNovaWallet?: boolean };
  }
}

export interface WalletInfo {
  key: string;
  name: string;
  installUrl: string;
}

/** The wallets the app offers (Nova injects itself as polkadot-js inside its own browser). */
export const WALLETS: readonly WalletInfo[] = [
  { key: 'polkadot-js', name: 'Polkadot{.js}', installUrl: 'https://polkadot.js.org/extension/' },
  { key: 'talisman', name: 'Talisman', installUrl: 'https://talisman.xyz/download' },
  { key: 'subwallet-js', name: 'SubWallet', installUrl: 'https://www.subwallet.app/download.html' },
  { key: 'nova', name: 'Nova Wallet', installUrl: 'https://novawallet.io/' },
];

export const DAPP_NAME = 'Robonomics Dapp';

/** The injectedWeb3 key a wallet answers on. */
export function injectionKey(wallet: string): string {
  return wallet === 'nova' ? 'polkadot-js' : wallet;
}

/** Whether a wallet is present in this browser. */
export function isInstalled(wallet: string): boolean {
  if (typeof window === 'undefined') return false;
  if (wallet === 'nova')
    return Boolean(window.walletExtension?.isNovaWallet && window.injectedWeb3?.['polkadot-js']);
  if (wallet === 'polkadot-js' && window.walletExtension?.isNovaWallet) return false;
  return Boolean(window.injectedWeb3?.[wallet]);
}

/** Extensions inject after the page starts: wait up to `timeoutMs` for at least one. */
export async function waitForInjection(timeoutMs = 3000, stepMs = 200): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (window.injectedWeb3 && Object.keys(window.injectedWeb3).length > 0) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export class WalletError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletError';
  }
}

/** Asks the wallet for access; rejects with a message the user can act on. */
export async function enableWallet(wallet: string): Promise<InjectedExtension> {
  const provider = window.injectedWeb3?.[injectionKey(wallet)];
  const info = WALLETS.find((w) => w.key === wallet);
  if (!provider) throw new WalletError(`${info?.name ?? wallet} is not installed in this browser.`);
  try {
    return await provider.enable(DAPP_NAME);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WalletError(`${info?.name ?? wallet} did not give access: ${reason}`);
  }
}
