/**
 * The subscription offer the dashboard shows (docs/first-data.md): RWS.MinimalBid and the open
 * auctions. Each field is undefined until it is known.
 */
export interface Offer {
  /**
   * RWS.MinimalBid (planck): before the client is ready, from this runtime's kept value, its
   * build-time snapshot or its metadata; then from the client.
   */
  minimalBid?: bigint;
  /** RWS.AuctionQueue: the open subscription auctions. */
  auctionQueue?: number[];
}

/** `current` with the known fields of `update`; null when nothing changed. */
export function mergedOffer(current: Offer, { minimalBid, auctionQueue }: Offer): Offer | null {
  const next: Offer = { ...current };
  if (minimalBid !== undefined) next.minimalBid = minimalBid;
  if (auctionQueue !== undefined) next.auctionQueue = auctionQueue;
  return next.minimalBid === current.minimalBid && next.auctionQueue === current.auctionQueue
    ? null
    : next;
}
