import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { describe, expect, it } from 'vitest';
import type { KeptHome } from '../api/kept-home.ts';
import type { LoadedHome } from '../api/load-home.ts';
import { homeBase } from './use-live-states.ts';

/** A home with one light in `state`. */
const statesWith = (state: string): HaStates =>
  ({
    entities: { 'light.kitchen': { state, attributes: {}, history: [] } },
  }) as unknown as HaStates;

const loaded = (state: string, time: number): LoadedHome => ({
  states: statesWith(state),
  statesFile: 'envelope',
  config: null,
  configFile: null,
  cid: 'QmStates',
  time,
});

const kept = (
  state: string,
  time: number,
  update: { state: string; time: number } | null = null,
): KeptHome => ({
  states: statesWith(state),
  time,
  update: update && { states: statesWith(update.state), time: update.time },
  file: null,
});

const lightOf = (shown: { states: HaStates } | null) =>
  shown?.states.entities['light.kitchen']?.state;

describe('what the live states are shown on', () => {
  it('nothing before the chain or this device has the home', () => {
    expect(homeBase(undefined, null)).toBeNull();
  });

  it("the copy kept on this device until the chain's home is loaded", () => {
    const copy = kept('on', 1_000);
    expect(homeBase(undefined, copy)).toBe(copy);
  });

  it("the chain's home once loaded, when the kept copy has no newer live update", () => {
    const home = loaded('off', 2_000);
    expect(homeBase(home, kept('on', 1_000))).toBe(home);
    expect(homeBase(home, kept('on', 1_000, { state: 'on', time: 1_500 }))).toBe(home);
  });

  it("a kept live update newer than the chain's record stays on top of it", () => {
    const shown = homeBase(loaded('off', 2_000), kept('off', 1_000, { state: 'on', time: 3_000 }));
    expect(shown?.time).toBe(3_000);
    expect(lightOf(shown)).toBe('on');
    // The change is in the light's history, as a live snapshot adds it.
    expect(shown?.states.entities['light.kitchen']?.history?.map((h) => h.state)).toEqual(['on']);
  });
});
