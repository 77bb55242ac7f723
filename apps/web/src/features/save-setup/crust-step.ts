/** What the "Save to crust" panel offers for an uploaded file (docs/product-rules.md, Storage market). */
export type CrustStep = 'stored' | 'store' | 'low-balance';

/**
 * A file with an order is saved; otherwise it can be stored only when the balance is greater
 * than the price and the transaction fee on top (see docs/crust.md), else the panel says
 * 'low balance'.
 */
export function crustStep(stored: boolean, balance: bigint, price: bigint, fee = 0n): CrustStep {
  if (stored) return 'stored';
  return balance > price + fee ? 'store' : 'low-balance';
}
