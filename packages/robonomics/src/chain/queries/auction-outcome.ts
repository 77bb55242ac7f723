import type { RobonomicsClient } from '../model/client-type.ts';

/**
 * Where an RWS auction stands: 'open' while it is queued (its winner so far, null without a bid),
 * 'closed' once a rotation took it out of the queue (a winner's ledger was written then), 'missing'
 * when the chain has no such auction. Auctions are never deleted, so a closed one keeps naming
 * its winner.
 */
export type AuctionOutcome =
  | { state: 'missing' }
  | { state: 'open' | 'closed'; winner: string | null };

/** Reads one auction and the queue in one go; the winner is SS58-32. */
export async function fetchAuctionOutcome(
  client: RobonomicsClient,
  index: number,
): Promise<AuctionOutcome> {
  const [auction, queue] = await Promise.all([
    client.query.rws.auction(index),
    client.query.rws.auctionQueue(),
  ]);
  if (!auction) return { state: 'missing' };
  return {
    state: queue.includes(index) ? 'open' : 'closed',
    winner: auction.winner ? auction.winner.address(32) : null,
  };
}
