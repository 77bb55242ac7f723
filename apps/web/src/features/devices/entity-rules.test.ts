import { describe, expect, it } from 'vitest';
import {
  CLIMATE_RANGE,
  checkCommand,
  checkInRange,
  climateRange,
  kelvinRange,
  lightAbilities,
  MAX_OPTIONS,
  rgbOf,
  stateTone,
  stateWords,
  stepValue,
  supports,
  textOptions,
  toYaml,
} from './entity-rules.ts';

const time = (ms: number) => `t=${ms}`;

describe('features and lists', () => {
  it('reads supported_features bits and supports nothing when it is missing or odd', () => {
    expect(supports({ supported_features: 15 }, 4)).toBe(true);
    expect(supports({ supported_features: '11' }, 4)).toBe(false);
    expect(supports({ supported_features: '11' }, 8)).toBe(true);
    for (const odd of [undefined, 'None', -1, 1.5, 'x', { a: 1 }, Number.NaN]) {
      expect(supports({ supported_features: odd }, 1)).toBe(false);
    }
  });

  it('reads lists written as Python text, drops odd items and cuts huge lists', () => {
    expect(textOptions("['heat', 'off']")).toEqual(['heat', 'off']);
    expect(textOptions(['a', 1, null, { x: 1 }, '', 'a'])).toEqual(['a', '1']);
    expect(textOptions('not a list')).toEqual([]);
    expect(textOptions(Array.from({ length: 10_000 }, (_, i) => `o${i}`))).toHaveLength(
      MAX_OPTIONS,
    );
  });

  it('knows what a light can do from its colour modes and features', () => {
    expect(
      lightAbilities({
        supported_color_modes: "['color_temp', 'hs']",
        supported_features: 44,
        effect_list: "['blink', 'okay']",
      }),
    ).toEqual({
      brightness: true,
      colorTemp: true,
      color: true,
      effects: ['blink', 'okay'],
      transition: true,
    });
    expect(lightAbilities({})).toEqual({
      brightness: false,
      colorTemp: false,
      color: false,
      effects: [],
      transition: false,
    });
    expect(rgbOf('(255, 167, 89)')).toEqual([255, 167, 89]);
    expect(rgbOf('(300, 1, 1)')).toBeUndefined();
    expect(rgbOf('None')).toBeUndefined();
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
      CLIMATE_RANGE,
    );
    expect(kelvinRange({ min_color_temp_kelvin: 2202, max_color_temp_kelvin: 4000 })).toEqual({
      min: 2202,
      max: 4000,
      step: 50,
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
  });
});

describe('commands are checked before sending', () => {
  const ac = {
    hvac_modes: "['off', 'cool']",
    min_temp: '16.0',
    max_temp: '31.0',
    target_temp_step: '0.5',
    fan_modes: "['auto', 'low']",
  };
  it('refuses values outside the entity range and options it does not list', () => {
    expect(checkCommand('climate', ac, 'set_temperature', { temperature: 32 })).toMatch(
      /between 16° and 31°/,
    );
    expect(checkCommand('climate', ac, 'set_temperature', { temperature: 22 })).toBeNull();
    expect(checkCommand('climate', ac, 'set_fan_mode', { fan_mode: 'turbo' })).toBe(
      'Fan mode must be one of: auto, low.',
    );
    expect(checkCommand('climate', {}, 'set_swing_mode', { swing_mode: 'on' })).toBe(
      'Swing mode must be one of: none offered.',
    );
    expect(checkCommand('cover', {}, 'set_cover_position', { position: 120 })).toBe(
      'Position must be between 0% and 100%.',
    );
    expect(checkCommand('media_player', {}, 'volume_set', { volume_level: 1.2 })).toBe(
      'Volume must be between 0 and 1.',
    );
    expect(
      checkCommand('humidifier', { min_humidity: 30, max_humidity: 80 }, 'set_humidity', {
        humidity: 85,
      }),
    ).toBe('Humidity must be between 30% and 80%.');
    expect(
      checkCommand('text', { min: 0, max: 5, pattern: '[a-z]+' }, 'set_value', { value: 'Hello' }),
    ).toBe('The text must match the pattern [a-z]+.');
    expect(checkCommand('text', { min: 0, max: 3 }, 'set_value', { value: 'long' })).toBe(
      'The text must be at most 3 characters long.',
    );
    // A pattern the browser cannot read is left to the controller.
    expect(checkCommand('text', { pattern: '(' }, 'set_value', { value: 'x' })).toBeNull();
  });

  it('refuses light settings the light lacks', () => {
    const lamp = {
      supported_color_modes: "['color_temp']",
      min_color_temp_kelvin: 2202,
      max_color_temp_kelvin: 4000,
    };
    expect(checkCommand('light', lamp, 'turn_on', { color_temp_kelvin: 6000 })).toBe(
      'Colour temperature must be between 2202 K and 4000 K.',
    );
    expect(checkCommand('light', lamp, 'turn_on', { rgb_color: [1, 2, 3] })).toBe(
      'This light has no colours.',
    );
    expect(checkCommand('light', lamp, 'turn_on', { brightness: 300 })).toMatch(
      /between 0 and 255/,
    );
    expect(
      checkCommand('light', { supported_color_modes: "['onoff']" }, 'turn_on', { brightness: 5 }),
    ).toBe('This light cannot be dimmed.');
    expect(checkCommand('light', lamp, 'turn_on', { brightness: 128 })).toBeNull();
    expect(checkCommand('light', lamp, 'turn_on')).toBeNull();
  });

  it('lets through what it cannot judge (unknown domains and services)', () => {
    expect(checkCommand('teapot', {}, 'brew', { strength: 9 })).toBeNull();
  });
});

describe('the state in words and its tone', () => {
  it('reads states as words', () => {
    expect(stateWords('switch', 'on', time)).toBe('On');
    expect(stateWords('climate', 'heat_cool', time)).toBe('Heat/cool');
    expect(stateWords('climate', 'fan_only', time)).toBe('Fan only');
    expect(stateWords('update', 'on', time)).toBe('Update available');
    expect(stateWords('sensor', '-46', time)).toBe('-46');
    expect(stateWords('light', 'unavailable', time)).toBe('Unavailable');
    expect(stateWords('text', 'Welcome home', time)).toBe('Welcome home');
    expect(stateWords('scene', '2025-09-21T20:05:31.188367+00:00', time)).toMatch(
      /^t=1758485131188/,
    );
  });

  it('tints by state', () => {
    expect(stateTone('light', 'on')).toBe('on');
    expect(stateTone('light', 'off')).toBe('off');
    expect(stateTone('lock', 'locked')).toBe('off');
    expect(stateTone('lock', 'unlocked')).toBe('on');
    expect(stateTone('climate', 'cool')).toBe('on');
    expect(stateTone('media_player', 'idle')).toBe('off');
    expect(stateTone('cover', 'unknown')).toBe('unavailable');
    expect(stateTone('teapot', 'brewing')).toBe('off');
  });
});

describe('YAML view', () => {
  it('writes attributes as YAML, Python lists as YAML lists', () => {
    expect(
      toYaml({
        id: '1726930012437',
        mode: 'single',
        current: 0,
        last_triggered: '2025-09-21 18:30:00+00:00',
        friendly_name: 'Evening lights: on',
        entities: "['light.a', 'switch.b']",
        nested: { on: true },
        empty: 'None',
      }),
    ).toBe(
      [
        'id: "1726930012437"',
        'mode: single',
        'current: 0',
        'last_triggered: 2025-09-21 18:30:00+00:00',
        'friendly_name: "Evening lights: on"',
        'entities:',
        '  - light.a',
        '  - switch.b',
        'nested:',
        '  on: true',
        'empty: null',
      ].join('\n'),
    );
  });
});
