import type { TxStatus } from './tx-status.ts';
import type { TxOutcome } from './use-tx.ts';

interface TxButtonProps {
  status: TxStatus;
  outcome: TxOutcome | null;
  onClick: () => void;
  disabled?: boolean;
  labels: { idle: string; working?: string; done?: string; failed?: string };
  /** Fee of the transaction, shown before signing. */
  fee?: React.ReactNode;
  /**
   * The submit button of the form around it: Enter in a field sends the transaction too, and
   * the form's onSubmit (not onClick) starts it.
   */
  submit?: boolean;
  /**
   * Why the chain would refuse it for this account now: the button is disabled and this is said
   * beside it, before any click.
   */
  refusal?: string | null;
}

/** A transaction button with its state, fee and outcome line. */
export function TxButton({
  status,
  outcome,
  onClick,
  disabled,
  labels,
  fee,
  submit = false,
  refusal,
}: TxButtonProps) {
  const busy = status === 'PRE_PROCESS' || status === 'WAIT_TX';
  const label =
    status === 'PRE_PROCESS'
      ? (labels.working ?? 'Waiting for the signature')
      : status === 'WAIT_TX'
        ? (labels.working ?? 'Processing')
        : status === 'READY'
          ? (labels.done ?? labels.idle)
          : status === 'ERROR'
            ? (labels.failed ?? labels.idle)
            : labels.idle;
  return (
    <div className="stack-s" data-tx-status={status}>
      <button
        type={submit ? 'submit' : 'button'}
        className="button primary"
        onClick={submit ? undefined : onClick}
        disabled={disabled || busy || !!refusal}
        aria-busy={busy}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {label}
      </button>
      {fee && status === 'NEW' && <p className="small muted">{fee}</p>}
      {refusal && !busy && (
        <p className="small notice-warn" data-testid="tx-refusal">
          {refusal}
        </p>
      )}
      {/* Always there, so that screen readers announce each change of the transaction's state. */}
      {outcome && outcome.kind !== 'error' ? (
        <p className={`small ${outcome.kind === 'success' ? 'ok' : 'muted'}`} role="status">
          {outcome.text}
        </p>
      ) : (
        // The button already shows its progress; this says it to screen readers.
        <p className="visually-hidden" role="status">
          {busy ? label : ''}
        </p>
      )}
      {outcome?.kind === 'error' && (
        <p className="small error" role="alert">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
