import { describe, expect, it } from 'vitest';
import type { SubscriptionLedger } from '../chain/model/ledger.ts';
import { ALICE as OWNER } from '../test-support/dev-addresses.ts';
import {
  calendarDaysBetween,
  ENDED_CONSEQUENCE,
  noticeKey,
  REMINDER_DAYS,
  renewalDue,
  renewalNotice,
  renewalText,
} from './reminders.ts';
import { DAY_MS } from './subscription.ts';

const HOUR = 3_600_000;
/** 2025-11-29 14:05 UTC: the end of a 30-day subscription issued 2025-10-30 14:05 UTC. */
const END = Date.UTC(2025, 10, 29, 14, 5);
const issuedFor = (end: number, days: number) => BigInt(end - days * DAY_MS);
const daily = (days = 30, end = END): SubscriptionLedger => ({
  freeWeight: 0n,
  issueTime: issuedFor(end, days),
  lastUpdate: issuedFor(end, days),
  kind: { type: 'Daily', days },
});
const lifetime: SubscriptionLedger = { ...daily(), kind: { type: 'Lifetime', tps: 1_000_000 } };
const gb = (timeZone: string) => ({ locale: 'en-GB', timeZone });

describe('which subscriptions are due a reminder', () => {
  it('a Daily one from 7 calendar days before its end date, not before', () => {
    // 2025-11-22 00:00 UTC: the 22nd is 7 days before the 29th.
    const weekBefore = Date.UTC(2025, 10, 22, 0, 0);
    expect(renewalDue(daily(), weekBefore, 'UTC')).toEqual({
      expiry: END,
      days: REMINDER_DAYS,
      ended: false,
    });
    expect(renewalDue(daily(), weekBefore - 1, 'UTC')).toBeNull();
    expect(renewalDue(daily(), END - 3 * DAY_MS, 'UTC')).toMatchObject({ days: 3, ended: false });
  });

  it('never a Lifetime one, nor a setup without a ledger', () => {
    expect(renewalDue(lifetime, END, 'UTC')).toBeNull();
    expect(renewalDue(lifetime, END + 1000 * DAY_MS, 'UTC')).toBeNull();
    expect(renewalDue(null, END, 'UTC')).toBeNull();
  });

  it('one that has ended, from the millisecond after issueTime + days × 86,400,000', () => {
    expect(renewalDue(daily(), END, 'UTC')).toEqual({ expiry: END, days: 0, ended: false });
    expect(renewalDue(daily(), END + 1, 'UTC')).toEqual({ expiry: END, days: 0, ended: true });
    expect(renewalDue(daily(), END + 40 * DAY_MS, 'UTC')).toEqual({
      expiry: END,
      days: -40,
      ended: true,
    });
  });

  it('counts calendar days in the user’s time zone', () => {
    // 2025-11-26 23:30 UTC is already the 27th in Auckland (UTC+13) and still the 26th in
    // Los Angeles; the end, 14:05 UTC on the 29th, is the 30th in Auckland (03:05).
    const now = Date.UTC(2025, 10, 26, 23, 30);
    expect(calendarDaysBetween(now, END, 'UTC')).toBe(3);
    expect(calendarDaysBetween(now, END, 'Pacific/Auckland')).toBe(3);
    expect(calendarDaysBetween(now, END, 'America/Los_Angeles')).toBe(3);
    // 22:00 UTC on the 28th: the 29th in Auckland (the end is the 30th there), the 28th in UTC.
    const late = Date.UTC(2025, 10, 28, 22, 0);
    expect(calendarDaysBetween(late, END, 'UTC')).toBe(1);
    expect(calendarDaysBetween(late, END, 'Pacific/Auckland')).toBe(1);
    // 15:00 UTC on the 28th is the 29th 04:00 in Auckland, where the end falls on the 30th.
    const afternoon = Date.UTC(2025, 10, 28, 15, 0);
    expect(calendarDaysBetween(afternoon, END, 'Pacific/Auckland')).toBe(1);
    // 23:30 on the 28th in Los Angeles (07:30 UTC on the 29th): the end is 06:05 on the 29th
    // there, so it ends tomorrow in words, though less than 24 hours remain.
    const evening = Date.UTC(2025, 10, 29, 7, 30);
    expect(calendarDaysBetween(evening, END, 'America/Los_Angeles')).toBe(1);
    expect(END - evening).toBeLessThan(DAY_MS);
  });

  it('follows the end a renewal moves: the new ledger is due from its own end only', () => {
    const now = END - 2 * DAY_MS;
    const before = renewalDue(daily(), now, 'UTC');
    expect(before).toMatchObject({ days: 2, ended: false });
    // A renewal (an auction won, or the oracle) writes a new ledger issued now, 30 days long.
    const renewed: SubscriptionLedger = { ...daily(), issueTime: BigInt(now) };
    expect(renewalDue(renewed, now, 'UTC')).toBeNull();
    expect(renewalDue(renewed, now + 24 * DAY_MS, 'UTC')).toMatchObject({
      expiry: now + 30 * DAY_MS,
      days: 6,
    });
  });
});

describe('the date in words', () => {
  it('says how many days and on which date, in the user’s time zone', () => {
    const now = END - 3 * DAY_MS;
    expect(renewalText(renewalDue(daily(), now, 'UTC')!, now, gb('UTC'))).toBe(
      'ends in 3 days, on 29 November',
    );
    // In Auckland the end falls on the 30th, at 03:05.
    const auckland = renewalDue(daily(), now, 'Pacific/Auckland')!;
    expect(renewalText(auckland, now, gb('Pacific/Auckland'))).toBe(
      'ends in 3 days, on 30 November',
    );
    expect(renewalText({ ...auckland, days: 1 }, now, gb('Pacific/Auckland'))).toBe(
      'ends tomorrow, on 30 November',
    );
  });

  it('gives the time on the last day, and how long ago it ended', () => {
    const morning = END - 6 * HOUR;
    expect(renewalText(renewalDue(daily(), morning, 'UTC')!, morning, gb('UTC'))).toBe(
      'ends today, at 14:05',
    );
    const evening = END + 6 * HOUR;
    expect(renewalText(renewalDue(daily(), evening, 'UTC')!, evening, gb('UTC'))).toBe(
      'ended today, at 14:05',
    );
    const later = END + 3 * DAY_MS;
    expect(renewalText(renewalDue(daily(), later, 'UTC')!, later, gb('UTC'))).toBe(
      'ended on 29 November',
    );
    // Another year is named.
    const nextYear = END + 60 * DAY_MS;
    expect(renewalText(renewalDue(daily(), nextYear, 'UTC')!, nextYear, gb('UTC'))).toBe(
      'ended on 29 November 2025',
    );
  });
});

describe('the notifications, each once', () => {
  const style = gb('UTC');
  const notice = (now: number, shown: Set<string>) =>
    renewalNotice(OWNER, 'Sunny Home', renewalDue(daily(), now, 'UTC')!, now, shown, style);

  it('7 days before, then 1 day before, then once ended', () => {
    const shown = new Set<string>();
    const show = (now: number) => {
      const n = notice(now, shown);
      for (const key of n?.marks ?? []) shown.add(key);
      return n;
    };
    const week = show(END - 7 * DAY_MS);
    expect(week).toEqual({
      key: noticeKey(OWNER, END, 'week'),
      marks: [noticeKey(OWNER, END, 'week')],
      title: 'Sunny Home: the subscription ends in 7 days',
      body: 'The subscription ends in 7 days, on 29 November. Tap to renew it so your home keeps working.',
    });
    // Checked again the same week: nothing new.
    expect(show(END - 6 * DAY_MS)).toBeNull();
    expect(show(END - 2 * DAY_MS)).toBeNull();
    const day = show(END - DAY_MS);
    expect(day?.title).toBe('Sunny Home: the subscription ends tomorrow');
    expect(day?.key).toBe(noticeKey(OWNER, END, 'day'));
    expect(show(END - HOUR)).toBeNull();
    const ended = show(END + HOUR);
    expect(ended?.title).toBe('Sunny Home: the subscription has ended');
    expect(ended?.body).toBe(
      `The subscription ended today, at 14:05. ${ENDED_CONSEQUENCE} Tap to renew it.`,
    );
    expect(show(END + 5 * DAY_MS)).toBeNull();
  });

  it('only the most urgent one when the earlier ones were missed', () => {
    const shown = new Set<string>();
    const day = notice(END - 12 * HOUR, shown);
    expect(day?.key).toBe(noticeKey(OWNER, END, 'day'));
    expect(day?.marks).toEqual([noticeKey(OWNER, END, 'week'), noticeKey(OWNER, END, 'day')]);
    const ended = notice(END + DAY_MS, shown);
    expect(ended?.marks).toHaveLength(3);
  });

  it('anew for the end a renewal moved', () => {
    const shown = new Set([noticeKey(OWNER, END, 'week'), noticeKey(OWNER, END, 'day')]);
    const renewedEnd = END + 30 * DAY_MS;
    const renewed = renewalDue(daily(30, renewedEnd), renewedEnd - 5 * DAY_MS, 'UTC')!;
    expect(
      renewalNotice(OWNER, 'Sunny Home', renewed, renewedEnd - 5 * DAY_MS, shown, style)?.key,
    ).toBe(noticeKey(OWNER, renewedEnd, 'week'));
  });
});
