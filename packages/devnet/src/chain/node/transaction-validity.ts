import { readAccount } from '../pallets/balances.ts';
import type { ExecContext } from '../runtime/context.ts';
import type { Runtime } from '../runtime/runtime.ts';
import {
  decodeExtrinsic,
  invalid,
  type SignedTx,
  type SigningContext,
  verifyExtrinsic,
} from './extrinsic.ts';
import { transactionFee } from './fees.ts';

/** Refuses a transaction longer than a block can hold, before it is even hashed. */
export function refuseOversized(runtime: Runtime, hex: string): void {
  if ((hex.length - 2) / 2 > runtime.blockLimits.normalLength + 5) {
    throw invalid('Transaction would exhaust the block limits');
  }
}

/**
 * Checks a transaction as the runtime's TaggedTransactionQueue would, against the best block
 * (`best`, a context over its state): it decodes within bounds, its era and signature verify
 * (`signing`), its nonce is not behind the account's, the account exists (CheckNonce: even a call
 * that pays no fee, as rws.call, needs one) and can pay the fee. Answers the transaction and the
 * account's nonce; throws PoolError as submission answers.
 */
export function checkTransaction(
  runtime: Runtime,
  signing: SigningContext,
  best: ExecContext,
  hex: string,
): { tx: SignedTx; accountNonce: number } {
  const tx = verifyExtrinsic(runtime, decodeExtrinsic(runtime, hex), signing);
  const account = readAccount(best, tx.signer);
  if (tx.nonce < account.nonce) throw invalid('Transaction is outdated');
  if (account.providers === 0 && account.sufficients === 0) {
    throw invalid('Inability to pay some fees (e.g. account balance too low)');
  }
  const fee = transactionFee(runtime, tx);
  if (
    fee > 0n &&
    account.free - account.frozen < fee + (account.providers > 0 ? runtime.existentialDeposit : 0n)
  ) {
    throw invalid('Inability to pay some fees (e.g. account balance too low)');
  }
  return { tx, accountNonce: account.nonce };
}

/** Whether a pooled transaction still decodes and verifies (after a runtime upgrade, say). */
export function stillVerifies(runtime: Runtime, signing: SigningContext, hex: string): boolean {
  try {
    verifyExtrinsic(runtime, decodeExtrinsic(runtime, hex), signing);
    return true;
  } catch {
    return false;
  }
}
