import { describe, expect, it } from 'vitest';
import {
  DEVICES_CACHE_MAX_AGE_MS,
  writeCachedDevices,
} from '../../lib/storage/subscription-devices-cache.ts';
import { SAVED_SETUPS_KEY } from '../../lib/stores/saved-setups-format.ts';
import { formatAge, offlineSummary } from './offline-summary.ts';

const MINUTE = 60_000;

describe('formatAge', () => {
  it('says the age in the largest whole unit', () => {
    expect(formatAge(0)).toBe('just now');
    expect(formatAge(59_999)).toBe('just now');
    expect(formatAge(MINUTE)).toBe('1 minute ago');
    expect(formatAge(59 * MINUTE)).toBe('59 minutes ago');
    expect(formatAge(60 * MINUTE)).toBe('1 hour ago');
    expect(formatAge(23 * 60 * MINUTE + 59 * MINUTE)).toBe('23 hours ago');
    expect(formatAge(49 * 60 * MINUTE)).toBe('2 days ago');
  });

  it('treats a time in the future (a clock set back) as now', () => {
    expect(formatAge(-5 * MINUTE)).toBe('just now');
  });
});

describe('offlineSummary', () => {
  it('is empty on a device that has saved nothing', () => {
    expect(offlineSummary(1_000)).toEqual({ setups: [], deviceLists: [], homeConfigs: [] });
  });

  it('lists saved setups, fresh device lists and cached home configs with their ages', () => {
    const now = 10 * DEVICES_CACHE_MAX_AGE_MS;
    localStorage.setItem(
      SAVED_SETUPS_KEY,
      JSON.stringify({
        version: 1,
        setups: [{ owner: 'owner-a', name: 'Sunny Home', network: 'dev' }, { broken: true }],
        active: {},
      }),
    );
    writeCachedDevices('ws://127.0.0.1:9944', 'owner-a', ['d1', 'd2', 'd3'], now - 5 * MINUTE);
    writeCachedDevices('ws://127.0.0.1:9944', 'owner-b', ['d4'], now - 2 * 60 * MINUTE);
    // Too old to show.
    writeCachedDevices('wss://other', 'owner-c', ['d5'], now - DEVICES_CACHE_MAX_AGE_MS - 1);
    localStorage.setItem(
      'haconfig:ws://127.0.0.1:9944:controller-x',
      JSON.stringify({ time: now - 3 * MINUTE, cid: 'bafy', envelope: 'sealed' }),
    );
    // Not an envelope (an older app's plain config): never listed.
    localStorage.setItem('haconfig:ws://127.0.0.1:9944:controller-y', '{"plain":true}');

    expect(offlineSummary(now)).toEqual({
      setups: [{ owner: 'owner-a', name: 'Sunny Home', network: 'dev' }],
      deviceLists: [
        { owner: 'owner-a', endpoint: 'ws://127.0.0.1:9944', count: 3, age: '5 minutes ago' },
        { owner: 'owner-b', endpoint: 'ws://127.0.0.1:9944', count: 1, age: '2 hours ago' },
      ],
      homeConfigs: [
        { controller: 'controller-x', endpoint: 'ws://127.0.0.1:9944', age: '3 minutes ago' },
      ],
    });
  });

  it('survives corrupted storage', () => {
    localStorage.setItem(SAVED_SETUPS_KEY, '{oops');
    localStorage.setItem('robonomics-dapp.devices-cache.v1', '[1,2]');
    expect(offlineSummary(1_000)).toEqual({ setups: [], deviceLists: [], homeConfigs: [] });
  });
});
