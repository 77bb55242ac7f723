import type { LaunchCommand } from '@robonomics-dapp/robonomics/home-assistant/launch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../../common/test-support.ts';
import { type HomeChange, HomeStore } from './home.ts';
import { RELAY_STANDBY_WATTS } from './metered-relay.ts';

// The sample home's Robonomics relay with energy metering: its power and current follow its
// switch, as the relay's firmware reports them after the load is switched.
const PREFIX = 'sws_1g_eth_esp32c6';
const SWITCH = `switch.${PREFIX}_robonomics_1_gang_switch`;
const POWER = `sensor.${PREFIX}_energy_power`;
const CURRENT = `sensor.${PREFIX}_energy_current`;
const VOLTAGE = `sensor.${PREFIX}_energy_voltage`;
const NOW = Date.UTC(2025, 8, 22, 21, 0, 0) * 1000;

let dir: string;
let home: HomeStore;
let changes: HomeChange[];

const toggle = (name: 'turn_on' | 'turn_off', entityId = SWITCH): LaunchCommand => ({
  platform: 'switch',
  name,
  params: { entity_id: entityId },
});

beforeEach(() => {
  dir = tempDir();
  home = new HomeStore(dir, { now: NOW });
  changes = [];
  home.on('change', (change) => changes.push(change));
});

afterEach(() => removeDir(dir));

const state = (entityId: string) => home.entity(entityId)?.state;

describe('a metered relay', () => {
  it('reports its standby draw when switched off and its load’s draw when on again', () => {
    home.apply(toggle('turn_on'), NOW + 1_000_000);
    const loadWatts = Number(state(POWER));
    expect(loadWatts).toBeGreaterThan(30);

    expect(home.apply(toggle('turn_off'), NOW + 2_000_000).ok).toBe(true);
    expect(state(POWER)).toBe(RELAY_STANDBY_WATTS.toFixed(1));
    const volts = Number(state(VOLTAGE));
    expect(Number(state(CURRENT))).toBeCloseTo(RELAY_STANDBY_WATTS / volts, 3);
    expect(changes.at(-1)?.entityIds.sort()).toEqual([CURRENT, POWER, SWITCH].sort());
    // The history records the readings at the switch's moment.
    expect(home.entity(POWER)?.history?.at(-1)?.state).toBe(RELAY_STANDBY_WATTS.toFixed(1));

    home.apply(toggle('turn_on'), NOW + 3_000_000);
    expect(Number(state(POWER))).toBe(loadWatts);
    expect(Number(state(CURRENT))).toBeCloseTo(loadWatts / volts, 3);
  });

  it('changes nothing else for a switch without metering, or a refused call', () => {
    const plain = home
      .entityIds()
      .find((id) => id.startsWith('switch.') && id !== SWITCH && state(id) !== 'unavailable');
    expect(plain).toBeDefined();
    const before = state(POWER);
    home.apply(toggle(state(plain!) === 'on' ? 'turn_off' : 'turn_on', plain), NOW + 1_000_000);
    expect(changes.at(-1)?.entityIds).toEqual([plain]);
    expect(state(POWER)).toBe(before);

    const refused = home.apply(
      { platform: 'switch', name: 'turn_off', params: { entity_id: SWITCH, brightness: 3 } },
      NOW + 2_000_000,
    );
    expect(refused.ok).toBe(false);
    expect(state(POWER)).toBe(before);
  });
});
