import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml-view.ts';

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
