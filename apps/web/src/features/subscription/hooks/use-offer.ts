import { minimalBid } from '@robonomics-dapp/robonomics/chain/queries/minimal-bid';
import { subscribeAuctionQueue } from '@robonomics-dapp/robonomics/chain/subscriptions/auction-queue';
import { useChain } from '../../../lib/chain-store.ts';
import { useChainSubscription } from '../../../lib/use-chain-subscription.ts';

/**
 * The subscription offer: price (minimal bid + 1 planck) and how many auctions are open. Until
 * the client is ready, both come from the first reads (docs/first-data.md); the client's live
 * values replace them.
 */
export function useOffer() {
  const client = useChain((s) => s.client);
  const first = useChain((s) => s.firstData);
  // Followed so that a runtime upgrade (a new MinimalBid) shows without a reload.
  const specVersion = useChain((s) => s.specVersion);
  const queue = useChainSubscription<number[]>('auction-queue', subscribeAuctionQueue).value;
  const minimal = client && specVersion !== null ? minimalBid(client) : first?.minimalBid;
  return {
    /** The chain constants are read: the "chain info loaded" flag. */
    loaded: client !== null,
    minimalBid: minimal,
    price: minimal === undefined ? undefined : minimal + 1n,
    available: (queue ?? first?.auctionQueue)?.length,
  };
}
