/** A measurement the sensor pages know: label, unit and colour zones (upper limits). */
export interface Measurement {
  key: string;
  label: string;
  unit: string;
  zones: { upTo: number | null; label: string; color: string }[];
}

const GOOD = '#1a7f37';
const FAIR = '#9a6700';
const POOR = '#bc4c00';
const BAD = '#cf222e';
const WORST = '#8250df';

const zones = (limits: [number | null, string][], colors = [GOOD, FAIR, POOR, BAD, WORST]) =>
  limits.map(([upTo, label], i) => ({ upTo, label, color: colors[i] ?? WORST }));

/** The measurement registry of the Altruist and energy pages (docs/product-rules.md, Sensors). */
export const MEASUREMENTS: Record<string, Measurement> = {
  pm10: {
    key: 'pm10',
    label: 'PM10',
    unit: 'μg/m3',
    zones: zones([
      [50, 'Good'],
      [100, 'Satisfyingly'],
      [250, 'Poor'],
      [350, 'Very poor'],
      [null, 'Unacceptable'],
    ]),
  },
  pm25: {
    key: 'pm25',
    label: 'PM2.5',
    unit: 'μg/m3',
    zones: zones([
      [36, 'Good'],
      [70, 'Satisfyingly'],
      [150, 'Poor'],
      [250, 'Very poor'],
      [null, 'Unacceptable'],
    ]),
  },
  pm1: { key: 'pm1', label: 'PM1', unit: 'μg/m3', zones: [] },
  noise: {
    key: 'noise',
    label: 'Noise',
    unit: 'dB',
    zones: zones([
      [40, 'Faint'],
      [70, 'Moderate'],
      [80, 'Loud'],
      [100, 'Very loud'],
      [null, 'Extremely loud'],
    ]),
  },
  noiseavg: {
    key: 'noiseavg',
    label: 'Noise Avg.',
    unit: 'dB',
    zones: zones([
      [40, 'Faint'],
      [70, 'Moderate'],
      [80, 'Loud'],
      [100, 'Very loud'],
      [null, 'Extremely loud'],
    ]),
  },
  noisemax: {
    key: 'noisemax',
    label: 'Noise Max.',
    unit: 'dB',
    zones: zones([
      [40, 'Faint'],
      [70, 'Moderate'],
      [80, 'Loud'],
      [100, 'Very loud'],
      [null, 'Extremely loud'],
    ]),
  },
  temperature: {
    key: 'temperature',
    label: 'Tmp',
    unit: '℃',
    zones: zones(
      [
        [-9, 'Very cold'],
        [0, 'Cold'],
        [10, 'Cool'],
        [25, 'Warm'],
        [null, 'Hot'],
      ],
      ['#0969da', '#54aeff', GOOD, FAIR, BAD],
    ),
  },
  humidity: {
    key: 'humidity',
    label: 'Hm',
    unit: '%',
    zones: zones(
      [
        [30, 'Very dry'],
        [40, 'Dry'],
        [60, 'Comfortable'],
        [70, 'Humid'],
        [null, 'Very humid'],
      ],
      [BAD, FAIR, GOOD, FAIR, BAD],
    ),
  },
  pressure: { key: 'pressure', label: 'Pr', unit: 'mmHg', zones: [] },
  daily: { key: 'daily', label: 'Energy today', unit: 'kWh', zones: [] },
  voltage: { key: 'voltage', label: 'Voltage', unit: 'V', zones: [] },
  active_power: { key: 'active_power', label: 'Active power', unit: 'W', zones: [] },
  yesterday_sum: { key: 'yesterday_sum', label: 'Energy yesterday', unit: 'kWh', zones: [] },
  current: { key: 'current', label: 'Current', unit: 'A', zones: [] },
  total: { key: 'total', label: 'Energy total', unit: 'kWh', zones: [] },
};

/** The registry entry of a key; unknown keys are shown as they are, never a crash. */
export function measurementOf(key: string): Measurement {
  return MEASUREMENTS[key] ?? { key, label: key, unit: '', zones: [] };
}

/** The zone a value falls in, or null when the measurement has none. */
export function zoneOf(measurement: Measurement, value: number) {
  return measurement.zones.find((z) => z.upTo === null || value <= z.upTo) ?? null;
}

/** One reading: time (ms) and the numeric values it carries. */
export interface Reading {
  time: number;
  values: Record<string, number>;
}
