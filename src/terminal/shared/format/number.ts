import Big from 'big.js';

/**
 * Number formatting for the terminal: thousands separators, fixed decimals per instrument, and
 * formatters created once (Intl.NumberFormat is expensive to build and cheap to reuse).
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', options);
    cache.set(key, found);
  }
  return found;
}

export const DASH = '—';

/** A price or quantity with exactly `decimals` decimals: 100,012.5 with 1, 0.00001234 with 8. */
export function formatFixed(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const d = Math.max(0, Math.min(decimals, 12));
  return formatter(`f${d}`, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value);
}

/** A percentage of a ratio: 0.01234 → "+1.23%". */
export function formatPercent(ratio: number | null | undefined, decimals = 2, signed = true): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return DASH;
  const text = formatter(`p${decimals}${signed}`, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(ratio);
  return text;
}

/** Large amounts: 1.23B, 456.7M, 12.3K. */
export function formatCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return formatter('compact', { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** A number as typed by a person, without exponent: 1e-7 → "0.0000001". */
export function plainNumber(value: number): string {
  return Number.isFinite(value) ? new Big(value).toFixed() : String(value);
}

/** Decimals a number is written with: 100012.5 → 1, 1.2e-7 → 8, 100 → 0. */
export function decimalsOf(value: number): number {
  // Called for every price of every market on every poll: the common form is read directly.
  const text = String(value);
  if (!text.includes('e')) {
    const point = text.indexOf('.');
    return point === -1 ? 0 : text.length - point - 1;
  }
  const plain = plainNumber(value);
  const point = plain.indexOf('.');
  return point === -1 ? 0 : plain.length - point - 1;
}

/** A number with exactly `decimals` decimals and no separators, as an input takes it: "100012.50". */
export function fixedPlain(value: number, decimals: number): string {
  return new Big(value).toFixed(Math.max(0, decimals));
}
