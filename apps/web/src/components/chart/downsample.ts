/**
 * Min/max downsampling to a pixel budget, as Home Assistant does for its history graphs: each
 * bucket of the time range keeps its lowest and highest point (in time order), so peaks survive
 * and a 10,000-point series draws as fast as a 1,000-point one. `null` values (unavailable)
 * are kept once per bucket so gaps still break the line.
 */
export function downsampleMinMax(
  xs: readonly number[],
  ys: readonly (number | null)[],
  buckets: number,
): { xs: number[]; ys: (number | null)[] } {
  const n = Math.min(xs.length, ys.length);
  if (n <= buckets * 2 || buckets < 1) return { xs: xs.slice(0, n), ys: ys.slice(0, n) };
  const first = xs[0]!;
  const span = xs[n - 1]! - first || 1;
  const outX: number[] = [];
  const outY: (number | null)[] = [];
  let i = 0;
  for (let b = 0; b < buckets && i < n; b++) {
    const end = first + (span * (b + 1)) / buckets;
    let minI = -1;
    let maxI = -1;
    let gapI = -1;
    for (; i < n && (xs[i]! <= end || b === buckets - 1); i++) {
      const y = ys[i];
      if (y === null || y === undefined || Number.isNaN(y)) {
        if (gapI === -1) gapI = i;
        continue;
      }
      if (minI === -1 || y < ys[minI]!) minI = i;
      if (maxI === -1 || y > ys[maxI]!) maxI = i;
    }
    const picks = [minI, maxI, gapI].filter((p) => p !== -1);
    for (const p of [...new Set(picks)].sort((a, b) => a - b)) {
      outX.push(xs[p]!);
      outY.push(p === gapI ? null : ys[p]!);
    }
  }
  return { xs: outX, ys: outY };
}
