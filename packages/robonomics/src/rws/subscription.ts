import type { SubscriptionLedger } from '../chain/model/ledger.ts';

/** One day in ms, and the month of the month count (docs/product-rules.md). */
export const DAY_MS = 86_400_000;
export const DAILY_RATE = 10_000n;

/** When a Daily subscription ends (ms); null for Lifetime, which never does. */
export function expiryOf(ledger: SubscriptionLedger): number | null {
  if (ledger.kind.type === 'Lifetime') return null;
  return Number(ledger.issueTime) + ledger.kind.days * DAY_MS;
}

/** Active: Lifetime, or now not past issueTime + days (docs/product-rules.md). Lifetime is active everywhere. */
export function isSubscriptionActive(ledger: SubscriptionLedger | null, nowMs: number): boolean {
  if (!ledger) return false;
  const expiry = expiryOf(ledger);
  return expiry === null || nowMs <= expiry;
}

/** Whole days left (negative once expired), null for Lifetime. */
export function daysLeft(ledger: SubscriptionLedger, nowMs: number): number | null {
  const expiry = expiryOf(ledger);
  return expiry === null ? null : Math.floor((expiry - nowMs) / DAY_MS);
}

/**
 * The free weight a subscription has now (docs/product-rules.md): -1 without a ledger, else the stored free
 * weight plus what accrued since the last update at the kind's rate (tps for Lifetime, 10000
 * for an unexpired Daily, 0 after expiry).
 */
export function estimateFreeWeight(
  ledger: SubscriptionLedger | null,
  referenceCallWeight: bigint,
  nowMs: number,
): bigint {
  if (!ledger) return -1n;
  const rate =
    ledger.kind.type === 'Lifetime'
      ? BigInt(ledger.kind.tps)
      : isSubscriptionActive(ledger, nowMs)
        ? DAILY_RATE
        : 0n;
  const elapsed = BigInt(Math.max(0, Math.floor(nowMs))) - ledger.lastUpdate;
  const accrued = elapsed > 0n ? (referenceCallWeight * rate * elapsed) / 1_000_000_000n : 0n;
  return ledger.freeWeight + accrued;
}

/**
 * The refusal when a call through the subscription needs more weight than it has
 * (docs/product-rules.md, Subscriptions).
 */
export function checkCallWeight(callWeight: bigint, freeWeight: bigint): string | null {
  if (callWeight <= freeWeight) return null;
  // The runtime's own words for RWS.FreeWeightIsNotEnough, as the original app shows them: the
  // grammar ('have no enough', 'these call') is kept on purpose.
  return `The origin account have no enough free weight to process these call. Call weight ${callWeight}, Free weight ${freeWeight}`;
}
