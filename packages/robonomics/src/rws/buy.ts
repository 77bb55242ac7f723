import { notReadyText } from '../chain/model/errors.ts';

/** What must be true before a bid is sent, in the order and with the texts of docs/product-rules.md. */
export interface BuyFacts {
  ready: boolean;
  /** Why the parachain cannot be used, in the user's words, when it cannot. */
  notReadyReason?: string;
  /** Transferable balance in planck; undefined when unknown. */
  balance?: bigint;
  minimalBid?: bigint;
  hasFreeAuction?: boolean;
  subscriptionActive?: boolean;
}

/** A buy needs the bid (minimal bid + 1) plus 0.01 XRT for fees (docs/product-rules.md). */
export const BUY_FEE_RESERVE = 10_000_000n;

/** What a purchase costs before the fees are known: the bid (minimal bid + 1) and the reserve. */
export function purchaseNeeds(minimalBid: bigint): { bid: bigint; required: bigint } {
  const bid = minimalBid + 1n;
  return { bid, required: bid + BUY_FEE_RESERVE };
}

/** How much XRT is missing for a purchase (0 when the balance suffices). */
export function purchaseShortfall(balance: bigint, minimalBid: bigint): bigint {
  const { required } = purchaseNeeds(minimalBid);
  return balance >= required ? 0n : required - balance;
}

/** The first refusal that applies, or null when the buy may go ahead. */
export function buyRefusal(facts: BuyFacts): string | null {
  if (!facts.ready) return notReadyText(facts.notReadyReason);
  if (
    facts.balance === undefined ||
    facts.minimalBid === undefined ||
    facts.balance < purchaseNeeds(facts.minimalBid).required
  ) {
    // The original app's words, 'unsuffcicient' (sic) kept on purpose.
    return 'Subscription can not be activated due to unsuffcicient XRT balance';
  }
  if (!facts.hasFreeAuction) return 'There are no available subscriptions';
  if (facts.subscriptionActive) return 'You have an active subscription';
  return null;
}
