import type { SubscriptionLedger } from '../chain/model/ledger.ts';
import { DAY_MS, expiryOf, isSubscriptionActive } from './subscription.ts';

/**
 * Renewal reminders (docs/product-rules.md, "Renewal reminders"): a Daily subscription whose end
 * is at most 7 calendar days away, or that has ended, is due; Lifetime ones never are. Days are
 * counted between calendar dates in the user's time zone, so "in 3 days" always names the date
 * three days ahead.
 */

/** A subscription is shown as ending from this many calendar days before its end. */
export const REMINDER_DAYS = 7;

/** What stops when a subscription has ended. */
export const ENDED_CONSEQUENCE =
  'Without it, commands through the parachain fail and Home Assistant stops publishing your home’s data.';

export interface RenewalDue {
  /** When the subscription ends (ms). */
  expiry: number;
  /** Calendar days from now to the end date in the time zone (0: today; negative once past). */
  days: number;
  ended: boolean;
}

/** Where and how dates are written: a locale (default the user's) and a time zone. */
export interface DateStyle {
  locale?: string;
  timeZone?: string;
}

const dayNumberFormats = new Map<string, Intl.DateTimeFormat>();

/** The day number (days since 1970-01-01) of the calendar date of `ms` in `timeZone`. */
function localDayNumber(ms: number, timeZone: string | undefined): number {
  const key = timeZone ?? '';
  let format = dayNumberFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayNumberFormats.set(key, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** Calendar days from the date of `from` to the date of `to`, in `timeZone`. */
export function calendarDaysBetween(from: number, to: number, timeZone?: string): number {
  return localDayNumber(to, timeZone) - localDayNumber(from, timeZone);
}

/**
 * The reminder a ledger calls for at `now` (the chain's clock): null without a ledger, for a
 * Lifetime subscription, and while the end is more than REMINDER_DAYS calendar days away.
 */
export function renewalDue(
  ledger: SubscriptionLedger | null,
  now: number,
  timeZone?: string,
): RenewalDue | null {
  if (!ledger) return null;
  const expiry = expiryOf(ledger);
  if (expiry === null) return null;
  const ended = !isSubscriptionActive(ledger, now);
  const days = calendarDaysBetween(now, expiry, timeZone);
  if (!ended && days > REMINDER_DAYS) return null;
  return { expiry, days, ended };
}

function formatDay(ms: number, now: number, { locale, timeZone }: DateStyle): string {
  const sameYear = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' });
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'long',
    ...(sameYear.format(ms) === sameYear.format(now) ? {} : { year: 'numeric' }),
  }).format(ms);
}

function formatTime(ms: number, { locale, timeZone }: DateStyle): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    ms,
  );
}

/** The two halves of a reminder: "ends in 3 days" and "on 29 November" (or "at 14:05"). */
function renewalWords(due: RenewalDue, now: number, style: DateStyle) {
  const on = `on ${formatDay(due.expiry, now, style)}`;
  const at = `at ${formatTime(due.expiry, style)}`;
  if (due.ended)
    return due.days === 0 ? { head: 'ended today', when: at } : { head: 'ended', when: on };
  if (due.days <= 0) return { head: 'ends today', when: at };
  return { head: due.days === 1 ? 'ends tomorrow' : `ends in ${due.days} days`, when: on };
}

/**
 * "ends in 3 days, on 29 November", "ends tomorrow, on 29 November", "ends today, at 14:05",
 * "ended on 29 November", "ended today, at 14:05": the date in words, in the user's time zone.
 */
export function renewalText(due: RenewalDue, now: number, style: DateStyle = {}): string {
  const { head, when } = renewalWords(due, now, style);
  return head === 'ended' ? `${head} ${when}` : `${head}, ${when}`;
}

/** The notifications of a subscription's end: a week before, a day before, and once ended. */
export type RenewalNoticeKind = 'week' | 'day' | 'ended';

const NOTICE_ORDER: readonly RenewalNoticeKind[] = ['week', 'day', 'ended'];

/** The key that marks one notice of one subscription end as shown. */
export const noticeKey = (owner: string, expiry: number, kind: RenewalNoticeKind) =>
  `renewal:${owner}:${expiry}:${kind}`;

export interface RenewalNotice {
  /** The key of the notice shown, and the keys to mark as shown with it. */
  key: string;
  marks: string[];
  title: string;
  body: string;
}

/**
 * The notification a due subscription calls for, or null when it was shown already: 7 days
 * before the end, 1 day before, and once it has ended, each once. Only the most urgent one that
 * applies is shown (a device that was off for the week's notice gets the day's), and the ones
 * before it are marked as shown with it. A renewal moves the end, so its notices are new.
 */
export function renewalNotice(
  owner: string,
  setupName: string,
  due: RenewalDue,
  now: number,
  shown: ReadonlySet<string>,
  style: DateStyle = {},
): RenewalNotice | null {
  const kind: RenewalNoticeKind = due.ended ? 'ended' : due.days <= 1 ? 'day' : 'week';
  const key = noticeKey(owner, due.expiry, kind);
  if (shown.has(key)) return null;
  const marks = NOTICE_ORDER.slice(0, NOTICE_ORDER.indexOf(kind) + 1).map((k) =>
    noticeKey(owner, due.expiry, k),
  );
  const text = renewalText(due, now, style);
  const { head } = renewalWords(due, now, style);
  return {
    key,
    marks,
    title: `${setupName}: the subscription ${due.ended ? 'has ended' : head}`,
    body: due.ended
      ? `The subscription ${text}. ${ENDED_CONSEQUENCE} Tap to renew it.`
      : `The subscription ${text}. Tap to renew it so your home keeps working.`,
  };
}
