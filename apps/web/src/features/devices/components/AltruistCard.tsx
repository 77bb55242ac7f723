import { useId, useState } from 'react';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { useNow } from '../../../lib/time/use-now.ts';
import { altruistReadings, recentSeries } from '../view/device-cards.ts';
import type { DeviceCardView } from '../view/device-groups.ts';
import { DeviceTitle, ExtendedEntities, type RenderEntity } from './DeviceCard.tsx';

/** The metrics the chart offers first, when the sensor has them. */
const CHART_FIRST = ['temperature', 'humidity', 'pressure'];

/**
 * An Altruist outdoor sensor: its readings at a glance and a chart of the last three hours of
 * one of them; each reading's own card (history, state) under "Extended".
 */
export function AltruistCard({
  card,
  renderEntity,
}: {
  card: DeviceCardView;
  renderEntity: RenderEntity;
}) {
  const now = useNow(60_000);
  const id = useId();
  const readings = altruistReadings(card.device.entities);
  const chartable = [...readings].sort(
    (a, b) => (CHART_FIRST.indexOf(a.suffix) + 1 || 99) - (CHART_FIRST.indexOf(b.suffix) + 1 || 99),
  );
  const [metric, setMetric] = useState<string | null>(null);
  const shown = chartable.find((r) => r.suffix === metric) ?? chartable[0];
  const series = shown ? recentSeries(shown.entity, now) : null;
  const listed = new Set(readings.map((r) => r.entity.id));
  const others = card.device.entities.filter((e) => !listed.has(e.id));
  return (
    <article
      className="device-card altruist stack-s"
      data-device={card.device.id}
      aria-label={card.device.name}
    >
      <DeviceTitle card={{ ...card, showTitle: true }} />
      {readings.length > 0 && (
        <dl className="readings">
          {readings.map((r) => (
            <div key={r.suffix} data-reading={r.suffix}>
              <dt className="small muted">{r.label}</dt>
              <dd>
                {r.value ?? r.entity.state}
                {r.value !== null && r.entity.units ? ` ${r.entity.units}` : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {shown && series && (
        <div className="stack-s">
          {chartable.length > 1 && (
            <div className="row">
              <label htmlFor={`${id}-metric`} className="small">
                Chart
              </label>
              <select
                id={`${id}-metric`}
                className="input"
                value={shown.suffix}
                onChange={(e) => setMetric(e.target.value)}
              >
                {chartable.map((r) => (
                  <option key={r.suffix} value={r.suffix}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {series.xs.length > 1 ? (
            <TimeSeriesChart
              title={`${shown.label}, last 3 hours`}
              height={140}
              series={[{ label: shown.label, unit: shown.entity.units ?? undefined, ...series }]}
            />
          ) : (
            <p className="small muted">
              No {shown.label.toLowerCase()} readings in the last 3 hours
            </p>
          )}
        </div>
      )}
      {others.map(renderEntity)}
      <ExtendedEntities
        entities={card.device.entities.filter((e) => listed.has(e.id))}
        renderEntity={renderEntity}
      />
    </article>
  );
}
