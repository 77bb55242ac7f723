// @vitest-environment node
import { readFileSync } from 'node:fs';
import type {
  HaDevice,
  HaEntityState,
  HaStates,
} from '@robonomics-dapp/robonomics/home-assistant/states';
import { describe, expect, it } from 'vitest';
import {
  columnsForWidth,
  type DeviceGroup,
  deviceKind,
  entityViews,
  groupDevices,
  rowSpan,
} from './device-groups.ts';

/** A history entry `minutes` after 10:00 on the fixture's day, as HA writes dates. */
const at = (minutes: number, state: string) => {
  const d = new Date(Date.UTC(2025, 8, 21, 10, minutes));
  return { state, date: d.toISOString().replace('T', ' ').replace('.000Z', '+00:00') };
};

function entity(
  state: string,
  name: string,
  history: { state: string; date: string }[] = [],
  extra: Record<string, unknown> = {},
): HaEntityState {
  return { units: 'None', state, attributes: { friendly_name: name, ...extra }, history };
}

function device(
  name: string,
  entities: string[],
  { model = 'Model', area = null as string | null } = {},
): HaDevice {
  return {
    name,
    entities,
    config_entries: [],
    manufacturer: 'Maker',
    model,
    via_device: null,
    connections: [],
    suggested_area: null,
    area_id: area,
  };
}

const HOME: HaStates = {
  twin_id: 1,
  devices: {
    lamp: device('Lamp device', ['light.lamp', 'number.lamp_delay'], { area: 'living_room' }),
    kettle: device(
      'Kettle',
      ['switch.kettle', 'number.kettle_target', 'select.kettle_mode', 'button.kettle_descale'],
      { area: 'kitchen' },
    ),
    fountain: device('Fountain', ['switch.fountain'], { area: 'garden' }),
    heater: device('Heater plug', ['switch.heater'], { area: 'kitchen' }),
    backup: device('Backup', ['sensor.backup_state', 'event.backup_done']),
    weather: device('Forecast', ['weather.home']),
    doorbell: device('Doorbell', ['event.doorbell']),
    altruist: device('Altruist Outdoor', ['sensor.altruist_pm10', 'sensor.altruist_humidity'], {
      model: 'Altruist Sensor',
      area: 'garden',
    }),
    ghost: device('Ghost', ['switch.missing_entity']),
  },
  entities: {
    'light.lamp': entity('on', 'Lamp', [at(1, 'off'), at(5, 'on')]),
    'number.lamp_delay': entity('120', 'Lamp off delay'),
    'switch.kettle': entity('off', 'Kettle power', [at(2, 'off')]),
    'number.kettle_target': entity('80', 'Kettle target'),
    'select.kettle_mode': entity('normal', 'Kettle mode'),
    'button.kettle_descale': entity('unknown', 'Descale'),
    'switch.fountain': entity('unavailable', 'Fountain', [at(50, 'unavailable')]),
    'switch.heater': entity('on', 'Heater', [at(2, 'on')]),
    'sensor.backup_state': entity('idle', 'Backup state', [at(3, 'idle')]),
    'event.backup_done': entity('2025-09-21', 'Backup done'),
    'weather.home': entity('rainy', 'Home weather', [at(4, 'rainy')]),
    'event.doorbell': entity('2025-09-21', 'Doorbell ring'),
    'sensor.altruist_pm10': entity('12', 'PM10', [at(30, '12')]),
    'sensor.altruist_humidity': entity('55', 'Humidity', [at(30, '55')]),
    'input_boolean.guest_mode': entity('off', 'Guest mode', [at(6, 'off')]),
    'automation.on_old': entity('on', 'On, old', [], { last_triggered: '2025-09-20T10:00:00Z' }),
    'automation.on_new': entity('on', 'On, new', [], { last_triggered: '2025-09-21T10:00:00Z' }),
    'automation.off_new': entity('off', 'Off', [], { last_triggered: '2025-09-22T10:00:00Z' }),
    'automation.broken': entity('unavailable', 'Broken'),
    'vacuum_cleaner_x.odd': entity('docked', 'Odd domain'),
  },
};

const titles = (groups: DeviceGroup[]) => groups.map((g) => g.title);
const cardsOf = (groups: DeviceGroup[], title: string) =>
  groups.find((g) => g.title === title)?.cards ?? [];
const names = (groups: DeviceGroup[], title: string) =>
  cardsOf(groups, title).map((c) => c.device.name);

describe('groupDevices by category', () => {
  const groups = groupDevices(HOME, 'category');

  it('keeps the tab order of docs/product-rules.md and puts automations in their own tab', () => {
    expect(titles(groups)).toEqual([
      'Lighting',
      'Switches & Outlets',
      'Sensors & Detectors',
      'Forecast',
      'Other Devices',
      'Automations',
    ]);
  });

  it('shows a device in every category it matches, its other entities under Extended', () => {
    const switches = cardsOf(groups, 'Switches & Outlets').find((c) => c.device.id === 'kettle')!;
    expect(switches.main.map((e) => e.id)).toEqual(['switch.kettle']);
    expect(switches.extended.map((e) => e.id)).toEqual([
      'number.kettle_target',
      'select.kettle_mode',
      'button.kettle_descale',
    ]);
    const other = cardsOf(groups, 'Other Devices').find((c) => c.device.id === 'kettle')!;
    expect(other.main.map((e) => e.id)).toEqual([
      'number.kettle_target',
      'select.kettle_mode',
      'button.kettle_descale',
    ]);
    expect(other.extended.map((e) => e.id)).toEqual(['switch.kettle']);
    // An event counts for no category: the backup device is a sensor with its event extended.
    const backup = cardsOf(groups, 'Sensors & Detectors').find((c) => c.device.id === 'backup')!;
    expect(backup.extended.map((e) => e.id)).toEqual(['event.backup_done']);
    expect(names(groups, 'Other Devices')).not.toContain('Backup');
  });

  it('puts a device whose domains match no category under Other Devices', () => {
    const doorbell = cardsOf(groups, 'Other Devices').find((c) => c.device.id === 'doorbell')!;
    expect(doorbell.main.map((e) => e.id)).toEqual(['event.doorbell']);
    expect(doorbell.extended).toEqual([]);
    // An entity of an unknown domain and no device is shown too, read-only, as its own card.
    expect(names(groups, 'Other Devices')).toContain('Odd domain');
  });

  it('hides the title of light and weather devices only', () => {
    const lamp = cardsOf(groups, 'Lighting')[0]!;
    expect(lamp.device.name).toBe('Lamp device');
    expect(lamp.showTitle).toBe(false);
    expect(cardsOf(groups, 'Forecast')[0]!.showTitle).toBe(false);
    expect(cardsOf(groups, 'Switches & Outlets').every((c) => c.showTitle)).toBe(true);
  });

  it('sorts devices: available primary entity first, then newest update, then name', () => {
    // Heater and Kettle both updated at 10:02: by name; the unavailable fountain last although
    // it is the newest; the guest-mode switch (10:06) is the newest available one.
    expect(names(groups, 'Switches & Outlets')).toEqual([
      'Guest mode',
      'Heater plug',
      'Kettle',
      'Fountain',
    ]);
  });

  it('sorts automations: on first, newest trigger first, unavailable last', () => {
    expect(names(groups, 'Automations')).toEqual(['On, new', 'On, old', 'Off', 'Broken']);
  });

  it('skips device entries whose entities the states lack', () => {
    expect(groups.flatMap((g) => g.cards).some((c) => c.device.id === 'ghost')).toBe(false);
  });

  it('gives Altruist devices their own card kind', () => {
    const altruist = cardsOf(groups, 'Sensors & Detectors').find((c) => c.device.id === 'altruist');
    expect(altruist?.device.kind).toBe('altruist');
    expect(deviceKind('Altruist')).toBe('altruist');
    expect(deviceKind('Robonomics-1L-Switch')).toBe('roboswitch');
    expect(deviceKind('TS011F')).toBe('device');
    expect(deviceKind(null)).toBe('device');
  });
});

describe('groupDevices by area', () => {
  const groups = groupDevices(HOME, 'area');

  it('has one tab per area, sorted, No Area last, with every device whole', () => {
    expect(titles(groups)).toEqual(['garden', 'kitchen', 'living_room', 'No Area']);
    const kettle = cardsOf(groups, 'kitchen').find((c) => c.device.id === 'kettle')!;
    expect(kettle.main).toHaveLength(4);
    expect(kettle.extended).toEqual([]);
    expect(names(groups, 'kitchen')).toEqual(['Heater plug', 'Kettle']);
    expect(names(groups, 'No Area')).toContain('On, new');
  });
});

describe('the sample home of the devnet', () => {
  const sample = JSON.parse(
    readFileSync(
      new URL('../../../../../../packages/devnet/fixtures/sample-home.json', import.meta.url),
      'utf8',
    ),
  ) as HaStates;

  it('shows every entity in at least one card of each mode', () => {
    for (const by of ['category', 'area'] as const) {
      const shown = new Set(
        groupDevices(sample, by)
          .flatMap((g) => g.cards)
          .flatMap((c) => [...c.main, ...c.extended].map((e) => e.id)),
      );
      expect([...shown].sort()).toEqual(
        entityViews(sample)
          .map((e) => e.id)
          .sort(),
      );
    }
  });
});

describe('masonry columns', () => {
  it('counts columns by width as docs/product-rules.md says', () => {
    expect([1400, 1201, 1200, 901, 900, 681, 680, 390].map(columnsForWidth)).toEqual([
      4, 4, 3, 3, 2, 2, 1, 1,
    ]);
  });

  it('spans enough rows for a card and the gap below it', () => {
    expect(rowSpan(0)).toBe(1);
    // 8 px rows with 16 px gaps: span k covers 24k - 16 px.
    expect(rowSpan(8)).toBe(1);
    expect(rowSpan(9)).toBe(2);
    expect(rowSpan(200)).toBe(9);
    expect(24 * rowSpan(200) - 16).toBeGreaterThanOrEqual(200);
  });
});
