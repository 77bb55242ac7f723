import { DEFAULT_SENDING_TIMEOUT } from './config.ts';

/**
 * A home that went quiet (docs/product-rules.md, "A quiet home"): Home Assistant publishes its
 * states every sending interval (the config's `sending_timeout`, in seconds), and pushes every
 * change live over /update while an app is connected. When the newest of those reports is older
 * than three intervals, something between the home and the app has stopped.
 */

/** A home is quiet after this many sending intervals without a report. */
export const QUIET_INTERVALS = 3;

/** What the user can check, in this order. */
export const QUIET_CHECKS =
  'Check that the controller is on, that it is connected to the internet, and that the subscription is active.';

/** The quiet threshold in ms for a sending interval in seconds (HA's default when unknown). */
export function quietAfterMs(sendingTimeout: number | null | undefined): number {
  const seconds =
    sendingTimeout !== null && sendingTimeout !== undefined && sendingTimeout > 0
      ? sendingTimeout
      : DEFAULT_SENDING_TIMEOUT;
  return QUIET_INTERVALS * seconds * 1000;
}

/**
 * The time of the home's newest report when it is older than three sending intervals at `now`,
 * else null (also when the home never reported: there is no "since" to tell).
 */
export function quietSince(
  lastReport: number | null | undefined,
  sendingTimeout: number | null | undefined,
  now: number,
): number | null {
  if (lastReport === null || lastReport === undefined) return null;
  return now - lastReport > quietAfterMs(sendingTimeout) ? lastReport : null;
}

/** "Your home has not reported since <time>", the time written by `formatTime`. */
export function quietText(since: number, formatTime: (ms: number) => string): string {
  return `Your home has not reported since ${formatTime(since)}`;
}

/** The key that marks the quiet notice of one silence (since one report) as shown. */
export const quietKey = (controller: string, since: number) => `quiet:${controller}:${since}`;
