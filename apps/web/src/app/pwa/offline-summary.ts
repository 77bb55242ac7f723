import { listConfigEnvelopes } from '../../lib/storage/home-config-cache.ts';
import { listCachedDevices } from '../../lib/storage/subscription-devices-cache.ts';
import { readSavedSetups } from '../../lib/stores/saved-setups.ts';

/** "just now", "1 minute ago", "3 hours ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

export interface OfflineSummary {
  setups: { name: string; owner: string; network: string }[];
  deviceLists: { owner: string; endpoint: string; count: number; age: string }[];
  homeConfigs: { controller: string; endpoint: string; age: string }[];
}

/** What this device keeps that the app can still show without a network. */
export function offlineSummary(now = Date.now()): OfflineSummary {
  return {
    setups: readSavedSetups().setups.map(({ name, owner, network }) => ({ name, owner, network })),
    deviceLists: listCachedDevices(now).map(({ owner, endpoint, count, time }) => ({
      owner,
      endpoint,
      count,
      age: formatAge(now - time),
    })),
    homeConfigs: listConfigEnvelopes().map(({ controller, endpoint, time }) => ({
      controller,
      endpoint,
      age: formatAge(now - time),
    })),
  };
}
