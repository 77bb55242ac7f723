import type { PalletRobonomicsRwsSubscriptionLedger } from '../generated/robonomics/index';

export type SubscriptionKind = { type: 'Lifetime'; tps: number } | { type: 'Daily'; days: number };

/** An owner's RWS subscription (RWS.Ledger) with times in ms. */
export interface SubscriptionLedger {
  freeWeight: bigint;
  issueTime: bigint;
  lastUpdate: bigint;
  kind: SubscriptionKind;
}

export function toLedger(
  raw: PalletRobonomicsRwsSubscriptionLedger | undefined,
): SubscriptionLedger | null {
  if (!raw) return null;
  const kind: SubscriptionKind =
    raw.kind.type === 'Lifetime'
      ? { type: 'Lifetime', tps: raw.kind.value.tps }
      : { type: 'Daily', days: raw.kind.value.days };
  return { freeWeight: raw.freeWeight, issueTime: raw.issueTime, lastUpdate: raw.lastUpdate, kind };
}
