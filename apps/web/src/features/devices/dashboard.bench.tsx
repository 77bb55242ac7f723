import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { render } from '@testing-library/react';
import { bench, describe } from 'vitest';
import HomeDashboard from './components/HomeDashboard.tsx';

/** A home of `count` entities across the sample's domains, each with a day of history. */
function syntheticHome(count: number): HaStates {
  const domains = ['switch', 'sensor', 'light', 'binary_sensor', 'number', 'select', 'climate'];
  const entities: HaStates['entities'] = {};
  const devices: HaStates['devices'] = {};
  for (let i = 0; i < count; i++) {
    const domain = domains[i % domains.length]!;
    const id = `${domain}.entity_${i}`;
    entities[id] = {
      units: domain === 'sensor' ? 'dB' : 'None',
      state: domain === 'sensor' ? String(40 + (i % 20)) : 'on',
      attributes: { friendly_name: `Entity ${i}`, options: "['a', 'b']", min: 0, max: 10, step: 1 },
      history: Array.from({ length: 20 }, (_, k) => ({
        state: domain === 'sensor' ? String(40 + k) : k % 2 ? 'on' : 'off',
        date: `2025-09-21 ${String(k).padStart(2, '0')}:00:00.000000+00:00`,
      })),
    };
    devices[`device-${i}`] = {
      name: `Device ${i}`,
      entities: [id],
      config_entries: [],
      manufacturer: null,
      model: null,
      via_device: null,
      connections: [],
      suggested_area: null,
      area_id: `area_${i % 8}`,
    };
  }
  return { devices, entities, twin_id: 1 };
}

const home = syntheticHome(300);
const send = () => () => {};

describe('devices control panel', () => {
  bench('dashboard render with 300 entities (category view, first tab)', () => {
    const view = render(
      <HomeDashboard states={home} config={null} live send={send} statusOf={() => undefined} />,
    );
    view.unmount();
  });
});
