import { accountKey, readAccountRecords, withAccountRecord } from './account-records.ts';
import { safeStorage } from './safe-storage.ts';

export const DEVICES_CACHE_KEY = 'robonomics-dapp.devices-cache.v1';
/** Entries older than this are not shown, even while the live list loads. */
export const DEVICES_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Entry {
  time: number;
  value: string[];
}

function readAll(): Record<string, Partial<Entry> | undefined> {
  return readAccountRecords(safeStorage.get(DEVICES_CACHE_KEY)) as Record<
    string,
    Partial<Entry> | undefined
  >;
}

/** The last known device list of an owner on an endpoint and when it was seen. */
export function readCachedDeviceList(
  endpoint: string,
  owner: string,
  now = Date.now(),
): { time: number; value: string[] } | undefined {
  const entry = readAll()[accountKey(endpoint, owner)];
  if (!entry || !Array.isArray(entry.value) || typeof entry.time !== 'number') return undefined;
  if (now - entry.time > DEVICES_CACHE_MAX_AGE_MS) return undefined;
  return { time: entry.time, value: entry.value.filter((a): a is string => typeof a === 'string') };
}

/** Remembers a device list as {time, value}, keeping the newest entries only. */
export function writeCachedDevices(
  endpoint: string,
  owner: string,
  value: string[],
  now = Date.now(),
): void {
  safeStorage.set(
    DEVICES_CACHE_KEY,
    withCachedDevices(safeStorage.get(DEVICES_CACHE_KEY), endpoint, owner, value, now),
  );
}

/**
 * The kept text (`raw`, or nothing yet) with one more device list, keeping the newest entries.
 * No browser API here: tests write the cache through it too.
 */
export function withCachedDevices(
  raw: string | null,
  endpoint: string,
  owner: string,
  value: string[],
  time: number,
): string {
  const record: Entry = { time, value };
  return withAccountRecord(raw, endpoint, owner, record, (r) => r.time);
}

export interface CachedDeviceList {
  endpoint: string;
  owner: string;
  /** When the list was saved (ms). */
  time: number;
  count: number;
}

/** Every device list kept on this device that is still fresh enough to show, newest first. */
export function listCachedDevices(now = Date.now()): CachedDeviceList[] {
  const lists: CachedDeviceList[] = [];
  for (const [key, entry] of Object.entries(readAll())) {
    const split = key.lastIndexOf('|');
    if (split === -1 || !entry || typeof entry.time !== 'number' || !Array.isArray(entry.value)) {
      continue;
    }
    if (now - entry.time > DEVICES_CACHE_MAX_AGE_MS) continue;
    const owner = key.slice(split + 1);
    lists.push({
      endpoint: key.slice(0, split),
      owner,
      time: entry.time,
      count: entry.value.length,
    });
  }
  return lists.sort((a, b) => b.time - a.time);
}
