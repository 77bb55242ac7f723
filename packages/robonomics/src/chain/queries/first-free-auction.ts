import type { RobonomicsClient } from '../model/client-type.ts';

/**
 * The first queued auction nobody has bid on, or null. Auctions with a winner stay queued until
 * the next rotation, so the queue length alone overstates what can be bought.
 */
export async function fetchFirstFreeAuction(client: RobonomicsClient): Promise<number | null> {
  const queue = await client.query.rws.auctionQueue();
  if (queue.length === 0) return null;
  // One batched storage query for every auction instead of a round trip each.
  const auctions = await client.query.rws.auction.multi(queue);
  const index = auctions.findIndex((auction) => auction !== undefined && !auction.winner);
  return index === -1 ? null : (queue[index] ?? null);
}
