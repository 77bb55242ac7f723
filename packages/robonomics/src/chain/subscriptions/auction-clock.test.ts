import { describe, expect, it } from 'vitest';
import { auctionCloseTime, nextAuctionClose } from './auction-clock.ts';

describe('the auctions close', () => {
  it('at the next multiple of AuctionDuration after the newest block', () => {
    expect(nextAuctionClose(0, 10)).toBe(10);
    expect(nextAuctionClose(9, 10)).toBe(10);
    expect(nextAuctionClose(10, 10)).toBe(20);
    expect(nextAuctionClose(41, 3)).toBe(42);
  });

  it('after the blocks left at the measured block time', () => {
    expect(auctionCloseTime({ best: 12, closesAt: 20, bestTime: 1_000, blockTimeMs: 6_000 })).toBe(
      49_000,
    );
  });
});
