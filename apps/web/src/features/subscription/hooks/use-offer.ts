import { purchaseNeeds } from '@robonomics-dapp/robonomics/rws/buy';
import { useChain } from '../../../lib/stores/chain-store.ts';

/**
 * The subscription offer: price (minimal bid + 1 planck) and how many auctions are open, as the
 * chain connection holds them (from the first reads, then from the client: docs/first-data.md).
 */
export function useOffer() {
  const { minimalBid, auctionQueue } = useChain((s) => s.offer);
  /** The chain client runs: the "chain info loaded" flag. */
  const loaded = useChain((s) => s.client !== null);
  return {
    loaded,
    minimalBid,
    price: minimalBid === undefined ? undefined : purchaseNeeds(minimalBid).bid,
    available: auctionQueue?.length,
  };
}
