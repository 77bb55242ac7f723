import { describe, expect, it } from 'vitest';
import {
  checkInRange,
  featuresOf,
  listedIn,
  MAX_OPTIONS,
  rangeOf,
  stepValue,
  supports,
  textAttribute,
  textOptions,
} from './attributes.ts';
import { CLIMATE_TEMPERATURE, climateRange } from './climate.ts';
import { kelvinRange } from './light.ts';
import { VALVE, VALVE_FEATURES } from './valve.ts';

describe('features and lists', () => {
  it('reads supported_features bits and supports nothing when it is missing or odd', () => {
    expect(supports({ supported_features: 15 }, 4)).toBe(true);
    expect(supports({ supported_features: '11' }, 4)).toBe(false);
    expect(supports({ supported_features: '11' }, 8)).toBe(true);
    for (const odd of [undefined, 'None', -1, 1.5, 'x', { a: 1 }, Number.NaN]) {
      expect(supports({ supported_features: odd }, 1)).toBe(false);
    }
  });

  it('gives a domain its features when the entity has none, and any bit of a mask will do', () => {
    expect(featuresOf({}, VALVE.featuresWhenMissing)).toBe(3);
    expect(supports({}, VALVE_FEATURES.OPEN, VALVE.featuresWhenMissing)).toBe(true);
    expect(supports({}, VALVE_FEATURES.STOP, VALVE.featuresWhenMissing)).toBe(false);
    // A number the entity gives wins, even 0; an odd one supports nothing.
    expect(supports({ supported_features: 0 }, 1, 3)).toBe(false);
    expect(featuresOf({ supported_features: -5 }, 3)).toBe(0);
    expect(supports({ supported_features: 8 }, 4 | 8)).toBe(true);
    expect(supports({ supported_features: 1 }, 4 | 8)).toBe(false);
  });

  it('reads lists written as Python text, drops odd items and cuts huge lists', () => {
    expect(textOptions("['heat', 'off']")).toEqual(['heat', 'off']);
    expect(textOptions(['a', 1, null, { x: 1 }, '', 'a'])).toEqual(['a', '1']);
    expect(textOptions('not a list')).toEqual([]);
    expect(textOptions(Array.from({ length: 10_000 }, (_, i) => `o${i}`))).toHaveLength(
      MAX_OPTIONS,
    );
    expect(listedIn('fan_modes')({ fan_modes: "['auto', 'low']" })).toEqual(['auto', 'low']);
  });

  it('reads texts, not None or objects', () => {
    expect(textAttribute('eco')).toBe('eco');
    expect(textAttribute(21.5)).toBe('21.5');
    expect(textAttribute('None')).toBeUndefined();
    expect(textAttribute({ a: 1 })).toBeUndefined();
    expect(textAttribute('x'.repeat(600))).toHaveLength(500);
  });
});

describe('ranges and steps', () => {
  it('take the entity range and fall back on bad bounds', () => {
    expect(climateRange({ min_temp: '16.0', max_temp: '31.0', target_temp_step: '0.5' })).toEqual({
      min: 16,
      max: 31,
      step: 0.5,
    });
    expect(climateRange({ min_temp: '40', max_temp: '10', target_temp_step: '-1' })).toEqual(
      CLIMATE_TEMPERATURE,
    );
    expect(kelvinRange({ min_color_temp_kelvin: 2202, max_color_temp_kelvin: 4000 })).toEqual({
      min: 2202,
      max: 4000,
      step: 50,
    });
    expect(rangeOf({ lo: 'x' }, { min: 'lo', max: 'hi' }, { min: 1, max: 2, step: 1 })).toEqual({
      min: 1,
      max: 2,
      step: 1,
    });
  });

  it('step within range on the step precision', () => {
    const range = { min: 7, max: 35, step: 0.1 };
    expect(stepValue(21.2, 1, range)).toBe(21.3);
    expect(stepValue(34.95, 1, { min: 7, max: 35, step: 0.5 })).toBe(35);
    expect(stepValue(7, -1, range)).toBe(7);
  });

  it('say in words why a value is refused', () => {
    const range = { min: 16, max: 31, step: 0.5 };
    expect(checkInRange('Temperature', 40, range, '°')).toBe(
      'Temperature must be between 16° and 31°.',
    );
    expect(checkInRange('Temperature', 21.3, range, '°')).toBe(
      'Temperature must be in steps of 0.5° from 16°.',
    );
    expect(checkInRange('Temperature', 21.5, range, '°')).toBeNull();
    expect(checkInRange('Temperature', Number.NaN, range)).toBe('Temperature must be a number.');
    expect(checkInRange('Colour temperature', 9000, { min: 2000, max: 6500, step: 1 }, 'K')).toBe(
      'Colour temperature must be between 2000 K and 6500 K.',
    );
  });
});
