// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { altruistReadings, recentSeries, roboswitchParts } from './device-cards.ts';
import type { EntityView } from './device-groups.ts';

const HOUR = 3_600_000;
const NOW = 10 * 24 * HOUR;

function sensor(id: string, state: string, history: [number, string][] = []): EntityView {
  return {
    id,
    domain: id.split('.')[0]!,
    name: id,
    state,
    units: 'x',
    attributes: {},
    updated: history.at(-1)?.[0] ?? null,
    history: history.map(([time, s]) => ({ time, state: s })),
    area: 'garden',
    category: 'Sensors & Detectors',
  };
}

describe('altruistReadings', () => {
  it('finds the readings by the end of their ids, in a fixed order, with numeric values', () => {
    const readings = altruistReadings([
      sensor('sensor.altruist_signal_strength', '-50'),
      sensor('sensor.altruist_pm2_5', 'unavailable'),
      sensor('sensor.altruist_temperature', '21.5'),
      sensor('sensor.altruist_firmware', '1.2'),
      sensor('switch.altruist_humidity', 'on'),
    ]);
    expect(readings.map((r) => [r.suffix, r.value])).toEqual([
      ['temperature', 21.5],
      ['pm2_5', null],
      ['signal_strength', -50],
    ]);
  });
});

describe('recentSeries', () => {
  it('keeps the last three hours only, unreadable values as gaps', () => {
    const entity = sensor('sensor.altruist_temperature', '20', [
      [NOW - 4 * HOUR, '18'],
      [NOW - 2 * HOUR, '19'],
      [NOW - HOUR, 'unavailable'],
      [NOW, '20'],
    ]);
    expect(recentSeries(entity, NOW)).toEqual({
      xs: [NOW - 2 * HOUR, NOW - HOUR, NOW],
      ys: [19, null, 20],
    });
  });
});

describe('roboswitchParts', () => {
  it('finds power, voltage, current and the relay', () => {
    const parts = roboswitchParts([
      sensor('sensor.sws_energy_power', '12'),
      sensor('sensor.sws_energy_voltage', '230'),
      sensor('sensor.sws_energy_current', '0.05'),
      sensor('switch.sws_robonomics_1_gang_switch', 'on'),
    ]);
    expect(parts.power?.state).toBe('12');
    expect(parts.voltage?.state).toBe('230');
    expect(parts.current?.state).toBe('0.05');
    expect(parts.relay?.id).toBe('switch.sws_robonomics_1_gang_switch');
    expect(roboswitchParts([sensor('sensor.other', '1')]).relay).toBeUndefined();
  });
});
