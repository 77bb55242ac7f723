import { useCallback, useEffect, useState } from 'react';
import { appConfig } from '../../../app/config.ts';
import type { Eip1193Provider } from '../../../lib/ethereum/eip1193.ts';
import {
  ALREADY_RECEIVED,
  checkFreeMinimum,
  FreeMinimumState,
  freeMinimumMessage,
  ORACLE_CHECK_INTERVAL_MS,
  requestFreeMinimum,
} from '../nft-oracle.ts';

/**
 * The free-minimum request of one token: /api/check now and every 10 s until the oracle says it
 * was already received; the request signs {nft, address, for} and posts it to /api/verify.
 */
export function useFreeMinimum(
  provider: Eip1193Provider | null,
  account: `0x${string}` | null,
  tokenId: bigint,
  target: string | null,
) {
  const [state, setState] = useState<FreeMinimumState>(FreeMinimumState.idle);
  const [available, setAvailable] = useState(false);
  const [received, setReceived] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const nft = Number(tokenId);

  useEffect(() => {
    if (!account) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const answer = await checkFreeMinimum(
          appConfig.nftOracleUrl,
          nft,
          account,
          controller.signal,
        );
        if (answer.ok) {
          setAvailable(true);
          setMessage(null);
        } else {
          setAvailable(false);
          setMessage(answer.error);
          if (answer.error === ALREADY_RECEIVED) {
            setReceived(true);
            return; // Polling stops for good.
          }
        }
      } catch {
        return; // Aborted: the page was left.
      }
      timer = setTimeout(check, ORACLE_CHECK_INTERVAL_MS);
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [account, nft]);

  const request = useCallback(async () => {
    if (!provider || !account || !target) return;
    setState(FreeMinimumState.sending);
    setMessage(null);
    try {
      const reader = await import('../season-pass-reader.ts');
      const signature = await reader.signText(
        provider,
        account,
        freeMinimumMessage(nft, account, target),
      );
      const answer = await requestFreeMinimum(appConfig.nftOracleUrl, {
        signature,
        nft,
        address: account,
        for: target,
      });
      if (answer.ok) {
        setState(FreeMinimumState.sent);
        setMessage('Request sent: the free subscription is on its way to your account.');
      } else {
        setState(FreeMinimumState.failed);
        setMessage(answer.error);
      }
    } catch (error) {
      setState(FreeMinimumState.failed);
      setMessage(error instanceof Error ? error.message : String(error));
    }
  }, [provider, account, target, nft]);

  return { state, available, received, message, request };
}
