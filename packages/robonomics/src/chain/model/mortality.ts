/**
 * A mortal transaction is valid only in a window of blocks, so that a transaction the chain never
 * included is known, once the window has passed, never to run: nothing was spent. The window is
 * the runtime's rule for a mortal era (a period rounded up to a power of two between 4 and 65536,
 * counted from the block the signature names).
 */

/** The blocks a mortal transaction may be included in: from `birth` to `death - 1`. */
export interface Mortality {
  birth: number;
  death: number;
}

/** The window of a mortal era of `period` blocks signed at block `current`, as the runtime has it. */
export function mortalWindow(period: number, current: number): Mortality {
  let rounded = 4;
  while (rounded < period && rounded < 65_536) rounded *= 2;
  const phase = current % rounded;
  const quantize = Math.max(rounded >> 12, 1);
  const quantized = Math.floor(phase / quantize) * quantize;
  const birth =
    Math.floor((Math.max(current, quantized) - quantized) / rounded) * rounded + quantized;
  return { birth, death: birth + rounded };
}

/**
 * The window of a signed transaction, from the era in its signed extensions (CheckMortality);
 * null for an immortal one or one the app cannot read.
 */
export function mortalityOfSigned(
  extensionNames: readonly string[],
  extra: readonly unknown[] | undefined,
): Mortality | null {
  const index = extensionNames.indexOf('CheckMortality');
  const era = index >= 0 ? (extra?.[index] as { period?: unknown; current?: unknown }) : undefined;
  if (era?.period === undefined || era.current === undefined) return null;
  const period = Number(era.period);
  const current = Number(era.current);
  if (!Number.isSafeInteger(period) || !Number.isSafeInteger(current)) return null;
  return mortalWindow(period, current);
}
