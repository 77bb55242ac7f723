import { describe, expect, it } from 'vitest';
import { DOMAINS, serviceSchema } from './all-domains.ts';
import { checkCommand } from './check-command.ts';

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
    expect(checkCommand('light', {}, 'explode')).toBeNull();
  });
});

describe('every kind of parameter is checked from its declaration', () => {
  it('checks required parameters even when they are missing', () => {
    expect(checkCommand('climate', {}, 'set_temperature')).toBe('Temperature must be a number.');
    expect(checkCommand('climate', { hvac_modes: "['heat']" }, 'set_hvac_mode')).toBe(
      'Mode must be one of: heat.',
    );
    expect(checkCommand('text', {}, 'set_value')).toBe('Enter a text.');
    expect(checkCommand('fan', {}, 'oscillate')).toBe('Oscillation must be on or off.');
  });

  it('checks optional parameters only when they are given', () => {
    const ac = { hvac_modes: "['off', 'cool']", min_temp: 16, max_temp: 31 };
    expect(checkCommand('climate', ac, 'set_temperature', { temperature: 20 })).toBeNull();
    expect(
      checkCommand('climate', ac, 'set_temperature', { temperature: 20, hvac_mode: 'heat' }),
    ).toBe('Mode must be one of: off, cool.');
  });

  it('holds numbers to the entity range and steps, or to what HA takes', () => {
    const kettle = { min: '40.0', max: '100.0', step: '5.0' };
    expect(checkCommand('number', kettle, 'set_value', { value: 85 })).toBeNull();
    expect(checkCommand('input_number', kettle, 'set_value', { value: '87' })).toBe(
      'Value must be in steps of 5 from 40.',
    );
    expect(checkCommand('fan', {}, 'set_percentage', { percentage: 101 })).toBe(
      'Speed must be between 0% and 100%.',
    );
    // The page offers transitions up to 300 s, as HA's own controls do.
    const dimmer = { supported_color_modes: "['brightness']" };
    expect(checkCommand('light', dimmer, 'turn_on', { transition: 301 })).toBe(
      'Transition must be between 0 s and 300 s.',
    );
    expect(checkCommand('scene', {}, 'turn_on', { transition: 2 })).toBeNull();
    expect(checkCommand('light', dimmer, 'turn_on', { brightness_pct: 50 })).toBeNull();
  });

  it('holds choices to their list, booleans to on and off, colours to their bounds', () => {
    expect(checkCommand('fan', {}, 'set_direction', { direction: 'up' })).toBe(
      'Direction must be one of: forward, reverse.',
    );
    expect(checkCommand('fan', {}, 'oscillate', { oscillating: 1 })).toBeNull();
    expect(checkCommand('fan', {}, 'oscillate', { oscillating: 'yes' })).toBe(
      'Oscillation must be on or off.',
    );
    const colour = { supported_color_modes: "['hs']" };
    expect(checkCommand('light', colour, 'turn_on', { hs_color: [30, 100] })).toBeNull();
    expect(checkCommand('light', colour, 'turn_on', { hs_color: [400, 10] })).toBe(
      'The colour must be a hue from 0 to 360 and a saturation from 0 to 100.',
    );
    expect(checkCommand('light', colour, 'turn_on', { rgb_color: [1, 2] })).toBe(
      'The colour must be three values from 0 to 255.',
    );
    expect(checkCommand('select', { options: "['eco']" }, 'select_option', { option: 'x' })).toBe(
      'Option must be one of: eco.',
    );
    expect(checkCommand('input_select', { options: [1, 2] }, 'select_option', { option: 2 })).toBe(
      null,
    );
  });
});

describe('the declarations', () => {
  it('give every parameter a label and every number something to hold it to', () => {
    for (const [name, domain] of DOMAINS) {
      expect(domain.name).toBe(name);
      for (const [service, schema] of Object.entries(domain.services)) {
        for (const [key, param] of Object.entries(schema.params)) {
          const where = `${name}.${service}.${key}`;
          expect(param.label, where).toMatch(/^[A-Z][a-z ]+$/);
          if (param.kind === 'number') {
            expect(param.bounds !== undefined || param.range !== undefined, where).toBe(true);
          }
        }
      }
    }
  });

  it('require only feature bits their domain declares', () => {
    for (const [name, domain] of DOMAINS) {
      const all = Object.values(domain.features).reduce((bits, bit) => bits | bit, 0);
      for (const [service, schema] of Object.entries(domain.services)) {
        if (schema.feature === undefined) continue;
        expect(schema.feature, `${name}.${service}`).toBeGreaterThan(0);
        expect(schema.feature & ~all, `${name}.${service}`).toBe(0);
      }
    }
  });

  it('find a service by domain and name, and nothing inherited', () => {
    expect(serviceSchema('cover', 'set_cover_position')?.feature).toBe(4);
    expect(serviceSchema('cover', 'toString')).toBeUndefined();
    expect(serviceSchema('__proto__', 'x')).toBeUndefined();
  });
});
