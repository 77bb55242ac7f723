import {
  TxCancelledError,
  TxNotIncludedError,
} from '@robonomics-dapp/robonomics/chain/model/errors';
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTxStatus, type TxEvent, type TxStatus } from './tx-status.ts';

export interface TxOutcome {
  kind: 'success' | 'error' | 'cancel';
  text: string;
}

/** What an action gets: call `signed()` once the user has signed and the wait begins. */
export type TxAction = (signed: () => void) => Promise<string | undefined>;

/**
 * Runs a transaction action through the button states, keeping the outcome to show. The state
 * belongs to `owner` (the account and network it is for): when that changes, the button starts
 * afresh, so no account is shown another's outcome or reason (docs/transactions.md).
 */
export function useTx(cancelText = 'The transaction was cancelled.', owner?: string | null) {
  const [status, setStatus] = useState<TxStatus>('NEW');
  const [outcome, setOutcome] = useState<TxOutcome | null>(null);
  const statusRef = useRef<TxStatus>('NEW');
  const dispatch = useCallback((event: TxEvent) => {
    statusRef.current = nextTxStatus(statusRef.current, event);
    setStatus(statusRef.current);
  }, []);

  const run = useCallback(
    async (action: TxAction) => {
      if (statusRef.current === 'PRE_PROCESS' || statusRef.current === 'WAIT_TX') return;
      dispatch({ type: 'start' });
      setOutcome(null);
      try {
        const text = await action(() => dispatch({ type: 'signed' }));
        dispatch({ type: 'done' });
        setOutcome(text ? { kind: 'success', text } : null);
      } catch (error) {
        if (error instanceof TxCancelledError) {
          dispatch({ type: 'cancelled' });
          setOutcome({ kind: 'cancel', text: cancelText });
        } else if (error instanceof TxNotIncludedError) {
          // Nothing happened and nothing was spent: the button is back, with why.
          dispatch({ type: 'cancelled' });
          setOutcome({ kind: 'cancel', text: error.message });
        } else {
          dispatch({ type: 'failed' });
          setOutcome({ kind: 'error', text: error instanceof Error ? error.message : 'Error' });
        }
      }
    },
    [dispatch, cancelText],
  );

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    setOutcome(null);
  }, [dispatch]);

  // Another account or network: what this one did is not shown for it. A run still going on keeps
  // its state (its own end is followed and recorded for its account).
  const shownFor = useRef(owner);
  useEffect(() => {
    if (shownFor.current === owner) return;
    shownFor.current = owner;
    if (statusRef.current !== 'PRE_PROCESS' && statusRef.current !== 'WAIT_TX') reset();
  }, [owner, reset]);

  return { status, outcome, run, reset, busy: status === 'PRE_PROCESS' || status === 'WAIT_TX' };
}
