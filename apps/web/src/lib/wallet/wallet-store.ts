import { addressEq } from '@robonomics-dapp/robonomics/chain/model/same-account';
import type { IKeyringPair, InjectedSigner } from 'dedot/types';
import { create } from 'zustand';
import { safeStorage } from '../storage/safe-storage.ts';
import {
  enableWallet,
  type InjectedAccount,
  type InjectedMetadata,
  waitForInjection,
} from './injected.ts';
import {
  parseWalletChoice,
  WALLET_KEY,
  type WalletChoice,
  walletChoiceText,
} from './wallet-choice.ts';

export interface WalletAccount {
  /** SS58-32, whatever format the wallet uses. */
  address: string;
  name: string;
  type: string;
}

/** The development accounts of the local devnet (never offered on a real network). */
export const DEV_WALLET = 'devnet';
const DEV_NAMES = ['Alice', 'Bob', 'Charlie', 'Dave', 'Eve', 'Ferdie'];

/** Who signs: an extension address with its signer, or an in-memory key pair. */
export interface TxOrigin {
  from: string | IKeyringPair;
  signer?: InjectedSigner;
}

interface WalletState {
  wallet: string | null;
  status: 'idle' | 'connecting' | 'connected' | 'error';
  error: string | null;
  accounts: WalletAccount[];
  address: string | null;
  signer: InjectedSigner | null;
  /** The connected extension's metadata store, when it has one (see metadata-offer.ts). */
  metadata: InjectedMetadata | null;
  /** In-memory keys of the development accounts, by address. */
  pairs: Map<string, IKeyringPair>;
  connect(wallet: string): Promise<void>;
  /** The chosen account as a transaction origin, or null when none is connected. */
  origin(): TxOrigin | null;
  select(address: string): void;
  disconnect(): void;
  /** Reconnects the remembered wallet and account, if any. */
  restore(): Promise<void>;
}

/**
 * The address codec, loaded with the first wallet connection: the dashboard's first paint does
 * not need it (docs/first-data.md).
 */
const addressCodec = () => import('@robonomics-dapp/robonomics/chain/model/address');

function toAccounts(
  accounts: InjectedAccount[],
  toRobonomicsAddress: (address: string) => string,
): WalletAccount[] {
  const seen = new Set<string>();
  const result: WalletAccount[] = [];
  for (const account of accounts) {
    let address: string;
    try {
      address = toRobonomicsAddress(account.address);
    } catch {
      continue; // Not a Substrate account (e.g. an Ethereum one): not usable here.
    }
    if (seen.has(address)) continue;
    seen.add(address);
    result.push({
      address,
      name: account.name || 'Unnamed account',
      type: account.type ?? 'sr25519',
    });
  }
  return result;
}

function remember(wallet: string | null, address: string | null) {
  if (!wallet) safeStorage.remove(WALLET_KEY);
  else safeStorage.set(WALLET_KEY, walletChoiceText(wallet, address));
}

let stopAccounts: (() => void) | null = null;

export const useWallet = create<WalletState>((set, get) => ({
  wallet: null,
  status: 'idle',
  error: null,
  accounts: [],
  address: null,
  signer: null,
  metadata: null,
  pairs: new Map(),
  origin() {
    const { address, pairs, signer } = get();
    if (!address) return null;
    const pair = pairs.get(address);
    if (pair) return { from: pair };
    return signer ? { from: address, signer } : null;
  },
  async connect(wallet) {
    stopAccounts?.();
    set({ wallet, status: 'connecting', error: null });
    if (wallet === DEV_WALLET) {
      // Loaded on demand: the key code is not part of the dashboard.
      const [{ pairFromUri }, { toKeyringPair }] = await Promise.all([
        import('@robonomics-dapp/robonomics/crypto/keys'),
        import('@robonomics-dapp/robonomics/crypto/keyring-pair'),
      ]);
      const pairs = new Map<string, IKeyringPair>();
      const accounts = DEV_NAMES.map((name) => {
        const pair = toKeyringPair(pairFromUri(`//${name}`, 'sr25519'));
        pairs.set(pair.address, pair);
        return { address: pair.address, name: `${name} (development)`, type: 'sr25519' };
      });
      const remembered = readRemembered();
      const address =
        accounts.find((a) => !!remembered?.address && addressEq(a.address, remembered.address))
          ?.address ?? accounts[0]!.address;
      set({ status: 'connected', accounts, address, signer: null, metadata: null, pairs });
      remember(wallet, address);
      return;
    }
    set({ pairs: new Map() });
    try {
      await waitForInjection();
      const extension = await enableWallet(wallet);
      const { toRobonomicsAddress } = await addressCodec();
      const accounts = toAccounts(await extension.accounts.get(), toRobonomicsAddress);
      const remembered = readRemembered();
      const address =
        accounts.find((a) => addressEq(a.address, get().address ?? ''))?.address ??
        accounts.find((a) => !!remembered?.address && addressEq(a.address, remembered.address))
          ?.address ??
        accounts[0]?.address ??
        null;
      set({
        status: 'connected',
        accounts,
        address,
        signer: extension.signer,
        metadata: extension.metadata ?? null,
      });
      remember(wallet, address);
      stopAccounts =
        extension.accounts.subscribe?.((next) => {
          const list = toAccounts(next, toRobonomicsAddress);
          const current = get().address;
          const keep = list.some((a) => a.address === current)
            ? current
            : (list[0]?.address ?? null);
          set({ accounts: list, address: keep });
          remember(wallet, keep);
        }) ?? null;
    } catch (error) {
      set({
        status: 'error',
        error: error instanceof Error ? error.message : String(error),
        signer: null,
        metadata: null,
      });
    }
  },
  select(address) {
    if (!get().accounts.some((a) => addressEq(a.address, address))) return;
    set({ address });
    remember(get().wallet, address);
  },
  disconnect() {
    stopAccounts?.();
    stopAccounts = null;
    set({
      wallet: null,
      status: 'idle',
      error: null,
      accounts: [],
      address: null,
      signer: null,
      metadata: null,
      pairs: new Map(),
    });
    remember(null, null);
  },
  async restore() {
    const remembered = readRemembered();
    if (!remembered || get().status !== 'idle') return;
    set({ address: remembered.address });
    await get().connect(remembered.wallet);
  },
}));

function readRemembered(): WalletChoice | null {
  return parseWalletChoice(safeStorage.get(WALLET_KEY));
}
