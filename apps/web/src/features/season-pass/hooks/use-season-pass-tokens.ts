import { useCallback, useEffect, useRef, useState } from 'react';
import { appConfig } from '../../../app/config.ts';
import type { Eip1193Provider } from '../../../lib/ethereum/eip1193.ts';
import type { SeasonPassToken } from '../season-pass-reader.ts';
import { type SeasonPassStatus, type TokenStatus, tokensStatus } from '../season-pass-status.ts';

const loadReader = () => import('../season-pass-reader.ts');
const contract = appConfig.seasonPassAddress;

export interface TokenView extends SeasonPassToken {
  status: TokenStatus;
  message: string | null;
}

/**
 * The connected account's season passes: read once the wallet is ready, and again on each new
 * block when the balance changed (SPEC §4). Activation waits for the receipt before reloading.
 */
export function useSeasonPassTokens(
  provider: Eip1193Provider | null,
  account: `0x${string}` | null,
  ready: boolean,
  block: bigint | null,
) {
  const [status, setStatus] = useState<SeasonPassStatus>('START');
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const balance = useRef<bigint | null>(null);

  const load = useCallback(async () => {
    if (!provider || !account) return;
    setStatus((s) => (s === 'TOKENS_FOUND' ? s : 'NFT_STARTED_GETTING'));
    try {
      const reader = await loadReader();
      const result = await reader.readTokens(provider, contract, account, appConfig.ipfsGateway);
      balance.current = result.balance;
      setTokens((previous) =>
        result.tokens.map((t) => {
          const old = previous.find((p) => p.tokenId === t.tokenId);
          return { ...t, status: old?.status ?? 'INIT', message: old?.message ?? null };
        }),
      );
      setStatus(tokensStatus(result.balance, result.tokens.length));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setStatus('TOKENS_NOT_FOUND');
    }
  }, [provider, account]);

  useEffect(() => {
    balance.current = null;
    setTokens([]);
    if (ready && account) void load();
    else setStatus('START');
  }, [ready, account, load]);

  // On each block, re-read only the balance; reload the tokens when it changed.
  useEffect(() => {
    if (!ready || !provider || !account || block === null || balance.current === null) return;
    let active = true;
    loadReader()
      .then((reader) => reader.readBalance(provider, contract, account))
      .then((next) => {
        if (active && next !== balance.current) void load();
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [block, ready, provider, account, load]);

  const activate = useCallback(
    async (tokenId: bigint) => {
      if (!provider || !account) return;
      const setTokenState = (status: TokenStatus, message: string | null) =>
        setTokens((list) =>
          list.map((t) => (t.tokenId === tokenId ? { ...t, status, message } : t)),
        );
      setTokenState('ACTIVATION_STARTED', null);
      try {
        const reader = await loadReader();
        await reader.activateToken(provider, contract, account, tokenId);
        setTokenState('ACTIVATION_ENDED', null);
        await load();
      } catch (e) {
        const rejected = (e as { rejected?: boolean }).rejected === true;
        setTokenState(
          rejected ? 'ACTIVATION_REJECTED' : 'ACTIVATION_NOT_SUCCESSFULL',
          e instanceof Error ? e.message : String(e),
        );
      }
    },
    [provider, account, load],
  );

  return { status, tokens, error, activate, reload: load };
}
