import { describe, expect, it } from 'vitest';
import { parseAltruistRecord } from './altruist.ts';
import { parseEnergyRecord } from './energy.ts';
import { measurementOf, zoneOf } from './measurements.ts';

describe('Altruist records', () => {
  it('maps the short keys and keeps unknown ones', () => {
    expect(parseAltruistRecord(1, 'p1:12.5,p2:8,t:21.4,h:40,p:755,nm:61,na:48,gc:3')).toEqual({
      time: 1,
      values: {
        pm10: 12.5,
        pm25: 8,
        temperature: 21.4,
        humidity: 40,
        pressure: 755,
        noisemax: 61,
        noiseavg: 48,
        gc: 3,
      },
    });
  });

  it('skips garbage without throwing', () => {
    expect(parseAltruistRecord(1, 'hello world')).toBeNull();
    expect(parseAltruistRecord(1, 'p1:abc,t:20')).toEqual({ time: 1, values: { temperature: 20 } });
  });
});

describe('energy records', () => {
  it('reads numbers of a JSON object', () => {
    expect(parseEnergyRecord(2, '{"voltage": 230.1, "current": "1.5", "name": "plug"}')).toEqual({
      time: 2,
      values: { voltage: 230.1, current: 1.5 },
    });
    expect(parseEnergyRecord(2, '[1,2]')).toBeNull();
    expect(parseEnergyRecord(2, 'not json')).toBeNull();
  });
});

describe('measurements', () => {
  it('finds zones and shows unknown keys raw', () => {
    expect(zoneOf(measurementOf('pm10'), 42)?.label).toBe('Good');
    expect(zoneOf(measurementOf('pm10'), 400)?.label).toBe('Unacceptable');
    expect(measurementOf('weird')).toEqual({ key: 'weird', label: 'weird', unit: '', zones: [] });
    expect(zoneOf(measurementOf('weird'), 1)).toBeNull();
  });
});
