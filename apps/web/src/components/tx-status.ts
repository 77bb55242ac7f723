/** Transaction button states (docs/product-rules.md). */
export type TxStatus = 'NEW' | 'PRE_PROCESS' | 'WAIT_TX' | 'READY' | 'ERROR';

export type TxEvent =
  | { type: 'start' }
  | { type: 'signed' }
  | { type: 'done' }
  | { type: 'cancelled' }
  | { type: 'failed' }
  | { type: 'reset' };

/** A user rejection returns to NEW; a failure is ERROR; only a running button can finish. */
export function nextTxStatus(status: TxStatus, event: TxEvent): TxStatus {
  switch (event.type) {
    case 'start':
      return status === 'PRE_PROCESS' || status === 'WAIT_TX' ? status : 'PRE_PROCESS';
    case 'signed':
      return status === 'PRE_PROCESS' ? 'WAIT_TX' : status;
    case 'done':
      return status === 'PRE_PROCESS' || status === 'WAIT_TX' ? 'READY' : status;
    case 'cancelled':
      return status === 'PRE_PROCESS' || status === 'WAIT_TX' ? 'NEW' : status;
    case 'failed':
      return status === 'PRE_PROCESS' || status === 'WAIT_TX' ? 'ERROR' : status;
    case 'reset':
      return 'NEW';
  }
}
