/**
 * Records kept per endpoint and account in one localStorage entry (a JSON object keyed
 * `endpoint|account`): device lists seen or confirmed, gifts waiting to be handed over,
 * subscriptions moved away. Each module checks the shape of its own records; this one reads the
 * entry without trusting it and writes it back keeping the newest records only. No browser API
 * here: tests write the kept text through it too.
 */

/** At most this many records per entry: the newest by their time. */
const MAX_RECORDS = 50;

/** The key of an account's record on an endpoint. */
export function accountKey(endpoint: string, account: string): string {
  return `${endpoint}|${account}`;
}

/** Every record of a kept entry (`raw`), unchecked; none for a missing or corrupted entry. */
export function readAccountRecords(raw: string | null): Record<string, unknown> {
  try {
    const parsed = JSON.parse(raw ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The kept entry with one account's record set (or, with null, removed), keeping the newest
 * records by `timeOf` (records without a time count as oldest).
 */
export function withAccountRecord<T>(
  raw: string | null,
  endpoint: string,
  account: string,
  record: T | null,
  timeOf: (record: T) => unknown,
): string {
  const all = readAccountRecords(raw);
  const key = accountKey(endpoint, account);
  if (record === null) delete all[key];
  else all[key] = record;
  const time = (value: unknown) => {
    const t = value && typeof value === 'object' ? timeOf(value as T) : undefined;
    return typeof t === 'number' ? t : 0;
  };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => time(b) - time(a))
    .slice(0, MAX_RECORDS);
  return JSON.stringify(Object.fromEntries(newest));
}
