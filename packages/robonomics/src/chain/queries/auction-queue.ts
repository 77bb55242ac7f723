import type { RobonomicsClient } from '../client.ts';

/** Indexes of the auctions still open (RWS.AuctionQueue); its length is "available subscriptions". */
export function fetchAuctionQueue(client: RobonomicsClient): Promise<number[]> {
  return client.query.rws.auctionQueue();
}
