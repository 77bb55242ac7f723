import type { RobonomicsClient } from '../model/client-type.ts';

/** Follows one RWS auction's winner (SS58-32), null while nobody has bid. */
export function subscribeAuctionWinner(
  client: RobonomicsClient,
  index: number,
  onWinner: (winner: string | null) => void,
): Promise<() => Promise<void>> {
  return client.query.rws.auction(index, (auction) =>
    onWinner(auction?.winner ? auction.winner.address(32) : null),
  );
}
