import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICES_CACHE_MAX_AGE_MS,
  readCachedDevices,
  writeCachedDevices,
} from './devices-cache.ts';

describe('devices cache', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a list per endpoint and owner with its time', () => {
    writeCachedDevices('ws://a', 'owner', ['x', 'y'], 1000);
    writeCachedDevices('ws://b', 'owner', ['z'], 1000);
    expect(readCachedDevices('ws://a', 'owner', 2000)).toEqual(['x', 'y']);
    expect(readCachedDevices('ws://b', 'owner', 2000)).toEqual(['z']);
    expect(readCachedDevices('ws://a', 'other', 2000)).toBeUndefined();
  });

  it('drops entries older than a day and survives corrupted storage', () => {
    writeCachedDevices('ws://a', 'owner', ['x'], 0);
    expect(readCachedDevices('ws://a', 'owner', DEVICES_CACHE_MAX_AGE_MS + 1)).toBeUndefined();
    localStorage.setItem('robonomics-dapp.devices-cache.v1', '{not json');
    expect(readCachedDevices('ws://a', 'owner')).toBeUndefined();
    writeCachedDevices('ws://a', 'owner', ['y'], 5);
    expect(readCachedDevices('ws://a', 'owner', 10)).toEqual(['y']);
  });
});
