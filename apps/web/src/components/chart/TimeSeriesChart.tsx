import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { chartSummary } from './chart-summary.ts';
import { downsampleMinMax } from './downsample.ts';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  unit?: string;
  /** Timestamps in ms, ascending. */
  xs: number[];
  /** Values; null marks an unavailable reading (a gap). */
  ys: (number | null)[];
  color?: string;
}

const palette = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989'];

/**
 * A time-series chart (uPlot, canvas). Each series is downsampled to the pixel width, so
 * thousands of readings draw in milliseconds. Series are drawn on one shared time axis.
 */
export function TimeSeriesChart({
  series,
  height = 220,
  title,
}: {
  series: ChartSeries[];
  height?: number;
  title: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const summaryId = useId();
  const summary = useMemo(() => chartSummary(series), [series]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(entry?.contentRect.width ?? 0)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = host.current;
    if (!element || width === 0 || series.length === 0) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const buckets = Math.max(16, Math.round(width * (window.devicePixelRatio || 1)));
      const sampled = series.map((s) => downsampleMinMax(s.xs, s.ys, buckets));
      const data = alignSeries(sampled);
      const css = getComputedStyle(element);
      const axisColor = css.getPropertyValue('--muted').trim() || '#666';
      const gridColor = css.getPropertyValue('--border').trim() || '#ddd';
      plot = new UPlot(
        {
          width,
          height,
          title: undefined,
          legend: { show: series.length > 1 },
          cursor: { drag: { x: true, y: false } },
          scales: { x: { time: true } },
          axes: [
            {
              stroke: axisColor,
              grid: { stroke: gridColor, width: 1 },
              ticks: { stroke: gridColor },
            },
            {
              stroke: axisColor,
              grid: { stroke: gridColor, width: 1 },
              ticks: { stroke: gridColor },
              size: 56,
            },
          ],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.unit && s.unit !== 'None' ? `${s.label} (${s.unit})` : s.label,
              stroke: s.color ?? palette[i % palette.length],
              width: 1.5,
              spanGaps: false,
              points: { show: false },
            })),
          ],
        },
        data,
        element,
      );
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [series, width, height]);

  // The canvas says nothing to a screen reader: the chart is an image named by its title and
  // described in words (the latest value and the range).
  return (
    <>
      <div
        ref={host}
        className="chart"
        role="img"
        aria-label={title}
        aria-describedby={summaryId}
        style={{ minHeight: height }}
      />
      <p id={summaryId} className="visually-hidden" data-testid="chart-summary">
        {summary}
      </p>
    </>
  );
}

/** uPlot wants one x array (seconds) shared by every series: merge and align by timestamp. */
export function alignSeries(series: { xs: number[]; ys: (number | null)[] }[]): uPlot.AlignedData {
  if (series.length === 1) {
    const [only] = series;
    return [only!.xs.map((x) => x / 1000), only!.ys] as uPlot.AlignedData;
  }
  const times = [...new Set(series.flatMap((s) => s.xs))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const columns = series.map((s) => {
    const column: (number | null | undefined)[] = new Array(times.length).fill(undefined);
    s.xs.forEach((x, i) => {
      column[index.get(x)!] = s.ys[i];
    });
    return column;
  });
  return [times.map((t) => t / 1000), ...columns] as uPlot.AlignedData;
}
