import { describe, expect, it } from 'vitest';
import { buyRefusal } from './buy.ts';

const ok = {
  ready: true,
  balance: 2_000_000_000n,
  minimalBid: 1_000_000_000n,
  hasFreeAuction: true,
  subscriptionActive: false,
};

describe('buyRefusal', () => {
  it('allows a buy when every check passes', () => {
    expect(buyRefusal(ok)).toBeNull();
  });

  it('refuses in the order and words of docs/product-rules.md', () => {
    expect(buyRefusal({ ...ok, ready: false, balance: 0n, hasFreeAuction: false })).toBe(
      'Parachain is not ready',
    );
    expect(buyRefusal({ ...ok, balance: undefined, hasFreeAuction: false })).toBe(
      'Subscription can not be activated due to unsuffcicient XRT balance',
    );
    expect(buyRefusal({ ...ok, hasFreeAuction: false, subscriptionActive: true })).toBe(
      'There are no available subscriptions',
    );
    expect(buyRefusal({ ...ok, subscriptionActive: true })).toBe('You have an active subscription');
  });

  it('says why the parachain is not ready after the words, when it knows', () => {
    const reason = 'The parachain node ws://127.0.0.1:9944 cannot be reached.';
    expect(buyRefusal({ ...ok, ready: false, notReadyReason: reason })).toBe(
      `Parachain is not ready. ${reason}`,
    );
  });

  it('needs minimal bid + 1 + 10,000,000 planck, exactly', () => {
    expect(buyRefusal({ ...ok, balance: 1_010_000_001n })).toBeNull();
    expect(buyRefusal({ ...ok, balance: 1_010_000_000n })).toBe(
      'Subscription can not be activated due to unsuffcicient XRT balance',
    );
  });
});
