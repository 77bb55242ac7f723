/** What must be true before a bid is sent, in the order and with the texts of docs/product-rules.md. */
export interface BuyFacts {
  ready: boolean;
  /** Transferable balance in planck; undefined when unknown. */
  balance?: bigint;
  minimalBid?: bigint;
  hasFreeAuction?: boolean;
  subscriptionActive?: boolean;
}

/** A buy needs the bid (minimal bid + 1) plus 0.01 XRT for fees (docs/product-rules.md). */
export const BUY_FEE_RESERVE = 10_000_000n;

/** The first refusal that applies, or null when the buy may go ahead. */
export function buyRefusal(facts: BuyFacts): string | null {
  if (!facts.ready) return 'Parachain is not ready';
  if (
    facts.balance === undefined ||
    facts.minimalBid === undefined ||
    facts.balance < facts.minimalBid + 1n + BUY_FEE_RESERVE
  ) {
    return 'Subscription can not be activated due to unsuffcicient XRT balance';
  }
  if (!facts.hasFreeAuction) return 'There are no available subscriptions';
  if (facts.subscriptionActive) return 'You have an active subscription';
  return null;
}
