import type {
  SubscriptionKind,
  SubscriptionLedger,
} from '@robonomics-dapp/robonomics/chain/model/ledger';
import { OWNER_HEADER, WEB3_AUTH_ERRORS } from '@robonomics-dapp/robonomics/crypto/web3-auth';
import {
  DAY_MS,
  expiryOf,
  isSubscriptionActive,
} from '@robonomics-dapp/robonomics/rws/subscription';

export type { SubscriptionKind, SubscriptionLedger };
/**
 * The runtime's rules every devnet service shares (docs/devnet.md), taken from
 * packages/robonomics — the app's own rules — rather than restated: the day, the RWS ledger and
 * when a subscription is active, the web3 gateway's header and refusal texts.
 */
export { DAY_MS, expiryOf, isSubscriptionActive, OWNER_HEADER, WEB3_AUTH_ERRORS };

/** RWS.Ledger's kind in the codec's input form, `{ Lifetime: { tps } }` or `{ Daily: { days } }`. */
export type KindCodec = { Lifetime: { tps: number } } | { Daily: { days: number } };

type CodecNumber = number | string | bigint;

/** A subscription kind from a codec's JSON, whose enum keys may be in either case. */
export function kindFromCodecJson(json: unknown): SubscriptionKind {
  const value = Object.fromEntries(
    Object.entries((json ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]),
  ) as { lifetime?: { tps: CodecNumber }; daily?: { days: CodecNumber } };
  if (value.lifetime) return { type: 'Lifetime', tps: Number(value.lifetime.tps) };
  return { type: 'Daily', days: Number(value.daily?.days ?? 0) };
}

export const kindToCodec = (kind: SubscriptionKind): KindCodec =>
  kind.type === 'Lifetime' ? { Lifetime: { tps: kind.tps } } : { Daily: { days: kind.days } };

/** RWS.Ledger from a codec's JSON (`toJSON()` of @polkadot/api): numbers, or hex for big ones. */
export function ledgerFromCodecJson(json: unknown): SubscriptionLedger {
  const value = json as {
    freeWeight?: CodecNumber;
    issueTime: CodecNumber;
    lastUpdate?: CodecNumber;
    kind: unknown;
  };
  return {
    freeWeight: BigInt(value.freeWeight ?? 0),
    issueTime: BigInt(value.issueTime),
    lastUpdate: BigInt(value.lastUpdate ?? 0),
    kind: kindFromCodecJson(value.kind),
  };
}

/**
 * Days left as Home Assistant's subscription sensor shows them (docs/devnet.md):
 * `int((issue + days·day − now) / day) + 1`, and 100000 for a Lifetime subscription.
 */
export function haDaysLeft(ledger: SubscriptionLedger, nowMs: number): number {
  const expiry = expiryOf(ledger);
  if (expiry === null) return 100_000;
  return Math.trunc((expiry - nowMs) / DAY_MS) + 1;
}
