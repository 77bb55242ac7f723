import { readAccount } from '../pallets/balances.ts';
import { DispatchFailure, type ExecContext, type Origin } from '../runtime/context.ts';
import type { Runtime } from '../runtime/runtime.ts';
import type { SignedTx } from './extrinsic.ts';
import { dispatchInfo, refundsFee, settleFee, transactionFee, withdrawFee } from './fees.ts';

/**
 * Applies a signed transaction as extrinsic `index` of the block `ctx` builds: nonce and fee
 * outside the dispatch layer, then the dispatch in a layer of its own (rolled back when it
 * fails), then the fee settled and System.ExtrinsicSuccess or ExtrinsicFailed. `invalid`: it
 * could not be applied at all (a stale nonce, a fee the account cannot pay) and leaves no trace.
 */
export function applyExtrinsic(
  runtime: Runtime,
  ctx: ExecContext,
  tx: SignedTx,
  index: number,
): 'ok' | 'failed' | 'invalid' {
  ctx.phase = { ApplyExtrinsic: index };
  const account = readAccount(ctx, tx.signer);
  if (tx.nonce !== account.nonce) return 'invalid';
  const fee = transactionFee(runtime, tx);
  try {
    withdrawFee(ctx, runtime, tx, account, fee);
  } catch {
    return 'invalid';
  }
  const origin: Origin = { kind: 'signed', who: tx.signer };
  let error: unknown = null;
  try {
    ctx.state.transactional(() => runtime.logic.dispatch(ctx, tx.call, origin));
  } catch (e) {
    if (!(e instanceof DispatchFailure)) {
      // A bug in a pallet must not stop the chain: report it as an Other error.
      console.error(`devnet: ${tx.call.section}.${tx.call.method} crashed:`, e);
      error = 'Other';
    } else error = e.error;
  }
  const refunded = refundsFee(runtime, tx, error === null);
  settleFee(ctx, runtime, tx, fee, refunded);
  const info = {
    ...dispatchInfo(runtime, tx.call, 'Normal'),
    ...(refunded ? { paysFee: 'No' } : {}),
  };
  if (error === null) {
    ctx.deposit('System', 'ExtrinsicSuccess', { dispatchInfo: info });
    return 'ok';
  }
  ctx.deposit('System', 'ExtrinsicFailed', { dispatchError: error, dispatchInfo: info });
  return 'failed';
}
