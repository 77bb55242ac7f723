import { useCallback, useEffect, useRef, useState } from 'react';
import {
  discoverWallets,
  type Eip1193Provider,
  errorCode,
  UNRECOGNIZED_CHAIN,
  type WalletDetail,
} from '../../../lib/ethereum/eip1193.ts';
import { SEASON_PASS_CHAIN_ID } from '../../../lib/ethereum/season-pass-contract.ts';
import { safeStorage } from '../../../lib/safe-storage.ts';

const CHOSEN_WALLET_KEY = 'robonomics-dapp.eth-wallet';
const BLOCK_POLL_MS = 4000;

/** The Ethereum provider state (docs/product-rules.md), plus what the page needs to act. */
export interface EthereumWalletState {
  wallets: WalletDetail[];
  wallet: WalletDetail | null;
  isReady: boolean;
  error: string | null;
  account: `0x${string}` | null;
  networkId: number | null;
  block: bigint | null;
  /** The site has no eth_accounts permission (never granted, revoked or refused). */
  permissionDenied: boolean;
  /** Accounts and permission of the chosen wallet are not known yet. */
  checking: boolean;
  connecting: boolean;
}

function parseChainId(value: unknown): number | null {
  if (typeof value === 'string')
    return Number.parseInt(value, value.startsWith('0x') ? 16 : 10) || null;
  if (typeof value === 'number') return value;
  return null;
}

export function useEthereumWallet() {
  const [state, setState] = useState<EthereumWalletState>({
    wallets: [],
    wallet: null,
    isReady: false,
    error: null,
    account: null,
    networkId: null,
    block: null,
    permissionDenied: false,
    checking: false,
    connecting: false,
  });
  const provider: Eip1193Provider | null = state.wallet?.provider ?? null;
  // Account answers can overtake each other (a permission check is a second round trip):
  // only the latest question's answer is kept.
  const accountsSeq = useRef(0);

  useEffect(
    () =>
      discoverWallets((wallets) =>
        setState((s) => {
          const chosen = safeStorage.get(CHOSEN_WALLET_KEY);
          const wallet =
            wallets.find((w) => w.info.rdns === s.wallet?.info.rdns) ??
            wallets.find((w) => w.info.rdns === chosen) ??
            (wallets.length === 1 ? wallets[0]! : null);
          return { ...s, wallets, wallet };
        }),
      ),
    [],
  );

  // Follow the chosen wallet: its accounts, its network and new blocks.
  useEffect(() => {
    if (!provider) return;
    let active = true;
    const toList = (accounts: unknown) =>
      Array.isArray(accounts)
        ? accounts.filter((a): a is `0x${string}` => typeof a === 'string')
        : [];
    // No account: is the site not allowed (wallet_getPermissions), or has the wallet none?
    const readAccounts = async (accounts: unknown) => {
      const seq = ++accountsSeq.current;
      const list = toList(accounts);
      let permitted = list.length > 0;
      if (!permitted) {
        const permissions = await provider
          .request({ method: 'wallet_getPermissions' })
          .catch(() => []);
        permitted =
          Array.isArray(permissions) &&
          permissions.some(
            (p) => (p as { parentCapability?: unknown })?.parentCapability === 'eth_accounts',
          );
      }
      if (active && seq === accountsSeq.current)
        setState((s) => ({
          ...s,
          account: list[0] ?? null,
          permissionDenied: !permitted,
          checking: false,
        }));
    };
    const readChain = (chainId: unknown) => {
      const networkId = parseChainId(chainId);
      const error =
        networkId === SEASON_PASS_CHAIN_ID
          ? null
          : `Please, switch to network id ${SEASON_PASS_CHAIN_ID}`;
      if (active) setState((s) => ({ ...s, networkId, error, isReady: error === null }));
    };
    // eth_accounts does not prompt: a site the user already allowed gets its account at once.
    setState((s) => ({ ...s, checking: true }));
    provider.request({ method: 'eth_accounts' }).then(readAccounts, () => readAccounts([]));
    provider.request({ method: 'eth_chainId' }).then(readChain, () => readChain(null));
    provider.on?.('accountsChanged', readAccounts);
    provider.on?.('chainChanged', readChain);
    const poll = setInterval(() => {
      provider.request({ method: 'eth_blockNumber' }).then(
        (n) =>
          active &&
          typeof n === 'string' &&
          setState((s) => (s.block === BigInt(n) ? s : { ...s, block: BigInt(n) })),
        () => {},
      );
    }, BLOCK_POLL_MS);
    return () => {
      active = false;
      clearInterval(poll);
      provider.removeListener?.('accountsChanged', readAccounts);
      provider.removeListener?.('chainChanged', readChain);
    };
  }, [provider]);

  const choose = useCallback((rdns: string) => {
    safeStorage.set(CHOSEN_WALLET_KEY, rdns);
    setState((s) => ({
      ...s,
      wallet: s.wallets.find((w) => w.info.rdns === rdns) ?? null,
      account: null,
      permissionDenied: false,
      checking: true,
    }));
  }, []);

  /** Asks the wallet for its accounts (the user may refuse). */
  const connect = useCallback(async () => {
    if (!provider) return;
    const seq = ++accountsSeq.current;
    setState((s) => ({ ...s, connecting: true }));
    try {
      const accounts = await provider.request({ method: 'eth_requestAccounts' });
      const first = Array.isArray(accounts) ? accounts[0] : undefined;
      if (seq !== accountsSeq.current) return setState((s) => ({ ...s, connecting: false }));
      setState((s) => ({
        ...s,
        connecting: false,
        permissionDenied: false,
        account: typeof first === 'string' ? (first as `0x${string}`) : null,
      }));
    } catch {
      // Refused (4001) or blocked by the wallet's site permissions: both mean no access.
      setState((s) => ({ ...s, connecting: false, permissionDenied: true }));
    }
  }, [provider]);

  /** Asks the wallet to switch to Sepolia, adding it first if the wallet does not know it. */
  const switchNetwork = useCallback(async () => {
    if (!provider) return;
    const chainId = `0x${SEASON_PASS_CHAIN_ID.toString(16)}`;
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (error) {
      if (errorCode(error) !== UNRECOGNIZED_CHAIN) return;
      await provider
        .request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId,
              chainName: 'Sepolia',
              nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: ['https://rpc.sepolia.org'],
              blockExplorerUrls: ['https://sepolia.etherscan.io'],
            },
          ],
        })
        .catch(() => {});
    }
  }, [provider]);

  return { ...state, provider, choose, connect, switchNetwork };
}
