import { writeCompact } from './compact';
import { digitsOf, grouped, rounded } from './digits';
import { localeFormats, numberFormat } from './locale';
import { writeFixed, writePercent } from './symbols';

/**
 * Number formatting for the terminal, in the trader's locale (locale.ts): thousands separators,
 * fixed decimals per instrument. The common forms are written from the number's digits with the
 * locale's symbols (see digits.ts and symbols.ts: the same text as Intl, many times faster, and no
 * slow first call on the way to the first prices); the rest go to the locale's Intl.NumberFormat,
 * whose formatters are created once per locale.
 */
export const DASH = '—';

/** A price or quantity with exactly `decimals` decimals: 100,012.5 with 1, 0.00001234 with 8 (100.012,5 in de). */
export function formatFixed(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const d = Math.max(0, Math.min(decimals, 12));
  const { decimal } = localeFormats();
  return (
    (decimal.fast ? writeFixed(decimal, value, d) : undefined) ??
    numberFormat(`f${d}`, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value)
  );
}

/** A percentage of a ratio: 0.01234 → "+1.23%" (signed: a sign on everything but zero; "+1,23 %" in fr). */
export function formatPercent(ratio: number | null | undefined, decimals = 2, signed = true): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return DASH;
  const { percent } = localeFormats();
  return (
    (percent.fast ? writePercent(percent, ratio, decimals, signed) : undefined) ??
    numberFormat(`p${decimals}${signed}`, {
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(ratio)
  );
}

/**
 * Large amounts: 1.23B, 456.7M, 12.3K (at most two decimals, none when they are zeros), with the
 * locale's own units and steps (6,19 Mrd., 61.9亿): see compact.ts. `keepZeros` always writes two
 * decimals (20.00K), for labels whose width must not change as the amount moves (a chart's axis).
 */
export function formatCompact(value: number | null | undefined, keepZeros = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const { compact } = localeFormats();
  const written = compact ? writeCompact(compact, value, keepZeros) : undefined;
  if (written !== undefined) return written;
  return keepZeros
    ? numberFormat('compact-2', { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
    : numberFormat('compact', { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/**
 * A number as typed by a person, without exponent: 1e-7 → "0.0000001". Its shortest decimal form,
 * moved by the exponent exactly (digits.ts; property-tested against big.js, as the ticket's maths).
 */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const { int, frac } = digitsOf(Math.abs(value))!;
  return `${value < 0 ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * A number with all its digits and no thousands separators, in the locale's form: 100012.5 →
 * "100012.5" (100012,5 in de), 1e-7 → "0.0000001". For the values of orders as they were placed.
 */
export function formatPlain(value: number): string {
  if (!Number.isFinite(value)) return DASH;
  const s = localeFormats().decimal;
  const text = plainNumber(Math.abs(value));
  const affix = value < 0 || Object.is(value, -0) ? s.negative : s.positive;
  return `${affix.prefix}${s.decimal === '.' ? text : text.replace('.', s.decimal)}${affix.suffix}`;
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

/**
 * A number with exactly `decimals` decimals and no separators, as an input takes it: "100012.50".
 * Rounded half away from zero from its shortest decimal form, as big.js's toFixed does.
 */
export function fixedPlain(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new Error(`fixedPlain: ${value} is not a finite number`);
  const places = Math.max(0, decimals);
  const { int, frac } = rounded(digitsOf(Math.abs(value))!, places);
  return `${value < 0 ? '-' : ''}${int}${places > 0 ? `.${frac}` : ''}`;
}

const PLAIN_DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * A plain decimal as text, with the locale's separators and its decimals as they are:
 * "100012.50" → "100,012.50" (100.012,50 in de). Text that is not a plain decimal (a pasted line's
 * value as it came) is shown as it is.
 */
export function groupDecimalText(text: string): string {
  if (!PLAIN_DECIMAL.test(text)) return text;
  const s = localeFormats().decimal;
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  if (!s.fast) {
    const d = Math.min(fraction?.length ?? 0, 20);
    // Intl reads a numeric string exactly, all its digits kept.
    return numberFormat(`t${d}`, { minimumFractionDigits: d, maximumFractionDigits: d }).format(text as Intl.StringNumericLiteral);
  }
  const affix = negative ? s.negative : s.positive;
  return `${affix.prefix}${grouped(whole, s.group, s.minGrouping)}${fraction !== undefined ? s.decimal + fraction : ''}${affix.suffix}`;
}
