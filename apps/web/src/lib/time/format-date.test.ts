import { describe, expect, it } from 'vitest';
import { asOfText } from './format-date.ts';

describe('asOfText', () => {
  const at = new Date(2026, 10, 26, 15, 40).getTime();
  const clock = new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  it('gives the time alone on the same day', () => {
    expect(asOfText(at, new Date(2026, 10, 26, 23, 59).getTime())).toBe(`As of ${clock}`);
  });

  it('gives the day too on another day', () => {
    const text = asOfText(at, new Date(2026, 10, 27, 0, 1).getTime());
    expect(text).toMatch(/^As of .*26.*, /);
    expect(text.endsWith(clock)).toBe(true);
  });
});
