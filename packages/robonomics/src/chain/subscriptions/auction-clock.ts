import type { RobonomicsClient } from '../model/client-type.ts';

/** When the RWS auctions next close, as far as the newest block tells. */
export interface AuctionClock {
  /** The newest block's number. */
  best: number;
  /** The block whose start closes every auction with a bidder (a multiple of AuctionDuration). */
  closesAt: number;
  /** The newest block's time (chain ms). */
  bestTime: number;
  /** The time between blocks: measured from the last two, else the runtime's slot duration. */
  blockTimeMs: number;
}

/**
 * The next block that closes the auctions after `best`: the runtime rotates them at the start of
 * every block whose number is a multiple of `duration` (docs/robonomics-chain.md, RWS).
 */
export function nextAuctionClose(best: number, duration: number): number {
  const step = Math.max(1, duration);
  return (Math.floor(best / step) + 1) * step;
}

/** The estimated chain time when `clock.closesAt` starts. */
export function auctionCloseTime(clock: AuctionClock): number {
  return clock.bestTime + (clock.closesAt - clock.best) * clock.blockTimeMs;
}

/** Follows the auctions' next close block by block (System.Number and Timestamp.Now). */
export async function subscribeAuctionClock(
  client: RobonomicsClient,
  onClock: (clock: AuctionClock) => void,
): Promise<() => Promise<void>> {
  const duration = client.consts.rws.auctionDuration;
  // Aura's slot is twice the timestamp's minimum period.
  let blockTimeMs = Number(client.consts.timestamp.minimumPeriod) * 2 || 6_000;
  let best: number | undefined;
  let time: number | undefined;
  let seen: { best: number; time: number } | undefined;
  const emit = () => {
    if (best === undefined || time === undefined) return;
    // The two values arrive one after the other: a block counts once both have moved.
    if (!seen || (best !== seen.best && time !== seen.time)) {
      if (seen && best === seen.best + 1 && time > seen.time) blockTimeMs = time - seen.time;
      seen = { best, time };
    }
    onClock({ best, closesAt: nextAuctionClose(best, duration), bestTime: time, blockTimeMs });
  };
  const stops = await Promise.all([
    client.query.system.number((n) => {
      best = Number(n);
      emit();
    }),
    client.query.timestamp.now((now) => {
      time = Number(now);
      emit();
    }),
  ]);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
