/**
 * "Add to calendar": an iCalendar file (RFC 5545) with one event at the moment a subscription
 * ends and two alarms, 7 days and 1 day before, naming the setup and linking to the renew page
 * (docs/product-rules.md, "Renewal reminders"). Phone and desktop calendars import it as it is.
 */

export interface RenewalCalendarEvent {
  /** The setup's name, as the user called it. */
  setupName: string;
  /** The subscription owner's address. */
  owner: string;
  /** The network the setup belongs to (part of the event's identity). */
  network: string;
  /** When the subscription ends (ms). */
  expiry: number;
  /** The app's renew page for this setup. */
  renewUrl: string;
  /** When the file is made (ms): its DTSTAMP. */
  now: number;
}

/** How long the event lasts in calendars: a short slot at the moment it ends. */
const EVENT_MINUTES = 30;

/** The alarms: ISO 8601 durations before the event. */
export const CALENDAR_ALARMS = ['-P7D', '-P1D'] as const;

/** A UTC date-time: 20251129T140500Z. */
function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** TEXT escaping: backslash, semicolon, comma and line breaks. */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (continuation lines start with one space), never in a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The event's identity: one per setup, so importing a newer file moves the same event. */
const uid = (network: string, owner: string) =>
  `rws-subscription-end-${network}-${owner}@robonomics-dapp`;

/** The .ics text: CRLF line ends, folded lines, the event and its two alarms. */
export function renewalCalendar(event: RenewalCalendarEvent): string {
  // Whole seconds in iCalendar: the first second by which the subscription has ended.
  const end = Math.ceil(event.expiry / 1000) * 1000;
  const summary = `Robonomics subscription of “${event.setupName}” ends`;
  const description = `The RWS subscription of your setup “${event.setupName}” (owner ${event.owner}) ends now. Renew it here: ${event.renewUrl}`;
  const alarm = (trigger: string) => [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `TRIGGER:${trigger}`,
    `DESCRIPTION:${text(
      `The Robonomics subscription of “${event.setupName}” ends in ${trigger === '-P1D' ? '1 day' : '7 days'}. Renew it: ${event.renewUrl}`,
    )}`,
    'END:VALARM',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Robonomics//Robonomics Dapp//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid(event.network, event.owner)}`,
    // A renewal moves the end later: the newer file is the newer version of the event.
    `SEQUENCE:${Math.floor(event.expiry / 60_000)}`,
    `DTSTAMP:${utc(event.now)}`,
    `DTSTART:${utc(end)}`,
    `DTEND:${utc(end + EVENT_MINUTES * 60_000)}`,
    `SUMMARY:${text(summary)}`,
    `DESCRIPTION:${text(description)}`,
    `URL:${event.renewUrl}`,
    'TRANSP:TRANSPARENT',
    ...CALENDAR_ALARMS.flatMap(alarm),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
