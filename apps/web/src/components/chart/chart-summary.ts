import { formatDateTime } from '../../lib/time/format-date.ts';

interface SummarySeries {
  label: string;
  unit?: string;
  xs: number[];
  ys: (number | null)[];
}

const round = (value: number) => Number(value.toPrecision(6)).toString();

/**
 * The chart in words, for those who cannot see it: per series the latest reading and the range
 * of the readings with the time span they cover. `formatTime` is the user's locale by default.
 */
export function chartSummary(
  series: SummarySeries[],
  formatTime: (ms: number) => string = formatDateTime,
): string {
  return series
    .map((s) => {
      const unit = s.unit && s.unit !== 'None' ? ` ${s.unit}` : '';
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let count = 0;
      let latest: { value: number; at: number } | null = null;
      s.ys.forEach((y, i) => {
        if (y === null || !Number.isFinite(y)) return;
        count += 1;
        min = Math.min(min, y);
        max = Math.max(max, y);
        latest = { value: y, at: s.xs[i]! };
      });
      if (!latest || count === 0) return `${s.label}: no readings.`;
      const last = latest as { value: number; at: number };
      const first = s.xs.find((_, i) => s.ys[i] !== null && Number.isFinite(s.ys[i]))!;
      return (
        `${s.label}: now ${round(last.value)}${unit} (${formatTime(last.at)}); ` +
        `range ${round(min)} to ${round(max)}${unit} over ${count} ${count === 1 ? 'reading' : 'readings'} ` +
        `from ${formatTime(first)} to ${formatTime(last.at)}.`
      );
    })
    .join(' ');
}
