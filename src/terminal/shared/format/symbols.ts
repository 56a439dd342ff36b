import { digitsOf, grouped, isZero, rounded } from './digits';

/**
 * How one locale writes a number in one style (plain or percent), read once from
 * Intl.NumberFormat's parts, so the formatters can write digits themselves at any locale.
 */
export interface Affix {
  prefix: string;
  suffix: string;
}

export interface NumberSymbols {
  group: string;
  decimal: string;
  /** 2 where a four-digit number is not grouped (es: 1234,5 but 12.345,6). */
  minGrouping: number;
  negative: Affix;
  /** A positive number without a sign (and zero, signed or not). */
  positive: Affix;
  /** A positive number with its plus sign. */
  plus: Affix;
  /** False when this runtime's Intl writes something these symbols cannot say: then Intl writes it. */
  fast: boolean;
}

const en = (suffix: string): NumberSymbols => ({
  group: ',',
  decimal: '.',
  minGrouping: 1,
  negative: { prefix: '-', suffix },
  positive: { prefix: '', suffix },
  plus: { prefix: '+', suffix },
  fast: true,
});

/** English as written without asking Intl, so the first prices never wait for Intl's slow first call. */
export const EN_DECIMAL = en('');
export const EN_PERCENT = en('%');

const isNumberPart = (type: string) => type === 'integer' || type === 'group' || type === 'decimal' || type === 'fraction';

export function affixOf(parts: Intl.NumberFormatPart[]): Affix {
  const first = parts.findIndex((part) => isNumberPart(part.type));
  const last = parts.findLastIndex((part) => isNumberPart(part.type));
  const join = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return { prefix: join(parts.slice(0, first)), suffix: join(parts.slice(last + 1)) };
}

/** A number's sign as the formatters and Intl see it: -0 and negatives that round to zero keep theirs. */
export const isNegative = (value: number) => value < 0 || Object.is(value, -0);

/** `value` with exactly `decimals` decimals; undefined only for what is not a finite number. */
export function writeFixed(s: NumberSymbols, value: number, decimals: number): string | undefined {
  const digits = digitsOf(Math.abs(value));
  if (!digits) return undefined;
  const { int, frac } = rounded(digits, decimals);
  const affix = isNegative(value) ? s.negative : s.positive;
  return `${affix.prefix}${grouped(int, s.group, s.minGrouping)}${decimals > 0 ? s.decimal + frac : ''}${affix.suffix}`;
}

/** `ratio` as a percentage; signed puts a sign on everything but zero, as Intl's 'exceptZero'. */
export function writePercent(s: NumberSymbols, ratio: number, decimals: number, signed: boolean): string | undefined {
  const digits = digitsOf(Math.abs(ratio), 2);
  if (!digits) return undefined;
  const { int, frac } = rounded(digits, decimals);
  const affix = signed ? (isZero({ int, frac }) ? s.positive : ratio < 0 ? s.negative : s.plus) : isNegative(ratio) ? s.negative : s.positive;
  return `${affix.prefix}${grouped(int, s.group, s.minGrouping)}${decimals > 0 ? s.decimal + frac : ''}${affix.suffix}`;
}

const PROBES = [0, -0, 1, -1, 0.5, -0.005, 12.345, -1234.5, 1234, -12345, 123456.789, 1234567.5, 99999.995, 0.000123, 987654321];

export type NumberStyle = 'decimal' | 'percent';

function readStyle(tag: string, style: NumberStyle): NumberSymbols {
  const make = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, { style, minimumFractionDigits: 3, maximumFractionDigits: 3, ...options });
  const sample = style === 'percent' ? 12345.678 : 1234567.891;
  const parts = make({}).formatToParts(sample);
  const four = make({ minimumFractionDigits: 0, maximumFractionDigits: 0 }).formatToParts(style === 'percent' ? 12.34 : 1234);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    minGrouping: four.some((part) => part.type === 'group') ? 1 : 2,
    negative: affixOf(make({}).formatToParts(-sample)),
    positive: affixOf(parts),
    plus: affixOf(make({ signDisplay: 'exceptZero' }).formatToParts(sample)),
    fast: true,
  };
}

/** Whether the symbols write every probe exactly as Intl does (digits other than 0–9, other groupings, … do not). */
function agreesWithIntl(tag: string, style: NumberStyle, s: NumberSymbols): boolean {
  for (const decimals of [0, 2, 5]) {
    const options = { style, minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    const plain = new Intl.NumberFormat(tag, options);
    const signed = new Intl.NumberFormat(tag, { ...options, signDisplay: 'exceptZero' });
    for (const value of PROBES) {
      if (style === 'decimal' && writeFixed(s, value, decimals) !== plain.format(value)) return false;
      if (style === 'percent' && writePercent(s, value / 100, decimals, false) !== plain.format(value / 100)) return false;
      if (style === 'percent' && writePercent(s, value / 100, decimals, true) !== signed.format(value / 100)) return false;
    }
  }
  return true;
}

/** The symbols of a BCP 47 tag in a style, checked against Intl on this runtime. */
export function readSymbols(tag: string, style: NumberStyle): NumberSymbols {
  const symbols = readStyle(tag, style);
  return { ...symbols, fast: agreesWithIntl(tag, style, symbols) };
}

/**
 * Text kept whole and left to right inside a sentence of any direction ("2 ms", "+1.5 s", "0.00
 * USDC" in Arabic would otherwise read "ms 2"): wrapped in Unicode's left-to-right isolate.
 */
export const ltrIsolate = (text: string): string => `\u2066${text}\u2069`;
