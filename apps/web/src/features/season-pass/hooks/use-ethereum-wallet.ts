import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { safeStorage } from '../../../lib/storage/safe-storage.ts';
import {
  discoverWallets,
  type Eip1193Provider,
  errorCode,
  UNRECOGNIZED_CHAIN,
  type WalletDetail,
} from '../ethereum/eip1193.ts';
import { SEASON_PASS_CHAIN_ID } from '../ethereum/season-pass-contract.ts';

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

const toList = (accounts: unknown) =>
  Array.isArray(accounts) ? accounts.filter((a): a is `0x${string}` => typeof a === 'string') : [];

interface Accounts {
  account: `0x${string}` | null;
  /** The site holds the eth_accounts permission. */
  permitted: boolean;
}

/** No account: is the site not allowed (wallet_getPermissions), or has the wallet none? */
async function readAccounts(provider: Eip1193Provider, accounts: unknown): Promise<Accounts> {
  const list = toList(accounts);
  let permitted = list.length > 0;
  if (!permitted) {
    const permissions = await provider.request({ method: 'wallet_getPermissions' }).catch(() => []);
    permitted =
      Array.isArray(permissions) &&
      permissions.some(
        (p) => (p as { parentCapability?: unknown })?.parentCapability === 'eth_accounts',
      );
  }
  return { account: list[0] ?? null, permitted };
}

const once = { retry: false, refetchOnWindowFocus: false };
let mounts = 0;

export function useEthereumWallet() {
  const [wallets, setWallets] = useState<{ wallets: WalletDetail[]; wallet: WalletDetail | null }>({
    wallets: [],
    wallet: null,
  });
  const [connecting, setConnecting] = useState(false);
  const wallet = wallets.wallet;
  const provider: Eip1193Provider | null = wallet?.provider ?? null;
  const rdns = wallet?.info.rdns ?? null;
  const queryClient = useQueryClient();
  const accountsKey = useMemo(() => ['eth-accounts', rdns], [rdns]);
  const chainKey = useMemo(() => ['eth-chain', rdns], [rdns]);

  useEffect(
    () =>
      discoverWallets((found) =>
        setWallets((s) => {
          const chosen = safeStorage.get(CHOSEN_WALLET_KEY);
          const next =
            found.find((w) => w.info.rdns === s.wallet?.info.rdns) ??
            found.find((w) => w.info.rdns === chosen) ??
            (found.length === 1 ? found[0]! : null);
          return { wallets: found, wallet: next };
        }),
      ),
    [],
  );

  // The chosen wallet's accounts and network (eth_accounts does not prompt: a site the user
  // already allowed gets its account at once), then what the wallet reports, and new blocks.
  const accounts = useQuery({
    queryKey: accountsKey,
    enabled: provider !== null,
    queryFn: () =>
      provider!
        .request({ method: 'eth_accounts' })
        .catch(() => [])
        .then((list) => readAccounts(provider!, list)),
    ...once,
  });
  const chain = useQuery({
    queryKey: chainKey,
    enabled: provider !== null,
    queryFn: () => provider!.request({ method: 'eth_chainId' }).then(parseChainId, () => null),
    ...once,
  });
  // Polled every 4 s from this page's mount, the first answer after 4 s: a page that opens
  // shows no block it did not poll itself.
  const [mount] = useState(() => ++mounts);
  const block = useQuery({
    queryKey: ['eth-block', rdns, mount],
    enabled: provider !== null,
    queryFn: async () => {
      const n = await provider!.request({ method: 'eth_blockNumber' });
      return typeof n === 'string' ? BigInt(n) : null;
    },
    initialData: null,
    staleTime: BLOCK_POLL_MS,
    refetchInterval: BLOCK_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!provider) return;
    // An answer the wallet reports replaces any question still under way.
    const onAccounts = (list: unknown) => {
      void queryClient.cancelQueries({ queryKey: accountsKey });
      void queryClient.fetchQuery({
        queryKey: accountsKey,
        queryFn: () => readAccounts(provider, list),
        staleTime: 0,
      });
    };
    const onChain = (chainId: unknown) => queryClient.setQueryData(chainKey, parseChainId(chainId));
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);
    return () => {
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
    };
  }, [provider, queryClient, accountsKey, chainKey]);

  const networkId = chain.data ?? null;
  const error =
    chain.data === undefined || networkId === SEASON_PASS_CHAIN_ID
      ? null
      : `Please, switch to network id ${SEASON_PASS_CHAIN_ID}`;
  const state: EthereumWalletState = {
    wallets: wallets.wallets,
    wallet,
    isReady: chain.data !== undefined && error === null,
    error,
    account: accounts.data?.account ?? null,
    networkId,
    block: block.data ?? null,
    permissionDenied: accounts.data ? !accounts.data.permitted : false,
    checking: provider !== null && accounts.isPending,
    connecting,
  };

  const choose = useCallback((chosen: string) => {
    safeStorage.set(CHOSEN_WALLET_KEY, chosen);
    setWallets((s) => ({ ...s, wallet: s.wallets.find((w) => w.info.rdns === chosen) ?? null }));
  }, []);

  /** Asks the wallet for its accounts (the user may refuse). */
  const connect = useCallback(async () => {
    if (!provider) return;
    setConnecting(true);
    try {
      const answer = await provider.request({ method: 'eth_requestAccounts' });
      const first = Array.isArray(answer) ? answer[0] : undefined;
      await queryClient.cancelQueries({ queryKey: accountsKey });
      queryClient.setQueryData<Accounts>(accountsKey, {
        account: typeof first === 'string' ? (first as `0x${string}`) : null,
        permitted: true,
      });
    } catch {
      // Refused (4001) or blocked by the wallet's site permissions: both mean no access.
      queryClient.setQueryData<Accounts>(accountsKey, (a) => ({
        account: a?.account ?? null,
        permitted: false,
      }));
    } finally {
      setConnecting(false);
    }
  }, [provider, queryClient, accountsKey]);

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
