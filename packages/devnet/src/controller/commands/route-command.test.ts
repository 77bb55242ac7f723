import { readFileSync } from 'node:fs';
import type { LaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { parseStringifiedList } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import {
  type HaStates,
  parseHaDate,
  validateHaStates,
} from '@robonomics-dapp/robonomics/home-assistant/states';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../ha-api/ha-config.ts';
import { likeExisting, pyDateStr, pyFloat, pyIsoFormat } from '../ha-api/ha-format.ts';
import { SAMPLE_HOME } from '../home/home.ts';
import { applyCommand, type LightMemory, planCommand } from './route-command.ts';

const NOW = Date.UTC(2025, 8, 22, 9, 30, 15) * 1000 + 123_456;
let home: HaStates;
let lights: LightMemory;

const command = (
  platform: string,
  name: string,
  entityId: string,
  extra: Record<string, unknown> = {},
): LaunchCommand => ({ platform, name, params: { entity_id: entityId, ...extra } });

function run(
  platform: string,
  name: string,
  entityId: string,
  extra: Record<string, unknown> = {},
) {
  return applyCommand(home, command(platform, name, entityId, extra), { now: NOW, lights });
}

function refused(
  platform: string,
  name: string,
  entityId: string,
  extra: Record<string, unknown> = {},
) {
  const before = JSON.stringify(home);
  const result = run(platform, name, entityId, extra);
  expect(result.ok).toBe(false);
  expect(JSON.stringify(home)).toBe(before);
  return result.ok ? '' : result.error;
}

const entity = (id: string) => home.entities[id]!;

beforeEach(() => {
  home = JSON.parse(readFileSync(SAMPLE_HOME, 'utf8')) as HaStates;
  lights = {};
});

describe('the sample home', () => {
  it('is a states document in HA shape with the quirks of the integration', () => {
    const checked = validateHaStates(home);
    expect(checked.ok).toBe(true);
    expect(home.twin_id).toBe(89);
    const domains = new Set(Object.keys(home.entities).map((id) => id.split('.')[0]));
    for (const domain of [
      'update',
      'person',
      'tts',
      'weather',
      'binary_sensor',
      'button',
      'select',
      'sensor',
      'switch',
      'number',
      'light',
      'climate',
      'text',
      'automation',
      'event',
      'input_boolean',
      'valve',
      'device_tracker',
    ]) {
      expect(domains).toContain(domain);
    }
    for (const [id, e] of Object.entries(home.entities)) {
      expect(Object.keys(e)).toEqual(['units', 'state', 'attributes', 'history']);
      expect(typeof e.attributes.friendly_name, id).toBe('string');
      expect(typeof e.state).toBe('string');
      for (const h of e.history!) {
        expect(h.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
        expect(parseHaDate(h.date)).toBeGreaterThan(Date.UTC(2025, 8, 21));
        expect(parseHaDate(h.date)).toBeLessThan(Date.UTC(2025, 8, 23));
      }
      // The current state is the last change, when there is one.
      if (e.history!.length && !id.startsWith('tts.'))
        expect(e.state).toBe(e.history!.at(-1)!.state);
    }
    expect(entity('switch.kitchen_kettle').units).toBe('None');
    expect(entity('climate.bedroom_thermostat').attributes.hvac_modes).toBe("['heat', 'off']");
    expect(entity('climate.bedroom_thermostat').attributes.min_temp).toBe('7.0');
    expect(entity('update.home_assistant_core_update').attributes.skipped_version).toBe('None');
    expect(entity('update.home_assistant_core_update').attributes.in_progress).toBe(false);
    expect(entity('update.mosquitto_broker_update').attributes.entity_picture).toBe(
      '/api/hassio/addons/core_mosquitto/icon',
    );
    expect(parseStringifiedList(entity('select.kitchen_kettle_mode').attributes.options)).toEqual([
      'eco',
      'normal',
      'boost',
      'keep_warm',
    ]);
    // Every device's entities exist; areas come with the devices.
    for (const device of Object.values(home.devices)) {
      for (const id of device.entities) expect(home.entities[id]).toBeDefined();
    }
    expect(Object.values(home.devices).some((d) => d.area_id === 'kitchen')).toBe(true);
  });

  it('has a day of signal and noise readings with one unavailable gap', () => {
    for (const [id, min, max] of [
      ['sensor.altruist_signal_strength', -50, -43],
      ['sensor.altruist_peak_noise', 44, 80],
    ] as const) {
      const history = entity(id).history!;
      expect(history.length).toBeGreaterThan(500);
      expect(history.filter((h) => h.state === 'unavailable')).toHaveLength(1);
      const values = history.filter((h) => h.state !== 'unavailable').map((h) => Number(h.state));
      expect(Math.min(...values)).toBeGreaterThanOrEqual(min);
      expect(Math.max(...values)).toBeLessThanOrEqual(max);
      const times = history.map((h) => parseHaDate(h.date)!);
      const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(14);
      expect(gaps.filter((g) => g <= 46).length).toBeGreaterThan(gaps.length / 3);
      expect(gaps.some((g) => g >= 120 && g < 600)).toBe(true);
      expect(times.at(-1)! - times[0]!).toBeGreaterThan(23 * 3600_000);
    }
    const noise = entity('sensor.altruist_peak_noise').history!.filter(
      (h) => h.state !== 'unavailable',
    );
    const inBand = noise.filter((h) => Number(h.state) >= 44 && Number(h.state) <= 68);
    expect(inBand.length / noise.length).toBeGreaterThan(0.9);
    expect(noise.every((h) => /^\d+\.\d$/.test(h.state))).toBe(true);
  });

  it('comes with services for the domains it can run', () => {
    const services = JSON.parse(readFileSync(SERVICE_CATALOGUE, 'utf8'));
    expect(Object.keys(services.switch)).toEqual(['turn_on', 'turn_off', 'toggle']);
    expect(services.light.turn_on.fields.brightness.selector.number).toEqual({
      min: 0,
      max: 255,
      step: 1,
    });
  });
});

describe('HA formats', () => {
  it('writes floats and dates as Python str() does', () => {
    expect(pyFloat(21)).toBe('21.0');
    expect(pyFloat(0.1)).toBe('0.1');
    expect(pyFloat(-0.5)).toBe('-0.5');
    expect(pyFloat(0.00001)).toBe('1e-05');
    expect(pyFloat(1e16)).toBe('1e+16');
    expect(pyFloat(123456789012.5)).toBe('123456789012.5');
    expect(pyFloat(-0)).toBe('-0.0');
    expect(likeExisting(85, '80.0')).toBe('85.0');
    expect(likeExisting(130, '120')).toBe('130');
    expect(likeExisting(1.5, '120')).toBe('1.5');
    expect(pyDateStr(NOW)).toBe('2025-09-22 09:30:15.123456+00:00');
    expect(pyDateStr(Date.UTC(2025, 8, 22) * 1000)).toBe('2025-09-22 00:00:00+00:00');
    expect(pyIsoFormat(NOW)).toBe('2025-09-22T09:30:15.123456+00:00');
    expect(pyDateStr(NOW + 7)).toBe('2025-09-22 09:30:15.123463+00:00');
  });
});

describe('on/off entities', () => {
  it('switches, toggles and records the change in history', () => {
    const before = entity('switch.kitchen_kettle').history!.length;
    expect(entity('switch.kitchen_kettle').state).toBe('off');
    expect(run('switch', 'turn_on', 'switch.kitchen_kettle')).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(entity('switch.kitchen_kettle').state).toBe('on');
    expect(entity('switch.kitchen_kettle').history!.at(-1)).toEqual({
      state: 'on',
      date: '2025-09-22 09:30:15.123456+00:00',
    });
    // Already on: nothing changes, no history entry.
    expect(run('switch', 'turn_on', 'switch.kitchen_kettle')).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(entity('switch.kitchen_kettle').history).toHaveLength(before + 1);
    run('switch', 'toggle', 'switch.kitchen_kettle');
    expect(entity('switch.kitchen_kettle').state).toBe('off');
    run('input_boolean', 'toggle', 'input_boolean.guest_mode');
    expect(entity('input_boolean.guest_mode').state).toBe('on');
  });

  it('refuses unknown entities, services, extra keys, other domains and unavailable entities', () => {
    expect(refused('switch', 'turn_on', 'switch.nothing_here')).toBe(
      'Entity switch.nothing_here not found.',
    );
    expect(refused('switch', 'explode', 'switch.kitchen_kettle')).toBe(
      'Action switch.explode not found.',
    );
    expect(refused('switch', 'turn_on', 'switch.kitchen_kettle', { speed: 3 })).toBe(
      "extra keys not allowed @ data['speed']",
    );
    expect(refused('switch', 'turn_on', 'light.hallway_ceiling')).toBe(
      'light.hallway_ceiling is not a switch entity.',
    );
    expect(refused('switch', 'turn_on', 'switch.garden_fountain')).toBe(
      'Entity switch.garden_fountain is unavailable.',
    );
    expect(refused('tts', 'speak', 'tts.google_translate_en_com')).toBe(
      'Action tts.speak not found.',
    );
    expect(refused('__proto__', 'x', '__proto__.x')).toMatch(/not found/);
  });
});

describe('lights', () => {
  it('turns on with a brightness from 0 to 255 and back off', () => {
    const id = 'light.hallway_ceiling';
    expect(entity(id).state).toBe('off');
    expect(refused('light', 'turn_on', id, { brightness: 256 })).toMatch(/at most 255/);
    expect(refused('light', 'turn_on', id, { brightness: -1 })).toMatch(/at least 0/);
    expect(refused('light', 'turn_on', id, { brightness: 'bright' })).toMatch(/expected float/);
    expect(refused('light', 'turn_on', id, { brightness: 10, brightness_pct: 10 })).toMatch(
      /exclusion/,
    );
    expect(refused('light', 'turn_on', id, { rgb_color: [255, 0, 0] })).toBe(
      'light.hallway_ceiling does not support colours.',
    );
    run('light', 'turn_on', id, { brightness: 128 });
    expect(entity(id)).toMatchObject({
      state: 'on',
      attributes: { brightness: 128, color_mode: 'brightness' },
    });
    run('light', 'turn_on', id, { brightness_pct: 50 });
    expect(entity(id).attributes.brightness).toBe(128);
    run('light', 'turn_off', id);
    expect(entity(id)).toMatchObject({
      state: 'off',
      attributes: { brightness: 'None', color_mode: 'None' },
    });
    // Back on without data: the brightness it had.
    run('light', 'toggle', id);
    expect(entity(id)).toMatchObject({ state: 'on', attributes: { brightness: 128 } });
    // Brightness 0 turns it off, as in HA.
    run('light', 'turn_on', id, { brightness: 0 });
    expect(entity(id).state).toBe('off');
  });

  it('sets colours, colour temperature and effects the light supports', () => {
    const id = 'light.living_room_lamp';
    run('light', 'turn_on', id, { rgb_color: [255, 0, 0] });
    expect(entity(id)).toMatchObject({
      state: 'on',
      attributes: { color_mode: 'hs', hs_color: '(0.0, 100.0)', rgb_color: '(255, 0, 0)' },
    });
    run('light', 'turn_on', id, { color_temp_kelvin: 3000 });
    expect(entity(id).attributes).toMatchObject({
      color_mode: 'color_temp',
      color_temp_kelvin: 3000,
      color_temp: 333,
    });
    run('light', 'turn_on', id, { color_temp_kelvin: 9000 });
    expect(entity(id).attributes.color_temp_kelvin).toBe(4000);
    run('light', 'turn_on', id, { effect: 'breathe', transition: 2 });
    expect(entity(id).attributes.effect).toBe('breathe');
    expect(refused('light', 'turn_on', id, { effect: 'disco' })).toBe(
      'light.living_room_lamp has no effect "disco".',
    );
    expect(refused('light', 'turn_on', id, { rgb_color: [300, 0, 0] })).toMatch(/0 to 255/);
    expect(
      refused('light', 'turn_on', id, { rgb_color: [1, 2, 3], color_temp_kelvin: 3000 }),
    ).toMatch(/exclusion/);
  });
});

describe('climate', () => {
  const id = 'climate.bedroom_thermostat';

  it('sets a temperature within min_temp and max_temp, and modes among hvac_modes', () => {
    run('climate', 'set_hvac_mode', id, { hvac_mode: 'heat' });
    expect(entity(id).state).toBe('heat');
    run('climate', 'set_temperature', id, { temperature: 22.5 });
    expect(entity(id).attributes.temperature).toBe('22.5');
    expect(entity(id).attributes.hvac_action).toBe('heating');
    run('climate', 'set_temperature', id, { temperature: 7 });
    expect(entity(id).attributes.temperature).toBe('7.0');
    expect(entity(id).attributes.hvac_action).toBe('idle');
    expect(refused('climate', 'set_temperature', id, { temperature: 35.5 })).toBe(
      'Provided temperature 35.5 is not valid. Accepted range is 7.0 to 35.0.',
    );
    expect(refused('climate', 'set_temperature', id, { temperature: 6 })).toMatch(/Accepted range/);
    expect(refused('climate', 'set_temperature', id, {})).toBe(
      "required key not provided @ data['temperature']",
    );
    expect(refused('climate', 'set_hvac_mode', id, { hvac_mode: 'cool' })).toBe(
      'HVAC mode cool is not valid. Valid HVAC modes are: heat, off',
    );
    run('climate', 'set_temperature', id, { temperature: 20, hvac_mode: 'off' });
    expect(entity(id)).toMatchObject({
      state: 'off',
      attributes: { temperature: '20.0', hvac_action: 'off' },
    });
    run('climate', 'set_preset_mode', id, { preset_mode: 'eco' });
    expect(entity(id).attributes.preset_mode).toBe('eco');
    expect(refused('climate', 'set_preset_mode', id, { preset_mode: 'party' })).toMatch(
      /not valid/,
    );
    run('climate', 'turn_on', id);
    expect(entity(id).state).toBe('heat');
  });
});

describe('number, select, text', () => {
  it('sets numbers within min, max and on the step', () => {
    const kettle = 'number.kitchen_kettle_target_temperature';
    run('number', 'set_value', kettle, { value: 85 });
    expect(entity(kettle).state).toBe('85.0');
    expect(refused('number', 'set_value', kettle, { value: 105 })).toBe(
      'Value 105.0 for number.kitchen_kettle_target_temperature is outside valid range 40.0 - 100.0',
    );
    expect(refused('number', 'set_value', kettle, { value: 87 })).toMatch(
      /not a multiple of its step 5.0/,
    );
    expect(refused('number', 'set_value', kettle, {})).toMatch(/required key/);
    const offset = 'number.bedroom_thermostat_offset';
    run('number', 'set_value', offset, { value: 0.3 });
    expect(entity(offset).state).toBe('0.3');
    run('number', 'set_value', offset, { value: '-1.7' });
    expect(entity(offset).state).toBe('-1.7');
    expect(refused('number', 'set_value', offset, { value: 0.25 })).toMatch(/step/);
    const delay = 'number.hallway_ceiling_off_delay';
    run('number', 'set_value', delay, { value: 300 });
    expect(entity(delay).state).toBe('300');
    expect(refused('number', 'set_value', delay, { value: 5 })).toMatch(
      /outside valid range 10.0 - 600.0/,
    );
  });

  it('selects among the options', () => {
    const id = 'select.kitchen_kettle_mode';
    run('select', 'select_option', id, { option: 'boost' });
    expect(entity(id).state).toBe('boost');
    expect(refused('select', 'select_option', id, { option: 'turbo' })).toBe(
      'Option turbo is not valid for select.kitchen_kettle_mode. Valid options are: eco, normal, boost, keep_warm',
    );
    run('select', 'select_next', id);
    expect(entity(id).state).toBe('keep_warm');
    run('select', 'select_next', id);
    expect(entity(id).state).toBe('eco');
    run('select', 'select_previous', id, { cycle: false });
    expect(entity(id).state).toBe('eco');
    run('select', 'select_last', id);
    expect(entity(id).state).toBe('keep_warm');
  });

  it('sets text within its length limits', () => {
    const id = 'text.living_room_display_message';
    run('text', 'set_value', id, { value: 'Dinner at 7' });
    expect(entity(id).state).toBe('Dinner at 7');
    expect(refused('text', 'set_value', id, { value: 'x'.repeat(65) })).toMatch(/too long/);
  });
});

describe('valves, buttons and automations', () => {
  it('opens, closes and positions a valve', () => {
    const id = 'valve.garden_irrigation';
    run('valve', 'close_valve', id);
    expect(entity(id)).toMatchObject({ state: 'closed', attributes: { current_position: 0 } });
    run('valve', 'set_valve_position', id, { position: 40 });
    expect(entity(id)).toMatchObject({ state: 'open', attributes: { current_position: 40 } });
    expect(refused('valve', 'set_valve_position', id, { position: 101 })).toMatch(/at most 100/);
    run('valve', 'toggle', id);
    expect(entity(id).state).toBe('closed');
    run('valve', 'open_valve', id);
    expect(entity(id)).toMatchObject({ state: 'open', attributes: { current_position: 100 } });
  });

  it('stamps a button press with its time', () => {
    run('button', 'press', 'button.kitchen_kettle_descale');
    expect(entity('button.kitchen_kettle_descale').state).toBe('2025-09-22T09:30:15.123456+00:00');
    expect(entity('button.kitchen_kettle_descale').history!.at(-1)!.state).toBe(
      '2025-09-22T09:30:15.123456+00:00',
    );
  });

  it('triggers and switches automations', () => {
    const id = 'automation.evening_lights';
    const result = run('automation', 'trigger', id);
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(entity(id)).toMatchObject({
      state: 'on',
      attributes: { last_triggered: '2025-09-22 09:30:15.123456+00:00' },
    });
    // An attribute change is no state change: HA's history has no entry for it.
    expect(entity(id).history).toEqual([]);
    run('automation', 'turn_off', id);
    expect(entity(id).state).toBe('off');
    expect(refused('automation', 'trigger', id, { when: 'now' })).toMatch(/extra keys/);
  });

  it('plans without changing anything', () => {
    const before = JSON.stringify(home);
    const plan = planCommand(home, command('switch', 'toggle', 'switch.kitchen_kettle'), {
      now: NOW,
    });
    expect(plan).toMatchObject({ ok: true, update: { state: 'on' } });
    expect(JSON.stringify(home)).toBe(before);
  });
});
