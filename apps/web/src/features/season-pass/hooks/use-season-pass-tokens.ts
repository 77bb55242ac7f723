import { useCallback, useEffect, useRef, useState } from 'react';
import { gatewaySelector, readIpfsText } from '../../../lib/files/ipfs-gateways.ts';
import { appConfig } from '../../../lib/shell/config.ts';
import type { Eip1193Provider } from '../ethereum/eip1193.ts';
import type { IpfsAccess, SeasonPassToken, TokenMetadata } from '../season-pass-reader.ts';
import * as reader from '../season-pass-reader.ts';
import { type SeasonPassStatus, type TokenStatus, tokensStatus } from '../season-pass-status.ts';

/** NFT metadata and images go through the app's gateway choice (docs/ipfs-gateways.md). */
const appIpfs: IpfsAccess = {
  readText: (path) => readIpfsText(path),
  gateway: async () => gatewaySelector.preferred() ?? '',
};

export interface TokenView extends SeasonPassToken {
  status: TokenStatus;
  message: string | null;
}

/**
 * The connected account's season passes, read once the wallet is ready and refreshed on each
 * new block (docs/product-rules.md): the balance and every activation flag are re-read; a changed balance
 * reloads the list. Activation waits for the receipt, then reloads.
 */
export function useSeasonPassTokens(
  provider: Eip1193Provider | null,
  account: `0x${string}` | null,
  ready: boolean,
  block: bigint | null,
  contract: `0x${string}` = appConfig.seasonPassAddress,
  ipfs: IpfsAccess = appIpfs,
) {
  const [status, setStatus] = useState<SeasonPassStatus>('START');
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const metadata = useRef(new Map<string, Promise<TokenMetadata>>());
  // Results of a read started for an earlier account, or overtaken by a later read, are dropped.
  const owner = useRef<string | null>(null);
  const started = useRef(0);
  const applied = useRef(0);
  const tokensRef = useRef<TokenView[]>([]);
  const balanceRef = useRef<bigint | null>(null);
  tokensRef.current = tokens;
  balanceRef.current = balance;

  /** Reads the whole list; `quiet` keeps what is on screen until the answer arrives. */
  const load = useCallback(
    async (quiet = false) => {
      if (!provider || !account) return;
      const seq = ++started.current;
      if (!quiet) setStatus((s) => (s === 'TOKENS_FOUND' ? s : 'NFT_STARTED_GETTING'));
      try {
        const result = await reader.readTokens(provider, contract, account, ipfs, metadata.current);
        if (owner.current !== account || seq < applied.current) return;
        applied.current = seq;
        setBalance(result.balance);
        setTokens((previous) =>
          result.tokens.map((t) => {
            const old = previous.find((p) => p.tokenId === t.tokenId);
            return { ...t, status: old?.status ?? 'INIT', message: old?.message ?? null };
          }),
        );
        setStatus(tokensStatus(result.balance, result.tokens.length));
        // Passes whose metadata could not be read (too large, unreachable) are named, not hidden.
        setError(result.unreadable.length ? result.unreadable.join(' ') : null);
      } catch (e) {
        if (owner.current !== account || seq < applied.current) return;
        applied.current = seq;
        setError(e instanceof Error ? e.message : String(e));
        if (!quiet) setStatus('TOKENS_NOT_FOUND');
      }
    },
    [provider, account, contract, ipfs],
  );

  useEffect(() => {
    owner.current = account;
    setTokens([]);
    setBalance(null);
    setError(null);
    if (ready && account) void load();
    else setStatus('START');
  }, [ready, account, load]);

  // On each new block: the balance and the flags; the whole list when the balance changed.
  const refreshing = useRef(false);
  useEffect(() => {
    if (!ready || !provider || !account || block === null || balanceRef.current === null) return;
    if (refreshing.current) return;
    refreshing.current = true;
    const known = tokensRef.current.map((t) => t.tokenId);
    (async () => {
      const next = await reader.readBalance(provider, contract, account);
      if (owner.current !== account) return;
      if (next !== balanceRef.current) return load(true);
      const seq = started.current;
      const flags = await reader.readActivations(provider, contract, known);
      // A full read that started meanwhile knows better.
      if (owner.current !== account || started.current !== seq) return;
      setTokens((list) =>
        list.map((t) => {
          const i = known.indexOf(t.tokenId);
          const activated = i === -1 ? t.activated : flags[i]!;
          return activated === t.activated ? t : { ...t, activated };
        }),
      );
    })()
      .catch(() => {}) // The next block tries again.
      .finally(() => {
        refreshing.current = false;
      });
  }, [block, ready, provider, account, contract, load]);

  const activate = useCallback(
    async (tokenId: bigint) => {
      if (!provider || !account) return;
      const setTokenState = (status: TokenStatus, message: string | null) =>
        setTokens((list) =>
          list.map((t) => (t.tokenId === tokenId ? { ...t, status, message } : t)),
        );
      setTokenState('ACTIVATION_STARTED', null);
      try {
        await reader.activateToken(provider, contract, account, tokenId);
        // Mined: the flag read now is the contract's.
        await load(true);
        setTokenState('ACTIVATION_ENDED', null);
      } catch (e) {
        const rejected = (e as { rejected?: boolean }).rejected === true;
        setTokenState(
          rejected ? 'ACTIVATION_REJECTED' : 'ACTIVATION_NOT_SUCCESSFULL',
          e instanceof Error ? e.message : String(e),
        );
        // The refusal may come from a state the page has not seen yet (activated elsewhere).
        if (!rejected) void load(true);
      }
    },
    [provider, account, contract, load],
  );

  return { status, tokens, balance, error, activate, reload: load };
}
