import type { Call } from '@polkadot/types/interfaces';
import { type Account, credit, debit, writeAccount } from '../pallets/balances.ts';
import type { ExecContext } from '../runtime/context.ts';
import type { Runtime } from '../runtime/runtime.ts';
import type { SignedTx } from './extrinsic.ts';

/** What a transaction pays at submission: the inclusion fee (if its call pays) plus its tip. */
export function transactionFee(runtime: Runtime, tx: Pick<SignedTx, 'call' | 'length' | 'tip'>) {
  const { logic } = runtime;
  return (logic.paysFee(tx.call) ? logic.inclusionFee(tx.call, tx.length).total : 0n) + tx.tip;
}

/** The DispatchInfo of System.ExtrinsicSuccess and ExtrinsicFailed. */
export function dispatchInfo(
  runtime: Runtime,
  call: Call,
  dispatchClass: 'Normal' | 'Mandatory',
  weight = runtime.logic.callWeight(call),
) {
  return {
    weight: runtime.weight(weight),
    class: dispatchClass,
    paysFee: runtime.logic.paysFee(call) ? 'Yes' : 'No',
  };
}

/** Whether paying a fee deposits Balances.Withdraw and Deposit (not on Crust). */
const feeEvents = (runtime: Runtime) => runtime.logic.feeEvents ?? true;

/**
 * Before dispatch, in one layer: the signer's nonce moves on and `fee` is taken
 * (Balances.Withdraw). Throws, with nothing changed, when the account cannot pay.
 */
export function withdrawFee(
  ctx: ExecContext,
  runtime: Runtime,
  tx: SignedTx,
  account: Account,
  fee: bigint,
): void {
  ctx.state.transactional(() => {
    account.nonce += 1;
    writeAccount(ctx, tx.signer, account);
    if (fee > 0n) {
      debit(ctx, tx.signer, fee, true);
      if (feeEvents(runtime)) ctx.deposit('Balances', 'Withdraw', { who: tx.signer, amount: fee });
    }
  });
}

/**
 * Whether a transaction gets its fee back, tip excepted: its call succeeded and turned out not to
 * pay (Pays::No after dispatch, as `sudo.sudo` by the sudo key).
 */
export function refundsFee(runtime: Runtime, tx: SignedTx, succeeded: boolean): boolean {
  return succeeded && (runtime.logic.refundsFee?.(tx.call) ?? false);
}

/**
 * After dispatch: the refund when `refunded`, the rest to the fee destination, and
 * TransactionFeePaid saying what was paid.
 */
export function settleFee(
  ctx: ExecContext,
  runtime: Runtime,
  tx: SignedTx,
  fee: bigint,
  refunded: boolean,
): void {
  const events = feeEvents(runtime);
  const refund = refunded ? fee - tx.tip : 0n;
  if (refund > 0n) {
    credit(ctx, tx.signer, refund);
    if (events) ctx.deposit('Balances', 'Deposit', { who: tx.signer, amount: refund });
  }
  if (fee - refund > 0n) {
    const pot = runtime.logic.feeDestination;
    credit(ctx, pot, fee - refund);
    if (events) ctx.deposit('Balances', 'Deposit', { who: pot, amount: fee - refund });
  }
  if (runtime.hasEvent('TransactionPayment', 'TransactionFeePaid')) {
    ctx.deposit('TransactionPayment', 'TransactionFeePaid', {
      who: tx.signer,
      actualFee: fee - refund,
      tip: tx.tip,
    });
  }
}
