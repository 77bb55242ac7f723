import { describe, expect, it } from 'vitest';
import type { SubscriptionLedger } from '../chain/model/ledger.ts';
import {
  checkCallWeight,
  DAY_MS,
  daysLeft,
  estimateFreeWeight,
  expiryOf,
  isSubscriptionActive,
} from './subscription.ts';

const issue = 1_700_000_000_000;
const daily = (days: number, extra: Partial<SubscriptionLedger> = {}): SubscriptionLedger => ({
  freeWeight: 0n,
  issueTime: BigInt(issue),
  lastUpdate: BigInt(issue),
  kind: { type: 'Daily', days },
  ...extra,
});
const lifetime: SubscriptionLedger = { ...daily(0), kind: { type: 'Lifetime', tps: 1_000_000 } };

describe('subscription state', () => {
  it('is active until issueTime + days, inclusive', () => {
    expect(isSubscriptionActive(daily(30), issue + 30 * DAY_MS)).toBe(true);
    expect(isSubscriptionActive(daily(30), issue + 30 * DAY_MS + 1)).toBe(false);
    expect(isSubscriptionActive(null, issue)).toBe(false);
  });

  it('treats Lifetime as active with no expiry (airalab/robonomics.app did not)', () => {
    expect(expiryOf(lifetime)).toBeNull();
    expect(isSubscriptionActive(lifetime, issue + 10_000 * DAY_MS)).toBe(true);
    expect(daysLeft(lifetime, issue)).toBeNull();
  });

  it('counts whole days left', () => {
    expect(daysLeft(daily(30), issue + DAY_MS / 2)).toBe(29);
    expect(daysLeft(daily(1), issue + 2 * DAY_MS)).toBe(-1);
  });
});

describe('estimateFreeWeight', () => {
  const rcw = 70_952_000n;
  it('is -1 without a ledger', () => {
    expect(estimateFreeWeight(null, rcw, issue)).toBe(-1n);
  });

  it('accrues at 10000 for an unexpired Daily, as the chain computes it', () => {
    // 400 s at 0.01 TPS: 70,952,000 * 10,000 * 400,000 / 1e9 = 283,808,000.
    expect(estimateFreeWeight(daily(30), rcw, issue + 400_000)).toBe(283_808_000n);
  });

  it('accrues at tps for Lifetime and not at all after a Daily expired', () => {
    expect(estimateFreeWeight(lifetime, rcw, issue + 1000)).toBe(
      (rcw * 1_000_000n * 1000n) / 1_000_000_000n,
    );
    const expired = daily(1, { freeWeight: 5n });
    expect(estimateFreeWeight(expired, rcw, issue + 2 * DAY_MS)).toBe(5n);
  });
});

describe('checkCallWeight', () => {
  it('uses the text of docs/product-rules.md', () => {
    expect(checkCallWeight(10n, 10n)).toBeNull();
    expect(checkCallWeight(260_430_000n, 5n)).toBe(
      'The origin account have no enough free weight to process these call. Call weight 260430000, Free weight 5',
    );
  });
});
