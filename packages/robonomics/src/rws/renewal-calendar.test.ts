import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ALICE as OWNER } from '../test-support/dev-addresses.ts';
import { CALENDAR_ALARMS, renewalCalendar } from './renewal-calendar.ts';

const END = Date.UTC(2025, 10, 29, 14, 5);
const RENEW = `https://dapp.robonomics.network/#/rws-buy?owner=${OWNER}`;
const event = {
  setupName: 'Sunny Home; first floor, “north”',
  owner: OWNER,
  network: 'polkadot',
  expiry: END,
  renewUrl: RENEW,
  now: Date.UTC(2025, 10, 20, 9, 0),
};

/** The file parsed back by ical.js, a full RFC 5545 parser (Mozilla's, as Thunderbird uses). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('the renewal calendar file', () => {
  it('parses back with the end, the setup, the renew link and alarms 7 days and 1 day before', () => {
    const { calendar, vevent, event: parsed } = parse(renewalCalendar(event));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Robonomics//Robonomics Dapp//EN');
    expect(parsed.startDate.toJSDate().getTime()).toBe(END);
    expect(parsed.endDate.toJSDate().getTime()).toBe(END + 30 * 60_000);
    expect(parsed.summary).toBe(
      'Robonomics subscription of “Sunny Home; first floor, “north”” ends',
    );
    expect(parsed.description).toContain(OWNER);
    expect(parsed.description).toContain(RENEW);
    expect(vevent.getFirstPropertyValue('url')).toBe(RENEW);
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2025-11-20T09:00:00Z');

    const alarms = vevent.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(2);
    const before = alarms.map((alarm) => {
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarm.getFirstPropertyValue('description'))).toContain(RENEW);
      const trigger = alarm.getFirstPropertyValue('trigger') as InstanceType<typeof ICAL.Duration>;
      return trigger.toSeconds();
    });
    expect(before).toEqual([-7 * 86_400, -86_400]);
    expect(CALENDAR_ALARMS).toEqual(['-P7D', '-P1D']);
  });

  it('starts at the first whole second by which the subscription has ended', () => {
    const { event: parsed } = parse(renewalCalendar({ ...event, expiry: END + 869 }));
    expect(parsed.startDate.toJSDate().getTime()).toBe(END + 1000);
  });

  it('is written as RFC 5545 asks: CRLF lines of at most 75 octets, folded with a space', () => {
    const text = renewalCalendar({ ...event, setupName: 'Дом у моря '.repeat(12) });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // Folding never splits a character: the long name comes back whole.
    expect(parse(text).event.summary).toContain('Дом у моря '.repeat(12).trim());
  });

  it('keeps one event per setup: a renewal’s file has the same UID and a higher SEQUENCE', () => {
    const first = parse(renewalCalendar(event)).vevent;
    const renewed = parse(renewalCalendar({ ...event, expiry: END + 30 * 86_400_000 })).vevent;
    expect(renewed.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
    expect(Number(renewed.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(first.getFirstPropertyValue('sequence')),
    );
    const other = parse(renewalCalendar({ ...event, network: 'kusama' })).vevent;
    expect(other.getFirstPropertyValue('uid')).not.toBe(first.getFirstPropertyValue('uid'));
  });
});
