import { describe, expect, it } from 'vitest';
import { mergedOffer } from './offer.ts';

describe('the offer’s merge rule', () => {
  it('takes the known fields of an update and keeps the others', () => {
    const queue = [3, 4];
    expect(mergedOffer({}, { minimalBid: 7n })).toEqual({ minimalBid: 7n });
    expect(mergedOffer({ minimalBid: 7n }, { auctionQueue: queue })).toEqual({
      minimalBid: 7n,
      auctionQueue: queue,
    });
    // An unknown field does not erase a known one.
    expect(
      mergedOffer(
        { minimalBid: 7n, auctionQueue: queue },
        { minimalBid: 8n, auctionQueue: undefined },
      ),
    ).toEqual({ minimalBid: 8n, auctionQueue: queue });
  });

  it('says nothing changed for the same values, and a new queue is a change', () => {
    const queue = [3];
    expect(mergedOffer({ minimalBid: 7n, auctionQueue: queue }, { minimalBid: 7n })).toBeNull();
    expect(mergedOffer({ auctionQueue: queue }, { auctionQueue: queue })).toBeNull();
    expect(mergedOffer({}, {})).toBeNull();
    // The subscription hands a new array on every change, even to an equal queue.
    expect(mergedOffer({ auctionQueue: queue }, { auctionQueue: [3] })).toEqual({
      auctionQueue: [3],
    });
  });
});
