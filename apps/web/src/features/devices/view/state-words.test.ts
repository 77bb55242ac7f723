import { describe, expect, it } from 'vitest';
import { stateTone, stateWords } from './state-words.ts';

const time = (ms: number) => `t=${ms}`;

describe('the state in words and its tone', () => {
  it('reads states as words', () => {
    expect(stateWords('switch', 'on', time)).toBe('On');
    expect(stateWords('climate', 'heat_cool', time)).toBe('Heat/cool');
    expect(stateWords('climate', 'fan_only', time)).toBe('Fan only');
    expect(stateWords('update', 'on', time)).toBe('Update available');
    expect(stateWords('sensor', '-46', time)).toBe('-46');
    expect(stateWords('light', 'unavailable', time)).toBe('Unavailable');
    expect(stateWords('text', 'Welcome home', time)).toBe('Welcome home');
    expect(stateWords('scene', '2025-09-21T20:05:31.188367+00:00', time)).toMatch(
      /^t=1758485131188/,
    );
  });

  it('tints by state', () => {
    expect(stateTone('light', 'on')).toBe('on');
    expect(stateTone('light', 'off')).toBe('off');
    expect(stateTone('lock', 'locked')).toBe('off');
    expect(stateTone('lock', 'unlocked')).toBe('on');
    expect(stateTone('climate', 'cool')).toBe('on');
    expect(stateTone('media_player', 'idle')).toBe('off');
    expect(stateTone('cover', 'unknown')).toBe('unavailable');
    expect(stateTone('teapot', 'brewing')).toBe('off');
  });
});
