import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './downsample.ts';

describe('downsampleMinMax', () => {
  it('returns small series unchanged', () => {
    expect(downsampleMinMax([1, 2, 3], [5, 6, 7], 10)).toEqual({ xs: [1, 2, 3], ys: [5, 6, 7] });
  });

  it('keeps at most two points a bucket and the extremes of the series', () => {
    const xs = Array.from({ length: 10_000 }, (_, i) => i * 1000);
    const ys = xs.map(
      (_, i) => Math.sin(i / 50) * 10 + (i === 4321 ? 100 : 0) + (i === 777 ? -100 : 0),
    );
    const out = downsampleMinMax(xs, ys, 500);
    expect(out.xs.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...(out.ys as number[]))).toBe(ys[4321]);
    expect(Math.min(...(out.ys as number[]))).toBe(ys[777]);
    // Time order is kept.
    expect(out.xs.every((x, i) => i === 0 || x > out.xs[i - 1]!)).toBe(true);
  });

  it('keeps a gap (unavailable) so the line breaks', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys: (number | null)[] = xs.map((i) => (i >= 400 && i < 420 ? null : -45));
    const out = downsampleMinMax(xs, ys, 50);
    expect(out.ys.includes(null)).toBe(true);
  });
});
