import type { Reading } from './measurements.ts';

/** An energy-monitor record: a JSON object of numbers; other values and garbage are skipped. */
export function parseEnergyRecord(time: number, text: string): Reading | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const values: Record<string, number> = {};
  for (const [key, raw] of Object.entries(data).slice(0, 50)) {
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
    if (Number.isFinite(value)) values[key] = value;
  }
  return Object.keys(values).length ? { time, values } : null;
}
