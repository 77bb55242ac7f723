import { describe, expect, it } from 'vitest';
import { chartSummary } from './chart-summary.ts';

const time = (ms: number) => `t${ms}`;

describe('a chart in words', () => {
  it('says the latest reading and the range with its time span, skipping gaps', () => {
    const text = chartSummary(
      [{ label: 'Temperature', unit: '°C', xs: [1, 2, 3, 4], ys: [21.5, null, 19, 22.25] }],
      time,
    );
    expect(text).toBe(
      'Temperature: now 22.25 °C (t4); range 19 to 22.25 °C over 3 readings from t1 to t4.',
    );
  });

  it('takes the last reading before a trailing gap as the current one', () => {
    expect(chartSummary([{ label: 'Power', xs: [5, 6], ys: [3, null] }], time)).toBe(
      'Power: now 3 (t5); range 3 to 3 over 1 reading from t5 to t5.',
    );
  });

  it('says when a series has no readings, and joins several series', () => {
    expect(
      chartSummary(
        [
          { label: 'A', unit: 'None', xs: [1], ys: [null] },
          { label: 'B', unit: 'W', xs: [1, 2], ys: [0.1234567, 2] },
        ],
        time,
      ),
    ).toBe('A: no readings. B: now 2 W (t2); range 0.123457 to 2 W over 2 readings from t1 to t2.');
  });
});
