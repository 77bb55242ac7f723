import { useCallback, useEffect, useState } from 'react';
import { appConfig } from '../../../lib/shell/config.ts';
import type { Eip1193Provider } from '../ethereum/eip1193.ts';
import {
  ALREADY_RECEIVED,
  checkFreeMinimum,
  FreeMinimumState,
  freeMinimumMessage,
  ORACLE_CHECK_INTERVAL_MS,
  requestFreeMinimum,
} from '../nft-oracle.ts';
import * as reader from '../season-pass-reader.ts';

/**
 * The free-minimum request of one token (docs/nft-oracle.md): /api/check now and every 10 s until the
 * oracle says it was already received; the request signs {nft, address, for} and posts it to
 * /api/verify (1 idle, 2 sending, 3 sent, 4 failed).
 */
export function useFreeMinimum(
  provider: Eip1193Provider | null,
  account: `0x${string}` | null,
  tokenId: bigint,
  target: string | null,
  oracleUrl: string = appConfig.nftOracleUrl,
) {
  const [state, setState] = useState<FreeMinimumState>(FreeMinimumState.idle);
  const [available, setAvailable] = useState(false);
  const [received, setReceived] = useState(false);
  /** Why the oracle would refuse now (its /check answer). */
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  /** What became of the user's own request. */
  const [requestMessage, setRequestMessage] = useState<string | null>(null);
  // Bumped after a request is sent, so the oracle is asked again at once.
  const [round, setRound] = useState(0);
  const nft = Number(tokenId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the checks.
  useEffect(() => {
    if (!account) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const answer = await checkFreeMinimum(oracleUrl, nft, account, controller.signal);
        if (controller.signal.aborted) return;
        setAvailable(answer.ok);
        setCheckMessage(answer.ok ? null : answer.error);
        if (!answer.ok && answer.error === ALREADY_RECEIVED) {
          setReceived(true);
          return; // Polling stops for good.
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
  }, [account, nft, round, oracleUrl]);

  const request = useCallback(async () => {
    if (!provider || !account || !target) return;
    setState(FreeMinimumState.sending);
    setRequestMessage(null);
    try {
      const signature = await reader.signText(
        provider,
        account,
        freeMinimumMessage(nft, account, target),
      );
      const answer = await requestFreeMinimum(oracleUrl, {
        signature,
        nft,
        address: account,
        for: target,
      });
      if (answer.ok) {
        setState(FreeMinimumState.sent);
        setRequestMessage('Request sent: the free subscription is on its way to your account.');
        setRound((r) => r + 1);
      } else {
        setState(FreeMinimumState.failed);
        setRequestMessage(answer.error);
      }
    } catch (error) {
      // A signature refused in the wallet is the user's choice: back to idle (docs/product-rules.md).
      const rejected = (error as { rejected?: boolean }).rejected === true;
      setState(rejected ? FreeMinimumState.idle : FreeMinimumState.failed);
      setRequestMessage(error instanceof Error ? error.message : String(error));
    }
  }, [provider, account, target, nft, oracleUrl]);

  return {
    state,
    available,
    received,
    message: requestMessage ?? checkMessage,
    request,
  };
}
