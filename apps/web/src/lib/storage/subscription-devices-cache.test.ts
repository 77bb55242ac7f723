import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICES_CACHE_MAX_AGE_MS,
  readCachedDeviceList,
  writeCachedDevices,
} from './subscription-devices-cache.ts';

describe('devices cache', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a list per endpoint and owner with its time', () => {
    writeCachedDevices('ws://a', 'owner', ['x', 'y'], 1000);
    writeCachedDevices('ws://b', 'owner', ['z'], 1000);
    expect(readCachedDeviceList('ws://a', 'owner', 2000)?.value).toEqual(['x', 'y']);
    expect(readCachedDeviceList('ws://b', 'owner', 2000)?.value).toEqual(['z']);
    expect(readCachedDeviceList('ws://a', 'other', 2000)?.value).toBeUndefined();
  });

  it('drops entries older than a day and survives corrupted storage', () => {
    writeCachedDevices('ws://a', 'owner', ['x'], 0);
    expect(
      readCachedDeviceList('ws://a', 'owner', DEVICES_CACHE_MAX_AGE_MS + 1)?.value,
    ).toBeUndefined();
    localStorage.setItem('robonomics-dapp.devices-cache.v1', '{not json');
    expect(readCachedDeviceList('ws://a', 'owner')?.value).toBeUndefined();
    writeCachedDevices('ws://a', 'owner', ['y'], 5);
    expect(readCachedDeviceList('ws://a', 'owner', 10)?.value).toEqual(['y']);
  });
});
