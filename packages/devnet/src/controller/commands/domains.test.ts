import { readFileSync } from 'node:fs';
import { checkCommand } from '@robonomics-dapp/robonomics/home-assistant/domains/check-command';
import { parseStringifiedList } from '@robonomics-dapp/robonomics/home-assistant/python-payload';
import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE, servicesForEntities } from '../ha-api/ha-config.ts';
import { pyDateStr, pyIsoFormat } from '../ha-api/ha-format.ts';
import { SAMPLE_HOME } from '../home/home.ts';
import { applyCommand } from './route-command.ts';

const NOW = Date.UTC(2025, 8, 22, 9, 30, 15) * 1000 + 123_456;
let home: HaStates;

function run(
  platform: string,
  name: string,
  entityId: string,
  extra: Record<string, unknown> = {},
) {
  return applyCommand(
    home,
    { platform, name, params: { entity_id: entityId, ...extra } },
    { now: NOW, lights: {} },
  );
}

/** A refused call changes nothing and says why. */
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
const attr = (id: string, key: string) => entity(id).attributes[key];

beforeEach(() => {
  home = JSON.parse(readFileSync(SAMPLE_HOME, 'utf8')) as HaStates;
});

describe('the sample home has every domain the devices page controls', () => {
  const DOMAINS = [
    'light',
    'climate',
    'humidifier',
    'water_heater',
    'cover',
    'lock',
    'fan',
    'media_player',
    'script',
    'scene',
    'vacuum',
    'text',
    'update',
    'weather',
    'automation',
  ];

  it('with a day of history and their services in the config', () => {
    const domains = new Set(Object.keys(home.entities).map((id) => id.split('.')[0]));
    for (const domain of DOMAINS) expect(domains, domain).toContain(domain);
    const services = servicesForEntities(
      JSON.parse(readFileSync(SERVICE_CATALOGUE, 'utf8')),
      Object.keys(home.entities),
    );
    for (const domain of DOMAINS.filter((d) => d !== 'weather')) {
      expect(Object.keys(services), domain).toContain(domain);
    }
    expect(Object.keys(services.cover!)).toEqual([
      'open_cover',
      'close_cover',
      'toggle',
      'set_cover_position',
      'stop_cover',
    ]);
    expect(Object.keys(services.climate!)).toContain('set_swing_mode');
    for (const id of [
      'cover.living_room_blinds',
      'lock.front_door',
      'media_player.living_room_speaker',
    ]) {
      expect(entity(id).history!.length, id).toBeGreaterThan(2);
    }
  });

  it('and every service of the catalogue for those domains is answered', () => {
    const catalogue = JSON.parse(readFileSync(SERVICE_CATALOGUE, 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    for (const domain of ['cover', 'lock', 'fan', 'media_player', 'script', 'scene', 'vacuum']) {
      const id = Object.keys(home.entities).find((e) => e.startsWith(`${domain}.`))!;
      for (const service of Object.keys(catalogue[domain]!)) {
        const result = run(domain, service, id);
        if (!result.ok) expect(result.error, `${domain}.${service}`).not.toMatch(/not found/);
      }
    }
  });
});

describe('covers', () => {
  const blinds = 'cover.living_room_blinds';
  const garage = 'cover.garage_door';
  it('open, close, stop and move to a position', () => {
    expect(run('cover', 'close_cover', blinds).ok).toBe(true);
    expect(entity(blinds).state).toBe('closed');
    expect(attr(blinds, 'current_position')).toBe(0);
    expect(entity(blinds).history!.at(-1)).toEqual({ state: 'closed', date: pyDateStr(NOW) });
    expect(run('cover', 'set_cover_position', blinds, { position: 40 }).ok).toBe(true);
    expect(entity(blinds).state).toBe('open');
    expect(attr(blinds, 'current_position')).toBe(40);
    expect(run('cover', 'stop_cover', blinds).ok).toBe(true);
    expect(run('cover', 'toggle', blinds).ok).toBe(true);
    expect(entity(blinds).state).toBe('closed');
  });
  it('refuse positions out of range and actions the cover lacks', () => {
    expect(refused('cover', 'set_cover_position', blinds, { position: 101 })).toBe(
      "value must be at most 100 and at least 0 for dictionary value @ data['position']",
    );
    expect(refused('cover', 'set_cover_position', garage, { position: 50 })).toBe(
      'Entity cover.garage_door does not support action cover.set_cover_position',
    );
    expect(refused('cover', 'stop_cover', garage)).toBe(
      'Entity cover.garage_door does not support action cover.stop_cover',
    );
    expect(run('cover', 'open_cover', garage).ok).toBe(true);
    expect(entity(garage).state).toBe('open');
    expect('current_position' in entity(garage).attributes).toBe(false);
  });
});

describe('locks', () => {
  it('lock, unlock and open; a code that is not asked for is refused', () => {
    expect(run('lock', 'unlock', 'lock.front_door').ok).toBe(true);
    expect(entity('lock.front_door').state).toBe('unlocked');
    expect(run('lock', 'open', 'lock.front_door').ok).toBe(true);
    expect(entity('lock.front_door').state).toBe('open');
    expect(run('lock', 'lock', 'lock.front_door').ok).toBe(true);
    expect(entity('lock.front_door').state).toBe('locked');
    expect(refused('lock', 'lock', 'lock.front_door', { force: true })).toBe(
      "extra keys not allowed @ data['force']",
    );
    entity('lock.front_door').attributes.supported_features = 0;
    expect(refused('lock', 'open', 'lock.front_door')).toBe(
      'Entity lock.front_door does not support action lock.open',
    );
    entity('lock.front_door').attributes.code_format = '^\\d{4}$';
    expect(refused('lock', 'unlock', 'lock.front_door', { code: '12' })).toMatch(/code/);
    expect(run('lock', 'unlock', 'lock.front_door', { code: '1234' }).ok).toBe(true);
  });
});

describe('fans', () => {
  const id = 'fan.bedroom_fan';
  it('set speed on the percentage step, oscillate, direction and presets', () => {
    expect(run('fan', 'set_percentage', id, { percentage: 70 }).ok).toBe(true);
    expect(attr(id, 'percentage')).toBe(67);
    expect(run('fan', 'increase_speed', id).ok).toBe(true);
    expect(attr(id, 'percentage')).toBe(100);
    expect(run('fan', 'oscillate', id, { oscillating: true }).ok).toBe(true);
    expect(attr(id, 'oscillating')).toBe(true);
    expect(run('fan', 'set_direction', id, { direction: 'reverse' }).ok).toBe(true);
    expect(attr(id, 'direction')).toBe('reverse');
    expect(run('fan', 'set_preset_mode', id, { preset_mode: 'sleep' }).ok).toBe(true);
    expect(attr(id, 'preset_mode')).toBe('sleep');
    expect(run('fan', 'set_percentage', id, { percentage: 0 }).ok).toBe(true);
    expect(entity(id).state).toBe('off');
    expect(run('fan', 'turn_on', id).ok).toBe(true);
    expect(entity(id).state).toBe('on');
    expect(attr(id, 'percentage')).toBe(33);
  });
  it('refuse what HA refuses', () => {
    expect(refused('fan', 'set_percentage', id, { percentage: 120 })).toBe(
      "value must be at most 100 and at least 0 for dictionary value @ data['percentage']",
    );
    expect(refused('fan', 'set_direction', id, { direction: 'up' })).toBe(
      "value must be one of ['forward', 'reverse'] for dictionary value @ data['direction']",
    );
    expect(refused('fan', 'set_preset_mode', id, { preset_mode: 'turbo' })).toBe(
      'Preset mode turbo is not valid, valid preset modes are: normal, sleep, natural, auto',
    );
    expect(refused('fan', 'oscillate', id)).toBe("required key not provided @ data['oscillating']");
  });
});

describe('media players', () => {
  const id = 'media_player.living_room_speaker';
  it('play, pause, volume from 0 to 1 and a source of the list', () => {
    expect(run('media_player', 'media_play', id).ok).toBe(true);
    expect(entity(id).state).toBe('playing');
    expect(run('media_player', 'media_pause', id).ok).toBe(true);
    expect(entity(id).state).toBe('paused');
    expect(run('media_player', 'volume_set', id, { volume_level: 0.6 }).ok).toBe(true);
    expect(attr(id, 'volume_level')).toBe('0.6');
    expect(run('media_player', 'select_source', id, { source: 'Radio' }).ok).toBe(true);
    expect(attr(id, 'source')).toBe('Radio');
    expect(run('media_player', 'media_next_track', id).ok).toBe(true);
    expect(attr(id, 'media_track')).toBe(4);
  });
  it('refuse volumes out of range, unknown sources and anything but power while off', () => {
    expect(refused('media_player', 'volume_set', id, { volume_level: 1.5 })).toBe(
      "value must be at most 1 and at least 0 for dictionary value @ data['volume_level']",
    );
    expect(refused('media_player', 'select_source', id, { source: 'Vinyl' })).toMatch(
      /^Source Vinyl is not valid/,
    );
    expect(run('media_player', 'turn_off', id).ok).toBe(true);
    expect(refused('media_player', 'media_play', id)).toMatch(/turn it on first/);
    entity(id).attributes.supported_features = 1;
    expect(refused('media_player', 'turn_on', id)).toBe(
      `Entity ${id} does not support action media_player.turn_on`,
    );
  });
});

describe('scripts and scenes', () => {
  it('run a script and activate a scene, stamping the time', () => {
    expect(run('script', 'turn_on', 'script.good_night').ok).toBe(true);
    expect(entity('script.good_night').state).toBe('off');
    expect(attr('script.good_night', 'last_triggered')).toBe(pyDateStr(NOW));
    expect(run('scene', 'turn_on', 'scene.movie_night').ok).toBe(true);
    expect(entity('scene.movie_night').state).toBe(pyIsoFormat(NOW));
    expect(refused('scene', 'turn_off', 'scene.movie_night')).toBe(
      'Action scene.turn_off not found.',
    );
  });
});

describe('vacuums', () => {
  const id = 'vacuum.robot_vacuum';
  it('start, pause, return to the dock and set a fan speed of the list', () => {
    expect(run('vacuum', 'start', id).ok).toBe(true);
    expect(entity(id).state).toBe('cleaning');
    expect(run('vacuum', 'pause', id).ok).toBe(true);
    expect(entity(id).state).toBe('paused');
    expect(run('vacuum', 'return_to_base', id).ok).toBe(true);
    expect(entity(id).state).toBe('docked');
    expect(run('vacuum', 'set_fan_speed', id, { fan_speed: 'turbo' }).ok).toBe(true);
    expect(attr(id, 'fan_speed')).toBe('turbo');
    expect(refused('vacuum', 'set_fan_speed', id, { fan_speed: 'hurricane' })).toBe(
      'Fan speed hurricane is not valid. Valid fan speeds are: quiet, balanced, turbo, max',
    );
    expect(refused('vacuum', 'clean_spot', id)).toBe(
      `Entity ${id} does not support action vacuum.clean_spot`,
    );
  });
});

describe('humidifiers and water heaters', () => {
  it('set a humidity in range and a mode of the list', () => {
    const id = 'humidifier.bedroom_humidifier';
    expect(run('humidifier', 'set_humidity', id, { humidity: 60 }).ok).toBe(true);
    expect(attr(id, 'humidity')).toBe(60);
    expect(refused('humidifier', 'set_humidity', id, { humidity: 90 })).toBe(
      'Provided humidity 90 is not valid. Accepted range is 30 to 80',
    );
    expect(run('humidifier', 'set_mode', id, { mode: 'silent' }).ok).toBe(true);
    expect(attr(id, 'mode')).toBe('silent');
    expect(refused('humidifier', 'set_mode', id, { mode: 'storm' })).toBe(
      'Mode storm is not valid. Valid modes are: auto, silent, medium, high',
    );
    expect(run('humidifier', 'turn_off', id).ok).toBe(true);
    expect(entity(id).state).toBe('off');
  });
  it('set a water temperature in range and an operation mode', () => {
    const id = 'water_heater.boiler';
    expect(run('water_heater', 'set_temperature', id, { temperature: 60 }).ok).toBe(true);
    expect(attr(id, 'temperature')).toBe('60.0');
    expect(refused('water_heater', 'set_temperature', id, { temperature: 90 })).toBe(
      'Provided temperature 90.0 is not valid. Accepted range is 35.0 to 75.0.',
    );
    expect(
      run('water_heater', 'set_operation_mode', id, { operation_mode: 'performance' }).ok,
    ).toBe(true);
    expect(entity(id).state).toBe('performance');
    expect(attr(id, 'operation_mode')).toBe('performance');
    expect(run('water_heater', 'turn_off', id).ok).toBe(true);
    expect(entity(id).state).toBe('off');
    expect(run('water_heater', 'turn_on', id).ok).toBe(true);
    expect(entity(id).state).toBe('eco');
    expect(refused('water_heater', 'set_operation_mode', id, { operation_mode: 'gas' })).toMatch(
      /^Operation mode gas is not valid/,
    );
  });
});

describe('climate fan and swing modes', () => {
  const id = 'climate.living_room_air_conditioner';
  it('set among the lists and refuse others, naming the valid ones', () => {
    expect(run('climate', 'set_hvac_mode', id, { hvac_mode: 'cool' }).ok).toBe(true);
    expect(attr(id, 'hvac_action')).toBe('cooling');
    expect(run('climate', 'set_fan_mode', id, { fan_mode: 'high' }).ok).toBe(true);
    expect(attr(id, 'fan_mode')).toBe('high');
    expect(run('climate', 'set_swing_mode', id, { swing_mode: 'both' }).ok).toBe(true);
    expect(attr(id, 'swing_mode')).toBe('both');
    expect(refused('climate', 'set_fan_mode', id, { fan_mode: 'turbo' })).toBe(
      'Fan mode turbo is not valid. Valid fan modes are: auto, quiet, low, medium, high',
    );
    expect(
      refused('climate', 'set_swing_mode', 'climate.bedroom_thermostat', { swing_mode: 'on' }),
    ).toBe('Entity climate.bedroom_thermostat does not support action climate.set_swing_mode');
  });
});

describe('updates', () => {
  it('install what is offered, skip and clear the skip', () => {
    const core = 'update.home_assistant_core_update';
    expect(run('update', 'skip', core).ok).toBe(true);
    expect(entity(core).state).toBe('off');
    expect(attr(core, 'skipped_version')).toBe('2025.9.4');
    expect(run('update', 'clear_skipped', core).ok).toBe(true);
    expect(entity(core).state).toBe('on');
    expect(run('update', 'install', core, { backup: true }).ok).toBe(true);
    expect(entity(core).state).toBe('off');
    expect(attr(core, 'installed_version')).toBe('2025.9.4');
    expect(refused('update', 'install', core)).toBe(`No update available for ${core}`);
    expect(parseStringifiedList(entity('scene.movie_night').attributes.entity_id)?.length).toBe(2);
    entity(core).attributes.supported_features = 1;
    expect(refused('update', 'install', core, { version: '2025.9.1' })).toBe(
      `Installing a specific version is not supported for ${core}`,
    );
  });
});

describe("the page's check and the home read the same declarations", () => {
  const cases: [string, string, string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      'climate',
      'set_temperature',
      'climate.living_room_air_conditioner',
      { temperature: 31 },
      { temperature: 31.5 },
    ],
    [
      'climate',
      'set_hvac_mode',
      'climate.bedroom_thermostat',
      { hvac_mode: 'heat' },
      { hvac_mode: 'cool' },
    ],
    [
      'humidifier',
      'set_humidity',
      'humidifier.bedroom_humidifier',
      { humidity: 80 },
      { humidity: 81 },
    ],
    [
      'water_heater',
      'set_temperature',
      'water_heater.boiler',
      { temperature: 75 },
      { temperature: 75.5 },
    ],
    [
      'number',
      'set_value',
      'number.kitchen_kettle_target_temperature',
      { value: 100 },
      { value: 87 },
    ],
    [
      'text',
      'set_value',
      'text.living_room_display_message',
      { value: 'x'.repeat(64) },
      { value: 'x'.repeat(65) },
    ],
    [
      'cover',
      'set_cover_position',
      'cover.living_room_blinds',
      { position: 100 },
      { position: 101 },
    ],
    ['valve', 'set_valve_position', 'valve.garden_irrigation', { position: 0 }, { position: -1 }],
    [
      'fan',
      'set_preset_mode',
      'fan.bedroom_fan',
      { preset_mode: 'sleep' },
      { preset_mode: 'turbo' },
    ],
    ['fan', 'set_direction', 'fan.bedroom_fan', { direction: 'reverse' }, { direction: 'up' }],
    [
      'media_player',
      'volume_set',
      'media_player.living_room_speaker',
      { volume_level: 1 },
      { volume_level: 1.5 },
    ],
    [
      'media_player',
      'select_source',
      'media_player.living_room_speaker',
      { source: 'TV' },
      { source: 'Vinyl' },
    ],
    [
      'vacuum',
      'set_fan_speed',
      'vacuum.robot_vacuum',
      { fan_speed: 'max' },
      { fan_speed: 'hurricane' },
    ],
    [
      'select',
      'select_option',
      'select.kitchen_kettle_mode',
      { option: 'eco' },
      { option: 'turbo' },
    ],
    ['light', 'turn_on', 'light.living_room_lamp', { effect: 'blink' }, { effect: 'disco' }],
    ['light', 'turn_on', 'light.hallway_ceiling', { brightness: 255 }, { brightness: 256 }],
  ];
  for (const [domain, service, id, good, bad] of cases) {
    it(`${domain}.${service} on ${id}: both take one value and refuse the other`, () => {
      const attributes = entity(id).attributes;
      expect(checkCommand(domain, attributes, service, good)).toBeNull();
      expect(checkCommand(domain, attributes, service, bad)).toMatch(/ must /);
      refused(domain, service, id, bad);
      expect(run(domain, service, id, good).ok).toBe(true);
    });
  }

  it('the page refuses what the light lacks, and HA refuses it too', () => {
    const id = 'light.hallway_ceiling';
    expect(checkCommand('light', entity(id).attributes, 'turn_on', { rgb_color: [1, 2, 3] })).toBe(
      'This light has no colours.',
    );
    expect(refused('light', 'turn_on', id, { rgb_color: [1, 2, 3] })).toBe(
      'light.hallway_ceiling does not support colours.',
    );
  });

  it("the page holds a white temperature to the light's range where HA clamps it", () => {
    const id = 'light.living_room_lamp';
    expect(
      checkCommand('light', entity(id).attributes, 'turn_on', { color_temp_kelvin: 9000 }),
    ).toBe('Colour temperature must be between 2202 K and 4000 K.');
    expect(run('light', 'turn_on', id, { color_temp_kelvin: 9000 }).ok).toBe(true);
    expect(attr(id, 'color_temp_kelvin')).toBe(4000);
  });
});

describe('the declarations decide what HA checks before the entity', () => {
  it('refuses keys a service does not take, and takes the keys of its declaration', () => {
    expect(refused('vacuum', 'start', 'vacuum.robot_vacuum', { fan_speed: 'max' })).toBe(
      "extra keys not allowed @ data['fan_speed']",
    );
    expect(run('automation', 'turn_off', 'automation.evening_lights', { stop_actions: 0 }).ok).toBe(
      true,
    );
    expect(refused('scene', 'turn_on', 'scene.movie_night', { transition: 7000 })).toBe(
      "value must be at most 6553 and at least 0 for dictionary value @ data['transition']",
    );
  });

  it('drops the fraction of whole numbers, as HA coerces them', () => {
    expect(
      run('cover', 'set_cover_position', 'cover.living_room_blinds', { position: 40.7 }).ok,
    ).toBe(true);
    expect(attr('cover.living_room_blinds', 'current_position')).toBe(40);
  });

  it('gives a valve without supported_features its open and close', () => {
    const id = 'valve.garden_irrigation';
    delete entity(id).attributes.supported_features;
    expect(run('valve', 'close_valve', id).ok).toBe(true);
    expect(run('valve', 'toggle', id).ok).toBe(true);
    expect(refused('valve', 'stop_valve', id)).toBe(
      `Entity ${id} does not support action valve.stop_valve`,
    );
    expect(refused('valve', 'set_valve_position', id, { position: 50 })).toBe(
      `Entity ${id} does not support action valve.set_valve_position`,
    );
  });

  it("refuses an action whose feature bit the entity lacks, with HA's words", () => {
    entity('update.home_assistant_core_update').attributes.supported_features = 0;
    expect(refused('update', 'install', 'update.home_assistant_core_update')).toBe(
      'Entity update.home_assistant_core_update does not support action update.install',
    );
    entity('water_heater.boiler').attributes.supported_features = 7;
    expect(refused('water_heater', 'turn_off', 'water_heater.boiler')).toBe(
      'Entity water_heater.boiler does not support action water_heater.turn_off',
    );
  });

  it('holds a text entity without a maximum to 255 characters', () => {
    const id = 'text.living_room_display_message';
    delete entity(id).attributes.max;
    expect(run('text', 'set_value', id, { value: 'x'.repeat(255) }).ok).toBe(true);
    expect(refused('text', 'set_value', id, { value: 'x'.repeat(256) })).toBe(
      `Value ${'x'.repeat(256)} for ${id} is too long (0 to 255 characters).`,
    );
  });
});
