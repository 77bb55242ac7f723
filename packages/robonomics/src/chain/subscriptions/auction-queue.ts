import type { RobonomicsClient } from '../model/client-type.ts';

/** Follows RWS.AuctionQueue; the callback runs with the current queue and on every change. */
export function subscribeAuctionQueue(
  client: RobonomicsClient,
  onQueue: (queue: number[]) => void,
): Promise<() => Promise<void>> {
  return client.query.rws.auctionQueue(onQueue);
}
