import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES } from './python-payload.ts';
import {
  attributeList,
  attributeNumber,
  entityDomain,
  formatHaDate,
  isMissing,
  parseHaDate,
  unitsOf,
  validateHaStates,
} from './states.ts';

// Shaped like HA's states.py output (docs/home-assistant.md): floats and lists str()-ed, units "None".
const STATES = {
  devices: {
    d1a2: {
      name: 'Kitchen lamp',
      entities: ['light.kitchen', 'sensor.kitchen_power'],
      config_entries: ['01J8'],
      manufacturer: 'IKEA',
      model: 'TRADFRI',
      via_device: null,
      connections: [['zigbee', '00:0b:57:ff:fe:12:34:56']],
      suggested_area: null,
      area_id: 'kitchen',
    },
  },
  entities: {
    'light.kitchen': {
      units: 'None',
      state: 'on',
      attributes: {
        supported_color_modes: "['color_temp', 'xy']",
        brightness: 128,
        hs_color: '(30.0, 60.5)',
        friendly_name: 'Kitchen lamp',
        effect: 'None',
        is_group: false,
      },
      history: [
        { state: 'off', date: '2025-09-21 10:00:00.123456+00:00' },
        { state: 'on', date: '2025-09-21 10:05:00+00:00' },
      ],
    },
    'sensor.noise': {
      units: 'dB',
      state: '44.5',
      attributes: { state_class: 'measurement', device_class: 'sound_pressure', min: '44.0' },
      history: [],
    },
  },
  twin_id: 89,
};

/** STATES as HA's json.dumps writes it (the devnet's writer made this text). */
const STATES_TEXT =
  '{"devices": {"d1a2": {"name": "Kitchen lamp", "entities": ["light.kitchen", ' +
  '"sensor.kitchen_power"], "config_entries": ["01J8"], "manufacturer": "IKEA", ' +
  '"model": "TRADFRI", "via_device": null, "connections": [["zigbee", ' +
  '"00:0b:57:ff:fe:12:34:56"]], "suggested_area": null, "area_id": "kitchen"}}, ' +
  '"entities": {"light.kitchen": {"units": "None", "state": "on", ' +
  '"attributes": {"supported_color_modes": "[\'color_temp\', \'xy\']", "brightness": 128, ' +
  '"hs_color": "(30.0, 60.5)", "friendly_name": "Kitchen lamp", "effect": "None", ' +
  '"is_group": false}, "history": [{"state": "off", ' +
  '"date": "2025-09-21 10:00:00.123456+00:00"}, {"state": "on", ' +
  '"date": "2025-09-21 10:05:00+00:00"}]}, "sensor.noise": {"units": "dB", ' +
  '"state": "44.5", "attributes": {"state_class": "measurement", ' +
  '"device_class": "sound_pressure", "min": "44.0"}, "history": []}}, "twin_id": 89}';

function valid(input: unknown) {
  const result = validateHaStates(input);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('Home Assistant states / telemetry', () => {
  it('reads the telemetry as HA writes it (json.dumps text)', () => {
    const states = valid(STATES_TEXT);
    expect(states.twin_id).toBe(89);
    expect(states.devices.d1a2).toEqual(STATES.devices.d1a2);
    const lamp = states.entities['light.kitchen']!;
    expect(lamp.state).toBe('on');
    expect(lamp.units).toBe('None');
    expect(unitsOf(lamp)).toBeUndefined();
    expect(unitsOf(states.entities['sensor.noise']!)).toBe('dB');
    expect(lamp.history).toEqual(STATES.entities['light.kitchen'].history);
    expect(states.entities['sensor.noise']!.history).toEqual([]);
    expect(valid(STATES)).toEqual(states);
  });

  it('decodes str()-ed attributes', () => {
    const lamp = valid(STATES).entities['light.kitchen']!;
    expect(attributeList(lamp.attributes.supported_color_modes)).toEqual(['color_temp', 'xy']);
    expect(attributeList(lamp.attributes.hs_color)).toEqual([30, 60.5]);
    expect(attributeList(lamp.attributes.friendly_name)).toBeUndefined();
    expect(attributeNumber(lamp.attributes.brightness)).toBe(128);
    expect(attributeNumber('21.5')).toBe(21.5);
    expect(attributeNumber('-3')).toBe(-3);
    expect(attributeNumber('2025.9.1')).toBeUndefined();
    expect(attributeNumber('None')).toBeUndefined();
    expect(attributeNumber(Number.NaN)).toBeUndefined();
    expect(isMissing(lamp.attributes.effect)).toBe(true);
    expect(isMissing(lamp.attributes.is_group)).toBe(false);
    expect(entityDomain('light.kitchen')).toBe('light');
    expect(entityDomain('nodot')).toBe('');
  });

  it('keeps the live libp2p snapshot without history apart from an empty history', () => {
    const { history: _drop, ...noHistory } = STATES.entities['sensor.noise'];
    const states = valid({ entities: { 'sensor.noise': noHistory }, devices: {}, twin_id: 89 });
    expect(states.entities['sensor.noise']!.history).toBeUndefined();
    expect('history' in states.entities['sensor.noise']!).toBe(false);
  });

  it('parses HA dates (Python str(datetime)) and writes them back', () => {
    const withMicros = parseHaDate('2025-09-21 10:00:00.123456+00:00')!;
    expect(withMicros).toBeCloseTo(Date.UTC(2025, 8, 21, 10, 0, 0) + 123.456, 6);
    expect(parseHaDate('2025-09-21 10:05:00+00:00')).toBe(Date.UTC(2025, 8, 21, 10, 5, 0));
    expect(parseHaDate('2025-09-21T12:05:00+02:00')).toBe(Date.UTC(2025, 8, 21, 10, 5, 0));
    expect(parseHaDate('2025-09-21 07:35:00-0230')).toBe(Date.UTC(2025, 8, 21, 10, 5, 0));
    expect(parseHaDate('2025-09-21 10:05:00.5Z')).toBe(Date.UTC(2025, 8, 21, 10, 5, 0) + 500);
    expect(parseHaDate('2025-09-21 10:05:00')).toBe(Date.UTC(2025, 8, 21, 10, 5, 0));
    for (const bad of ['yesterday', '2025-02-30 10:00:00+00:00', '2025-09-21 24:00:00+00:00', '']) {
      expect(parseHaDate(bad)).toBeUndefined();
    }
    expect(formatHaDate(withMicros)).toBe('2025-09-21 10:00:00.123456+00:00');
    expect(formatHaDate(new Date(Date.UTC(2025, 8, 21, 10, 5, 0)))).toBe(
      '2025-09-21 10:05:00+00:00',
    );
    expect(formatHaDate(Date.UTC(2025, 8, 21, 10, 5, 0) + 250)).toBe(
      '2025-09-21 10:05:00.250000+00:00',
    );
    expect(formatHaDate(Date.UTC(2025, 8, 21, 10, 5, 0) - 0.0001)).toBe(
      '2025-09-21 10:05:00+00:00',
    );
    expect(() => formatHaDate(Number.NaN)).toThrow('Not a valid time');
  });

  it('tolerates what a loose producer may send', () => {
    const states = valid({
      entities: {
        'sensor.temp': { state: 21.5, attributes: "{'unit': 'C'}", history: 'none' },
        'switch.a': { units: null, state: null, attributes: null },
        'binary_sensor.b': { state: true },
        'bad.entry': 'on',
      },
      devices: {
        x: { name: null, entities: "['sensor.temp']", connections: [['mac', 1], ['broken']] },
        y: 5,
      },
    });
    expect(states.twin_id).toBe(-1);
    expect(states.entities['sensor.temp']).toEqual({
      units: 'None',
      state: '21.5',
      attributes: { unit: 'C' },
      history: [],
    });
    expect(states.entities['switch.a']).toEqual({ units: 'None', state: 'None', attributes: {} });
    expect(states.entities['binary_sensor.b']!.state).toBe('True');
    expect(Object.keys(states.entities)).toEqual(['sensor.temp', 'switch.a', 'binary_sensor.b']);
    expect(states.devices).toEqual({
      x: {
        name: '',
        entities: ['sensor.temp'],
        config_entries: [],
        manufacturer: null,
        model: null,
        via_device: null,
        connections: [['mac', '1']],
        suggested_area: null,
        area_id: null,
      },
    });
    const history = valid({
      entities: {
        'sensor.a': {
          state: '1',
          history: [{ state: 2, date: '2025-09-21 10:00:00+00:00' }, { state: '3' }, 'x'],
        },
      },
    }).entities['sensor.a']!.history;
    expect(history).toEqual([{ state: '2', date: '2025-09-21 10:00:00+00:00' }]);
  });

  it('keeps an entity literally named "__proto__" as data', () => {
    const states = valid(`{"entities": {"__proto__": {"state": "on"}}}`);
    expect(Object.getPrototypeOf(states.entities)).toBe(Object.prototype);
    expect(Object.hasOwn(states.entities, '__proto__')).toBe(true);
  });

  it('rejects non-objects, foreign payloads, garbage and huge payloads in English', () => {
    expect(validateHaStates('[1]')).toEqual({
      ok: false,
      error: 'The Home Assistant states must be a JSON object, not a list.',
    });
    expect(validateHaStates(undefined)).toMatchObject({ ok: false });
    expect(validateHaStates({ twin_id: 1 })).toEqual({
      ok: false,
      error: 'This is not a Home Assistant states payload: it has no "entities" or "devices".',
    });
    expect(validateHaStates('0xdeadbeef')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The Home Assistant states could not be read: /),
    });
    const huge = new Uint8Array(MAX_PAYLOAD_BYTES + 1).fill(0x20);
    expect(validateHaStates(huge)).toEqual({
      ok: false,
      error: 'The Home Assistant states could not be read: The payload is larger than 20 MB.',
    });
  });
});
