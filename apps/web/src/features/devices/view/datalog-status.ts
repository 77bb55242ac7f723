import { safeFileName } from '../../../lib/files/file-name.ts';

/** How long the panel tries to get the home's data before it says "Not updated". */
export const NOT_UPDATED_AFTER_MS = 5 * 60 * 1000;

/**
 * "Just now", "1 minute ago", "N minutes ago", then hours and days, (docs/product-rules.md, Devices
 * control panel).
 */
export function timeAgo(time: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - time) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export type Freshness =
  | { kind: 'updated'; text: string }
  | { kind: 'trying'; text: 'Trying to get data' }
  | { kind: 'stale'; text: 'Not updated' };

/**
 * The datalog line: "Updated N minutes ago" once data arrived; before that "Trying to get data",
 * and "Not updated" when nothing came within five minutes of starting to wait (`since`).
 */
export function datalogFreshness(updated: number | null, since: number, now: number): Freshness {
  if (updated !== null) return { kind: 'updated', text: `Updated ${timeAgo(updated, now)}` };
  return now - since >= NOT_UPDATED_AFTER_MS
    ? { kind: 'stale', text: 'Not updated' }
    : { kind: 'trying', text: 'Trying to get data' };
}

/** "2025-09-21": the date in a download's name, in the user's time zone. */
function fileDate(time: number): string {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/**
 * `<host>-Config_<setup name>-<date>.json` (or `Datalog_`), the download names of
 * docs/product-rules.md (Devices control panel), with
 * characters no file system accepts replaced.
 */
export function downloadName(
  kind: 'Config' | 'Datalog',
  host: string,
  setupName: string,
  time: number,
): string {
  return `${safeFileName(host)}-${kind}_${safeFileName(setupName)}-${fileDate(time)}.json`;
}
