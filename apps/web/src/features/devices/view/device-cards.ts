import type { EntityView } from './device-groups.ts';

/** The readings an Altruist outdoor sensor reports, by the end of their entity ids. */
export const ALTRUIST_METRICS = [
  { suffix: 'temperature', label: 'Temperature' },
  { suffix: 'humidity', label: 'Humidity' },
  { suffix: 'pressure', label: 'Pressure' },
  { suffix: 'pm2_5', label: 'PM2.5' },
  { suffix: 'pm10', label: 'PM10' },
  { suffix: 'maximum_noise', label: 'Maximum noise' },
  { suffix: 'average_noise', label: 'Average noise' },
  { suffix: 'peak_noise', label: 'Peak noise' },
  { suffix: 'wifi_signal', label: 'Wi-Fi signal' },
  { suffix: 'signal_strength', label: 'Signal strength' },
] as const;

export interface AltruistReading {
  suffix: string;
  label: string;
  entity: EntityView;
  /** The numeric value now, or null when the sensor has none. */
  value: number | null;
}

/** The device's entities that are Altruist readings, in the order above. */
export function altruistReadings(entities: EntityView[]): AltruistReading[] {
  const readings: AltruistReading[] = [];
  for (const metric of ALTRUIST_METRICS) {
    const entity = entities.find(
      (e) => e.domain === 'sensor' && e.id.endsWith(`_${metric.suffix}`),
    );
    if (!entity) continue;
    const value = Number.parseFloat(entity.state);
    readings.push({ ...metric, entity, value: Number.isFinite(value) ? value : null });
  }
  return readings;
}

/** How far back the Altruist chart looks. */
export const ALTRUIST_WINDOW_MS = 3 * 60 * 60 * 1000;

/** A reading's numeric history within the last three hours before `now`. */
export function recentSeries(entity: EntityView, now: number) {
  const points = entity.history
    .filter((h) => h.time >= now - ALTRUIST_WINDOW_MS && h.time <= now)
    .map((h) => ({ x: h.time, y: Number.parseFloat(h.state) }));
  return {
    xs: points.map((p) => p.x),
    ys: points.map((p) => (Number.isFinite(p.y) ? p.y : null)),
  };
}

/** The power, voltage and current readings and the relay of a Robonomics 1-gang switch. */
export function roboswitchParts(entities: EntityView[]) {
  const ending = (suffix: string) => entities.find((e) => e.id.endsWith(suffix));
  return {
    power: ending('energy_power'),
    voltage: ending('energy_voltage'),
    current: ending('energy_current'),
    relay:
      entities.find((e) => e.domain === 'switch' && e.id.endsWith('robonomics_1_gang_switch')) ??
      entities.find((e) => e.domain === 'switch'),
  };
}
