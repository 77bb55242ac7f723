import type { DispatchError } from 'dedot/codecs';
import type { RobonomicsClient } from './client-type.ts';

/**
 * The words when the parachain cannot be used (the original app's, kept for a purchase refused
 * before it starts); the reason, when known, follows them as a sentence of its own.
 */
export const NOT_READY_TEXT = 'Parachain is not ready';

/** "Parachain is not ready", then why: "Parachain is not ready. The parachain node … cannot be reached." */
export function notReadyText(reason?: string): string {
  return reason ? `${NOT_READY_TEXT}. ${reason}` : NOT_READY_TEXT;
}

/** The user declined to sign: reported as a cancel, never as an error (docs/product-rules.md, Transaction button). */
export class TxCancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'TxCancelledError';
  }
}

/**
 * The transaction was never included and now never can be: its window passed (docs/transactions.md).
 * Nothing happened and nothing was spent, so the action may simply be tried again.
 */
export class TxNotIncludedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TxNotIncludedError';
  }
}

/** The chain refused or failed the transaction; `message` is what the user sees. */
export class TxFailedError extends Error {
  /** "pallet.Error" for module errors, e.g. "RWS.FreeWeightIsNotEnough". */
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'TxFailedError';
    this.code = code;
  }
}

/** Wallets report a refused signature in different words; all mean the user cancelled. */
export function isUserRejection(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /cancel+ed|rejected by user|user rejected|declined/i.test(message);
}

const tokenErrors: Record<string, string> = {
  FundsUnavailable: 'The account does not have enough free balance.',
  OnlyProvider: 'The account would be removed by this transfer.',
  BelowMinimum: 'The amount is below the existential deposit of the receiving account.',
  CannotCreate: 'The receiving account cannot be created.',
  UnknownAsset: 'The asset is unknown.',
  Frozen: 'The funds are frozen.',
  Unsupported: 'This operation is not supported.',
  NotExpendable: 'The transfer would leave the account below the existential deposit.',
  Blocked: 'The account is blocked.',
};

/**
 * The text a chain failure shows: the module error's docs, else plain words for the known
 * non-module errors, else "Error" (docs/product-rules.md, Transaction button).
 */
export function describeDispatchError(
  client: RobonomicsClient,
  error: DispatchError,
): TxFailedError {
  if (error.type === 'Module') {
    const meta = client.registry.findErrorMeta(error);
    if (meta) {
      const docs = meta.docs.join(' ').trim();
      return new TxFailedError(docs || 'Error', `${meta.pallet}.${meta.name}`);
    }
    return new TxFailedError('Error');
  }
  if (error.type === 'Token') {
    const reason = typeof error.value === 'string' ? error.value : '';
    return new TxFailedError(tokenErrors[reason] ?? 'Error', `Token.${reason}`);
  }
  if (error.type === 'BadOrigin')
    return new TxFailedError('This account may not do this.', 'BadOrigin');
  return new TxFailedError('Error', error.type);
}

/**
 * Words for the pool's refusals of a submitted transaction (author_submit* RPC errors 1010-1014),
 * the commonest being a second tab of the same account sending with the same nonce.
 */
export function describeSubmitError(message: string): TxFailedError {
  if (/1014|priority is too low|already imported|temporarily banned/i.test(message)) {
    return new TxFailedError(
      'Another transaction of this account is already pending, maybe from another tab or window. Wait until it is done, then try again.',
      'Pool.AlreadyPending',
    );
  }
  if (/stale|outdated/i.test(message)) {
    return new TxFailedError(
      'The transaction was already replaced by a newer one of this account. Reload and try again.',
      'Pool.Stale',
    );
  }
  if (/payment|inability to pay/i.test(message)) {
    return new TxFailedError(
      'The account cannot pay the transaction fee. Top up the balance and try again.',
      'Pool.Payment',
    );
  }
  // JSON-RPC errors of the pool start with their code ("1010: Invalid Transaction").
  return /^\d{4}:/.test(message)
    ? new TxFailedError(`The node refused the transaction: ${message}`, 'Pool.Invalid')
    : new TxFailedError(message);
}
