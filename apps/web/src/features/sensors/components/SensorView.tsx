import {
  type Measurement,
  measurementOf,
  type Reading,
  zoneOf,
} from '@robonomics-dapp/robonomics/sensors/measurements';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { type ChartSeries, TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { formatDateTime } from '../../../lib/time/format-date.ts';
import { useSensorAddress } from '../hooks/use-sensor-address.ts';
import { useSensorReadings } from '../hooks/use-sensor-readings.ts';

interface SensorViewProps {
  title: string;
  lead: string;
  /** The twin topic that names this kind of sensor. */
  topic: string;
  parse: (time: number, text: string) => Reading | null;
  showLastData?: boolean;
}

/** One chart per measurement key, with the registry's label, unit and zones. */
function seriesOf(
  readings: Reading[],
): { key: string; measurement: Measurement; series: ChartSeries }[] {
  const keys = [...new Set(readings.flatMap((r) => Object.keys(r.values)))];
  return keys.map((key) => {
    const points = readings.filter((r) => key in r.values);
    const measurement = measurementOf(key);
    return {
      key,
      measurement,
      series: {
        label: measurement.label,
        unit: measurement.unit,
        xs: points.map((r) => r.time),
        ys: points.map((r) => r.values[key]!),
      },
    };
  });
}

/** A sensor's page: its datalog as charts per measurement, the zones, and the latest values. */
export function SensorView({ title, lead, topic, parse, showLastData = false }: SensorViewProps) {
  const { address: param } = useParams();
  const sensor = useSensorAddress(param, topic);
  const address = sensor.status === 'found' ? sensor.address : null;
  const { readings, error } = useSensorReadings(address, parse);
  const series = useMemo(() => (readings ? seriesOf(readings) : []), [readings]);
  const last = readings?.at(-1);

  return (
    <>
      <PageHeading title={title}>{lead}</PageHeading>
      {sensor.status === 'loading' || (address && readings === undefined && !error) ? (
        <p className="loading" role="status">
          Loading
        </p>
      ) : sensor.status === 'not-found' ? (
        <section className="card stack">
          <p className="notice-warn">Not found</p>
          <p className="small muted">{sensor.reason}</p>
        </section>
      ) : error ? (
        <p className="error">{error}</p>
      ) : (
        <div className="stack">
          {series.length === 0 ? (
            <p className="muted">This sensor has not sent readings yet.</p>
          ) : (
            series.map(({ key, series: s }) => (
              <section key={key} className="card stack-s" aria-label={s.label}>
                <h2>
                  {s.label} {s.unit && <span className="muted small">({s.unit})</span>}
                </h2>
                <TimeSeriesChart title={`${s.label} over time`} series={[s]} height={200} />
              </section>
            ))
          )}
          {showLastData && last && (
            <section className="card stack-s" aria-labelledby="last-data">
              <h2 id="last-data">Last data {formatDateTime(last.time)}</h2>
              <ul className="plain-list">
                {Object.entries(last.values).map(([key, value]) => {
                  const m = measurementOf(key);
                  return (
                    <li key={key}>
                      {m.label}: {value} {m.unit}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <section className="card stack-s" aria-labelledby="units">
            <h2 id="units">Units of measurement</h2>
            <ul className="plain-list stack-s">
              {series.map(({ key, measurement: m, series: s }) => {
                const latest = s.ys.at(-1);
                const zone = typeof latest === 'number' ? zoneOf(m, latest) : null;
                return (
                  <li key={key}>
                    <strong>{m.label}</strong> {m.unit}
                    {zone && (
                      <span className="small">
                        {' '}
                        — now:{' '}
                        <span
                          className="zone-swatch"
                          style={{ background: zone.color }}
                          aria-hidden="true"
                        />
                        {zone.label}
                      </span>
                    )}
                    {m.zones.length > 0 && (
                      <span className="small muted">
                        {' '}
                        (
                        {m.zones
                          .map((z) =>
                            z.upTo === null ? `above: ${z.label}` : `up to ${z.upTo}: ${z.label}`,
                          )
                          .join('; ')}
                        )
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          <section className="card stack-s">
            <h2>Advanced information</h2>
            <p className="small">
              Sensor id: <span className="mono break">{address}</span>
            </p>
          </section>
        </div>
      )}
      <p className="small muted">
        This information holds no legal validity and is intended solely for personal use.
      </p>
    </>
  );
}
