import type { Submittable } from '../model/transaction.ts';

export interface PaymentInfo {
  /** What the signer pays, in planck, before any tip. */
  fee: bigint;
  /** The call's reference-time weight: what rws.call charges to a subscription. */
  weight: bigint;
}

/** TransactionPaymentApi_query_info for a transaction as `from` would sign it. */
export async function fetchPaymentInfo(tx: Submittable, from: string): Promise<PaymentInfo> {
  const info = await tx.paymentInfo(from);
  return { fee: info.partialFee, weight: info.weight.refTime };
}
