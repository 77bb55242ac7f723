/**
 * Token amounts are bigint planck everywhere; these turn them into text and back without
 * floating-point rounding.
 */

function split(
  planck: bigint,
  decimals: number,
): { negative: boolean; whole: bigint; fraction: string } {
  const negative = planck < 0n;
  const abs = negative ? -planck : planck;
  const unit = 10n ** BigInt(decimals);
  return { negative, whole: abs / unit, fraction: (abs % unit).toString().padStart(decimals, '0') };
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A balance with `shown` decimals (4 by default, docs/product-rules.md), rounded down so a balance is never
 * shown higher than it is. Trailing zeros are kept: 1.5000.
 */
export function formatBalance(planck: bigint, decimals = 9, shown = 4, thousands = true): string {
  const { negative, whole, fraction } = split(planck, decimals);
  const wholeText = thousands ? groupThousands(whole.toString()) : whole.toString();
  const digits = fraction.slice(0, shown);
  return `${negative ? '-' : ''}${wholeText}${shown > 0 && decimals > 0 ? `.${digits.padEnd(shown, '0')}` : ''}`;
}

/** A price with no decimals, rounded down (docs/product-rules.md): 1,000,000,001 planck → "1". */
export function formatPrice(planck: bigint, decimals = 9): string {
  return formatBalance(planck, decimals, 0);
}

/**
 * An amount to the planck, every significant decimal and no trailing zero: 10,000,000,001 planck
 * → "10.000000001", 10^10 → "10". What the user signs is shown this way (docs/product-rules.md).
 */
export function formatExact(planck: bigint, decimals = 9, thousands = true): string {
  const { negative, whole, fraction } = split(planck, decimals);
  const wholeText = thousands ? groupThousands(whole.toString()) : whole.toString();
  const digits = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${wholeText}${digits ? `.${digits}` : ''}`;
}

export type AmountParse = { ok: true; planck: bigint } | { ok: false; error: string };

/** Reads an amount typed by the user ("0.5", "1,000.25") as planck. */
export function parseAmount(text: string, decimals = 9): AmountParse {
  const value = text.trim().replaceAll(',', '').replaceAll('_', '');
  if (value === '') return { ok: false, error: 'Enter an amount.' };
  if (value.startsWith('-')) return { ok: false, error: 'The amount must be positive.' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    return { ok: false, error: 'The amount must be a number, like 1.5.' };
  }
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, error: `The amount can have at most ${decimals} decimals.` };
  }
  const planck =
    BigInt(match[1] || '0') * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0') || '0');
  if (planck === 0n) return { ok: false, error: 'The amount must be greater than zero.' };
  return { ok: true, planck };
}
