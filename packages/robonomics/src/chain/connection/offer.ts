import type { RobonomicsClient } from '../model/client-type.ts';

/**
 * The subscription offer the dashboard shows (docs/first-data.md): RWS.MinimalBid and the open
 * auctions. Each field is undefined until it is known. The connection owns it: from the first
 * reads until the client is ready, then from the client.
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

/** Follows RWS.AuctionQueue; the callback runs with the current queue and on every change. */
export function subscribeAuctionQueue(
  client: RobonomicsClient,
  onQueue: (queue: number[]) => void,
): Promise<() => Promise<void>> {
  return client.query.rws.auctionQueue(onQueue);
}
