import type { Reading } from './measurements.ts';

/** The Altruist's short keys (docs/product-rules.md, Sensors). */
const SHORT_KEYS: Record<string, string> = {
  p1: 'pm10',
  p2: 'pm25',
  nm: 'noisemax',
  na: 'noiseavg',
  t: 'temperature',
  p: 'pressure',
  h: 'humidity',
};

/**
 * An Altruist record: comma-separated key:value pairs ("p1:12.5,p2:8,t:21.4"). Unknown keys are
 * kept as they are; pairs that are not numbers are skipped. Null when nothing numeric is left.
 */
export function parseAltruistRecord(time: number, text: string): Reading | null {
  const values: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const index = pair.indexOf(':');
    if (index <= 0) continue;
    const key = pair.slice(0, index).trim().toLowerCase();
    const value = Number.parseFloat(pair.slice(index + 1));
    if (!key || !Number.isFinite(value)) continue;
    values[SHORT_KEYS[key] ?? key] = value;
  }
  return Object.keys(values).length ? { time, values } : null;
}
