import { isUnavailable } from '../view/device-groups.ts';

const ON = new Set(['on', 'open', 'heat', 'home', 'detected']);

/** An on/off history as a strip of coloured segments (unavailable shown apart), SVG. */
export function StateTimeline({
  history,
  label,
  width = 300,
}: {
  history: { time: number; state: string }[];
  label: string;
  width?: number;
}) {
  if (history.length < 2) return null;
  const start = history[0]!.time;
  const span = Math.max(1, history.at(-1)!.time - start);
  const segments = history.slice(0, -1).map((h, i) => {
    const x = ((h.time - start) / span) * width;
    const w = Math.max(1, ((history[i + 1]!.time - h.time) / span) * width);
    const kind = isUnavailable(h.state) ? 'gap' : ON.has(h.state) ? 'on' : 'off';
    return { x, w, kind, state: h.state };
  });
  return (
    <svg
      className="timeline"
      viewBox={`0 0 ${width} 12`}
      width="100%"
      height="12"
      role="img"
      aria-label={label}
    >
      {segments.map((s) => (
        <rect
          key={`${s.x}-${s.kind}`}
          x={s.x}
          y={0}
          width={s.w}
          height={12}
          className={`timeline-${s.kind}`}
        >
          <title>{s.state}</title>
        </rect>
      ))}
    </svg>
  );
}
