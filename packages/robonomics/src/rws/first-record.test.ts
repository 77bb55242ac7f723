import { describe, expect, it } from 'vitest';
import type { SubscriptionLedger } from '../chain/model/ledger.ts';
import {
  type ControllerTwinFacts,
  estimateFirstRecord,
  type HomeCallWeights,
  laterReason,
  pendingHomeCalls,
} from './first-record.ts';
import { DAY_MS } from './subscription.ts';

const RCW = 70_952_000n;
/** Runtime 43's weights of the home's calls (docs/real-runtime.md). */
const WEIGHTS: HomeCallWeights = { twin: 230_851_000n, topic: 158_556_000n, record: 260_430_000n };
const issue = 1_790_000_000_000;
const fresh: SubscriptionLedger = {
  freeWeight: 0n,
  issueTime: BigInt(issue),
  lastUpdate: BigInt(issue),
  kind: { type: 'Daily', days: 30 },
};
const noTwin: ControllerTwinFacts = { twins: [], configTopic: null };
const twin7: ControllerTwinFacts = { twins: [3, 7], configTopic: null };
const topic = `0x${'ab'.repeat(32)}`;

/** The ledger after the home paid `weight` at `at` through the subscription. */
function paid(ledger: SubscriptionLedger, weight: bigint, at: number): SubscriptionLedger {
  const earned = (RCW * 10_000n * BigInt(at - Number(ledger.lastUpdate))) / 1_000_000_000n;
  return { ...ledger, freeWeight: ledger.freeWeight + earned - weight, lastUpdate: BigInt(at) };
}

describe("the home's calls before its first record", () => {
  it('are a twin when the controller owns none, its config topic, then the record', () => {
    expect(pendingHomeCalls(noTwin)).toEqual(['twin', 'topic', 'record']);
    expect(pendingHomeCalls(twin7)).toEqual(['topic', 'record']);
    expect(pendingHomeCalls({ twins: [7], configTopic: topic })).toEqual(['record']);
  });
});

describe('the estimate of the first record, from chain values', () => {
  it('reaches what a new home needs 915,883 ms after a new subscription starts', () => {
    // 649,837,000 at 709.52 a millisecond (70,952,000 x 10,000 / 1e9), rounded up.
    const estimate = estimateFirstRecord(fresh, RCW, WEIGHTS, noTwin, issue + 60_000);
    expect(estimate).toEqual({
      calls: ['twin', 'topic', 'record'],
      needed: 649_837_000n,
      earned: 42_571_200n,
      reachedAt: issue + 915_883,
    });
  });

  it('is 325 s sooner when the controller has its twin already', () => {
    const estimate = estimateFirstRecord(fresh, RCW, WEIGHTS, twin7, issue);
    expect(estimate.needed).toBe(418_986_000n);
    expect(estimate.reachedAt).toBe(issue + 590_521);
  });

  it('does not move when the home pays its twin and its topic on the way', () => {
    const before = estimateFirstRecord(fresh, RCW, WEIGHTS, noTwin, issue + 1000).reachedAt;
    // The home makes its twin at +400 s, then points its topic at +700 s.
    const afterTwin = paid(fresh, WEIGHTS.twin, issue + 400_000);
    const withTwin = { twins: [9], configTopic: null };
    expect(estimateFirstRecord(afterTwin, RCW, WEIGHTS, withTwin, issue + 401_000).reachedAt).toBe(
      before,
    );
    const afterTopic = paid(afterTwin, WEIGHTS.topic, issue + 700_000);
    const withTopic = { twins: [9], configTopic: topic };
    const estimate = estimateFirstRecord(afterTopic, RCW, WEIGHTS, withTopic, issue + 700_000);
    // The pallet rounds each accrual down: a millisecond at most.
    expect(Math.abs(estimate.reachedAt! - before!)).toBeLessThanOrEqual(1);
    expect(estimate.calls).toEqual(['record']);
    expect(estimate.needed).toBe(WEIGHTS.record);
  });

  it('does not depend on when it is asked, and counts progress up to what is needed', () => {
    const early = estimateFirstRecord(fresh, RCW, WEIGHTS, twin7, issue + 10_000);
    const late = estimateFirstRecord(fresh, RCW, WEIGHTS, twin7, issue + 500_000);
    expect(late.reachedAt).toBe(early.reachedAt);
    expect(early.earned).toBe(7_095_200n);
    expect(late.earned).toBe(354_760_000n);
    const done = estimateFirstRecord(fresh, RCW, WEIGHTS, twin7, issue + 600_000);
    expect(done.earned).toBe(done.needed);
  });

  it('is at the last update once the free weight is there', () => {
    const rich = { ...fresh, freeWeight: 10n ** 12n, lastUpdate: BigInt(issue + 5000) };
    expect(estimateFirstRecord(rich, RCW, WEIGHTS, noTwin, issue + 9000).reachedAt).toBe(
      issue + 5000,
    );
  });

  it('is never for a subscription that earns nothing or ends first', () => {
    const ended = { ...fresh, kind: { type: 'Daily', days: 1 } as const };
    expect(estimateFirstRecord(ended, RCW, WEIGHTS, noTwin, issue + 2 * DAY_MS).reachedAt).toBe(
      null,
    );
    const endsSoon = { ...ended, issueTime: BigInt(issue - DAY_MS + 60_000) };
    expect(estimateFirstRecord(endsSoon, RCW, WEIGHTS, noTwin, issue).reachedAt).toBeNull();
    const idle = { ...fresh, kind: { type: 'Lifetime', tps: 0 } as const };
    expect(estimateFirstRecord(idle, RCW, WEIGHTS, noTwin, issue).reachedAt).toBeNull();
  });

  it('follows a Lifetime subscription at its own rate', () => {
    const lifetime = { ...fresh, kind: { type: 'Lifetime', tps: 1_000_000 } as const };
    // 100 times the Daily rate.
    expect(estimateFirstRecord(lifetime, RCW, WEIGHTS, noTwin, issue).reachedAt).toBe(issue + 9159);
  });
});

describe('why a later estimate moved', () => {
  const at = issue + 400_000;
  const snapshot = (reachedAt: number | null, facts: ControllerTwinFacts, lastUpdate = issue) => ({
    reachedAt,
    facts,
    lastUpdate,
  });

  it('says nothing when it did not move later', () => {
    expect(laterReason(snapshot(issue + 900_000, noTwin), snapshot(issue + 900_000, twin7))).toBe(
      null,
    );
    expect(laterReason(snapshot(issue + 900_000, noTwin), snapshot(issue + 600_000, twin7))).toBe(
      null,
    );
  });

  it('names the twin the home made although the controller had one', () => {
    const after = { twins: [3, 7, 12], configTopic: null };
    expect(
      laterReason(snapshot(issue + 600_000, twin7), snapshot(issue + 925_000, after, at)),
    ).toEqual({ kind: 'own-twin', twin: 12, instead: 7, at });
  });

  it('names a new configuration, and other calls paid from the subscription', () => {
    const before = { twins: [7], configTopic: topic };
    const after = { twins: [7], configTopic: `0x${'cd'.repeat(32)}` };
    expect(
      laterReason(snapshot(issue + 400_000, before), snapshot(issue + 620_000, after, at)),
    ).toEqual({ kind: 'new-topic', twin: 7, at });
    expect(
      laterReason(snapshot(issue + 400_000, before), snapshot(issue + 767_000, before, at)),
    ).toEqual({ kind: 'other-calls', at });
  });

  it('says when the subscription stopped earning', () => {
    expect(laterReason(snapshot(issue + 400_000, twin7), snapshot(null, twin7, at))).toEqual({
      kind: 'no-rate',
    });
  });
});
