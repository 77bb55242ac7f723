import type { HaConfig } from '@robonomics-dapp/robonomics/home-assistant/config';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EntityView } from '../view/device-groups.ts';
import { EntityCard } from './EntityCard.tsx';

const view = (id: string, state: string, attributes: Record<string, unknown>): EntityView => ({
  id,
  domain: id.split('.')[0]!,
  name: String(attributes.friendly_name ?? id),
  state,
  units: null,
  attributes,
  updated: null,
  history: [],
  area: 'No Area',
  category: 'Other Devices',
});

const config = (services: Record<string, string[]>): HaConfig =>
  ({
    services: Object.fromEntries(
      Object.entries(services).map(([d, list]) => [
        d,
        Object.fromEntries(list.map((s) => [s, {}])),
      ]),
    ),
  }) as unknown as HaConfig;

describe('EntityCard with odd data', () => {
  const odd: [string, string, Record<string, unknown>][] = [
    ['light.no_features', 'on', {}],
    ['climate.broken', 'heat', { hvac_modes: 42, min_temp: 'cold', temperature: { x: 1 } }],
    ['cover.weird', 'ajar', { supported_features: 'lots', current_position: 'half' }],
    ['media_player.huge', 'playing', { source_list: 'x'.repeat(100_000), supported_features: -5 }],
    ['fan.nothing', 'on', { percentage: null, preset_modes: [null, {}, []] }],
    ['teapot.kitchen', 'brewing', { temperature: 97, nested: { deep: [1, 2, 3] } }],
    ['update.odd', 'on', { installed_version: 5, latest_version: null }],
    ['weather.odd', 'sunny', { temperature: 'warm', humidity: [] }],
    ['automation.odd', 'on', { last_triggered: 'yesterday', weird: { a: [1, { b: 2 }] } }],
  ];
  for (const [id, state, attributes] of odd) {
    it(`shows ${id} with its state and without a crash`, () => {
      render(<EntityCard entity={view(id, state, attributes)} config={null} send={() => {}} />);
      expect(screen.getByTestId(`state-${id}`).textContent).not.toBe('');
    });
  }

  it('shows an unknown domain read only', () => {
    render(
      <EntityCard
        entity={view('teapot.kitchen', 'brewing', { friendly_name: 'Teapot' })}
        config={null}
        send={() => {}}
      />,
    );
    expect(screen.getByTestId('state-teapot.kitchen').textContent).toBe('Brewing');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('offers only the services the home lists for the domain', () => {
    const entity = view('cover.blinds', 'open', {
      friendly_name: 'Blinds',
      supported_features: 15,
      current_position: 40,
    });
    render(
      <EntityCard entity={entity} config={config({ cover: ['close_cover'] })} send={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Blinds: Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Blinds: Open' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Blinds: Stop' })).toBeNull();
  });

  it('refuses a value outside the range in words and sends nothing', () => {
    const send = vi.fn();
    const entity = view('text.message', 'hi', {
      friendly_name: 'Message',
      min: 0,
      max: 4,
      pattern: 'None',
    });
    render(<EntityCard entity={entity} config={null} send={send} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message: value' }), {
      target: { value: 'too long' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The text must be at most 4 characters long.',
    );
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message: value' }), {
      target: { value: 'ok' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(send).toHaveBeenCalledWith('set_value', { value: 'ok' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a light change with Apply Changes as one turn_on', () => {
    const send = vi.fn();
    const entity = view('light.lamp', 'on', {
      friendly_name: 'Lamp',
      supported_color_modes: "['color_temp', 'hs']",
      min_color_temp_kelvin: 2202,
      max_color_temp_kelvin: 4000,
      brightness: 128,
      color_temp_kelvin: 2700,
      supported_features: 44,
      effect_list: "['blink', 'okay']",
    });
    render(<EntityCard entity={entity} config={null} send={send} />);
    fireEvent.change(screen.getByLabelText('Brightness'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Effect'), { target: { value: 'okay' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Changes' }));
    expect(send).toHaveBeenCalledWith('turn_on', { brightness: 204, effect: 'okay' });
    fireEvent.click(screen.getByRole('switch', { name: 'Lamp: on' }));
    expect(send).toHaveBeenLastCalledWith('turn_off', undefined);
  });

  it('steps a climate target by its own step and stops at the limits', () => {
    const send = vi.fn();
    const entity = view('climate.ac', 'cool', {
      friendly_name: 'AC',
      min_temp: '16.0',
      max_temp: '31.0',
      target_temp_step: '0.5',
      temperature: '30.5',
      hvac_modes: "['off', 'cool']",
    });
    render(<EntityCard entity={entity} config={null} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'AC: raise' }));
    expect(send).toHaveBeenCalledWith('set_temperature', { temperature: 31 });
    fireEvent.click(screen.getByRole('button', { name: 'AC: lower' }));
    expect(send).toHaveBeenLastCalledWith('set_temperature', { temperature: 30 });
  });
});
