import type { HaStates } from '@robonomics-dapp/robonomics/home-assistant/states';
import { describe, expect, it } from 'vitest';
import { keepLiveStates, newestChange, olderThanShown } from './merge-states.ts';

const entity = (state: string, history?: { state: string; date: string }[]) => ({
  units: 'None',
  state,
  attributes: { friendly_name: state },
  ...(history ? { history } : {}),
});

const home = (entities: HaStates['entities']): HaStates => ({ devices: {}, twin_id: 1, entities });

const file = home({
  // Snapshot taken before the user's tap: still off.
  'switch.a': entity('off', [
    { state: 'on', date: '2026-11-27 10:00:00+00:00' },
    { state: 'off', date: '2026-11-27 10:05:00+00:00' },
  ]),
  'sensor.new': entity('21.5', [{ state: '21.5', date: '2026-11-27 10:04:00+00:00' }]),
});

describe('a new record’s states while live updates come peer-to-peer', () => {
  it('keep each shown entity’s live state, and bring the file’s history and new entities', () => {
    const shown = home({
      // Tapped on since: the live update said so.
      'switch.a': entity('on', [
        { state: 'off', date: '2026-11-27 10:05:00+00:00' },
        { state: 'on', date: '2026-11-27 10:06:00+00:00' },
      ]),
    });
    const merged = keepLiveStates(file, shown);
    expect(merged.entities['switch.a']?.state).toBe('on');
    expect(merged.entities['switch.a']?.attributes).toEqual({ friendly_name: 'on' });
    expect(merged.entities['switch.a']?.history).toEqual([
      { state: 'on', date: '2026-11-27 10:00:00+00:00' },
      { state: 'off', date: '2026-11-27 10:05:00+00:00' },
      { state: 'on', date: '2026-11-27 10:06:00+00:00' },
    ]);
    expect(merged.entities['sensor.new']).toEqual(file.entities['sensor.new']);
    expect(merged.twin_id).toBe(1);
  });

  it('are the file itself when nothing is shown yet', () => {
    expect(keepLiveStates(file, null)).toBe(file);
  });
});

describe('states sent as live that are older than those shown', () => {
  const later = home({
    'switch.a': entity('on', [
      { state: 'off', date: '2026-11-27 10:05:00+00:00' },
      { state: 'on', date: '2026-11-27 10:06:00.250000+00:00' },
    ]),
  });

  it('are found by their own newest change, not by when they arrived', () => {
    expect(newestChange(later)).toBe(Date.UTC(2026, 10, 27, 10, 6, 0, 250));
    expect(olderThanShown(file, later)).toBe(true);
    expect(olderThanShown(later, file)).toBe(false);
    expect(olderThanShown(later, later)).toBe(false);
  });

  it('never include a live update (no history, no date of its own) or a first showing', () => {
    const snapshot = home({ 'switch.a': entity('off') });
    expect(newestChange(snapshot)).toBeUndefined();
    expect(olderThanShown(snapshot, later)).toBe(false);
    expect(olderThanShown(file, null)).toBe(false);
    expect(olderThanShown(file, snapshot)).toBe(false);
  });
});
