import type { SubscriptionLedger } from '../chain/model/ledger.ts';
import { DAILY_RATE, expiryOf } from './subscription.ts';

/**
 * When a new home's first datalog record can go through (docs/product-rules.md, "The wait for
 * the first record"). Home Assistant sends, each through `rws.call` and so paid from the
 * subscription's free weight: a digital twin when it has none, its config's topic on that twin,
 * then the record. A new subscription starts with no free weight and earns it at its rate, so
 * the record goes through once the free weight reaches what those calls take. Everything here
 * comes from chain values: the ledger (free weight at its last update, the rate), the calls'
 * weights as the runtime weighs them, and what the controller already has on the chain.
 */

/** A call the home sends through the subscription before its first record, in its order. */
export type HomeCall = 'twin' | 'topic' | 'record';

/** What each of the home's calls takes from the free weight (the runtime's ref time). */
export type HomeCallWeights = Record<HomeCall, bigint>;

/** What the chain says of the controller's twin. */
export interface ControllerTwinFacts {
  /** The twins the controller owns, ascending: the home takes the last one. */
  twins: readonly number[];
  /** The topic of the last of them whose source is the controller (its config), or null. */
  configTopic: string | null;
}

/** The twin the home publishes on: the last one the controller owns (null: it has none). */
export function homeTwinOf(facts: ControllerTwinFacts): number | null {
  return facts.twins.at(-1) ?? null;
}

/** The calls the home still has to send before its first record, in its order. */
export function pendingHomeCalls(facts: ControllerTwinFacts): HomeCall[] {
  const calls: HomeCall[] = [];
  if (homeTwinOf(facts) === null) calls.push('twin');
  if (facts.configTopic === null) calls.push('topic');
  calls.push('record');
  return calls;
}

export interface FirstRecordEstimate {
  /** The calls still to come, in their order. */
  calls: HomeCall[];
  /** What they take together. */
  needed: bigint;
  /** The free weight the subscription holds now, at most `needed`. */
  earned: bigint;
  /**
   * The chain time (ms) from which the free weight covers `needed` (at or before now once it
   * does); null when it never will (the subscription earns nothing, or ends first).
   */
  reachedAt: number | null;
}

/** The weight a subscription earns per millisecond at `nowMs` (0 once a Daily one ended). */
function ratePerMs(ledger: SubscriptionLedger, referenceCallWeight: bigint, nowMs: number) {
  if (ledger.kind.type === 'Lifetime') return referenceCallWeight * BigInt(ledger.kind.tps);
  const expiry = expiryOf(ledger);
  return expiry !== null && nowMs < expiry ? referenceCallWeight * DAILY_RATE : 0n;
}

/**
 * The estimate from chain values. The time comes from the ledger alone: free weight F at its
 * last update L, the rate r (per 1e9 ms), what the calls need N: the first whole millisecond t
 * with F + r·(t − L)/1e9 ≥ N, as the pallet rounds. It does not depend on when it is asked, and
 * a call of the home paid meanwhile takes as much from F as from N, so it stays where it is.
 */
export function estimateFirstRecord(
  ledger: SubscriptionLedger,
  referenceCallWeight: bigint,
  weights: HomeCallWeights,
  facts: ControllerTwinFacts,
  nowMs: number,
): FirstRecordEstimate {
  const calls = pendingHomeCalls(facts);
  const needed = calls.reduce((sum, call) => sum + weights[call], 0n);
  const lastUpdate = Number(ledger.lastUpdate);
  const rate = ratePerMs(ledger, referenceCallWeight, Math.max(nowMs, lastUpdate));
  const elapsed = BigInt(Math.max(0, Math.floor(nowMs) - lastUpdate));
  const have = ledger.freeWeight + (rate * elapsed) / 1_000_000_000n;
  const earned = have < needed ? have : needed;
  if (ledger.freeWeight >= needed) return { calls, needed, earned, reachedAt: lastUpdate };
  if (rate === 0n) return { calls, needed, earned, reachedAt: null };
  const missing = (needed - ledger.freeWeight) * 1_000_000_000n;
  const reachedAt = lastUpdate + Number((missing + rate - 1n) / rate);
  const expiry = expiryOf(ledger);
  if (expiry !== null && reachedAt >= expiry) return { calls, needed, earned, reachedAt: null };
  return { calls, needed, earned, reachedAt };
}

/** What an estimate was made from, to say why a later one moved. */
export interface EstimateSnapshot {
  reachedAt: number | null;
  facts: ControllerTwinFacts;
  /** The ledger's last update (ms): when the subscription last paid for a call. */
  lastUpdate: number;
}

/** Why the time moved later, from what changed on the chain in between. */
export type LaterReason =
  /** The home made a twin of its own although the controller had one. */
  | { kind: 'own-twin'; twin: number; instead: number; at: number }
  /** The home pointed its twin at another configuration. */
  | { kind: 'new-topic'; twin: number; at: number }
  /** The subscription paid for other calls (a user's, another device's). */
  | { kind: 'other-calls'; at: number }
  /** The subscription stopped earning (it ended). */
  | { kind: 'no-rate' };

/**
 * Why `after` is later than `before`, or null when it is not (a minute's rounding aside, the
 * estimate never moves later on its own: see estimateFirstRecord).
 */
export function laterReason(before: EstimateSnapshot, after: EstimateSnapshot): LaterReason | null {
  if (before.reachedAt === null) return null;
  if (after.reachedAt === null) return { kind: 'no-rate' };
  if (after.reachedAt <= before.reachedAt) return null;
  const at = after.lastUpdate;
  const newTwins = after.facts.twins.filter((t) => !before.facts.twins.includes(t));
  const previous = homeTwinOf(before.facts);
  if (newTwins.length > 0 && previous !== null) {
    return { kind: 'own-twin', twin: newTwins.at(-1)!, instead: previous, at };
  }
  const twin = homeTwinOf(after.facts);
  const { configTopic: was } = before.facts;
  const now = after.facts.configTopic;
  if (twin !== null && was !== null && now !== null && was !== now) {
    return { kind: 'new-topic', twin, at };
  }
  return { kind: 'other-calls', at };
}
