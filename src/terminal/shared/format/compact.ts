import { digitsOf, grouped, rounded } from './digits';
import { type Affix, affixOf, isNegative, type NumberSymbols } from './symbols';

/**
 * Compact amounts (1.23B, 6,19 Mrd., 61.9亿) written from digits with each locale's steps, read
 * once from Intl: the unit and its scale for every power of ten below 10^15. Chinese, Japanese and
 * Korean step by ten thousands (万, 亿), Spanish has "mil M" for ten thousand millions; where a
 * unit's word changes with the number (Arabic's 3 آلاف but 11 ألف), the steps cannot say it and
 * the locale's compact Intl formatter writes every amount.
 */
export interface CompactStep {
  /** The amount is written divided by 10^shift. */
  shift: number;
  positive: Affix;
  negative: Affix;
}

export interface CompactSymbols {
  group: string;
  decimal: string;
  /** One per power of ten, 10^0 to 10^14. */
  steps: CompactStep[];
}

const step = (shift: number, unit: string): CompactStep => ({ shift, positive: { prefix: '', suffix: unit }, negative: { prefix: '-', suffix: unit } });

/** English without asking Intl (no slow first call on the way to the first prices). */
export const EN_COMPACT: CompactSymbols = {
  group: ',',
  decimal: '.',
  steps: Array.from({ length: 15 }, (_, power) => (power < 3 ? step(0, '') : step(power - (power % 3), ['K', 'M', 'B', 'T'][Math.floor(power / 3) - 1]!))),
};

/**
 * At most two decimals, none when they are zeros (or always two, `keepZeros`); undefined for
 * amounts of 10^15 and more, left to Intl.
 */
export function writeCompact(c: CompactSymbols, value: number, keepZeros = false): string | undefined {
  const abs = Math.abs(value);
  const whole = abs < 1e15 ? digitsOf(abs) : undefined;
  if (!whole) return undefined;
  let power = whole.int === '0' ? 0 : whole.int.length - 1;
  for (;;) {
    const at = c.steps[power];
    const digits = at && digitsOf(abs, -at.shift);
    if (!at || !digits) return undefined;
    const shown = rounded(digits, 2);
    // 999,999 rounds to 1000K: that is 1M.
    if (shown.int.length > power - at.shift + 1) {
      power += 1;
      continue;
    }
    const frac = keepZeros ? shown.frac.padEnd(2, '0') : shown.frac.replace(/0+$/, '');
    const affix = isNegative(value) ? at.negative : at.positive;
    // Compact amounts are grouped from five digits on ("1000 M", "10.000"), as Intl writes them.
    return `${affix.prefix}${grouped(shown.int, c.group, 2)}${frac ? c.decimal + frac : ''}${affix.suffix}`;
  }
}

const MULTIPLES = [1, 1.5, 2, 3, 5, 7.77, 9.999, 9.99999];

/** The compact steps of a tag, or undefined when they do not write every probe as Intl does. */
export function readCompact(tag: string, symbols: NumberSymbols): CompactSymbols | undefined {
  const intl = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 2 });
  const steps = Array.from({ length: 15 }, (_, power): CompactStep => {
    const parts = intl.formatToParts(10 ** power);
    const int = parts.filter((part) => part.type === 'integer').map((part) => part.value).join('');
    return { shift: power - (int.length - 1), positive: affixOf(parts), negative: affixOf(intl.formatToParts(-(10 ** power))) };
  });
  const compact: CompactSymbols = { group: symbols.group, decimal: symbols.decimal, steps };
  for (let power = -3; power < 15; power++) {
    for (const multiple of MULTIPLES) {
      for (const value of [multiple * 10 ** power, -multiple * 10 ** power, 0, -0]) {
        // Undefined is fine: that amount goes to Intl.
        const written = writeCompact(compact, value);
        if (written !== undefined && written !== intl.format(value)) return undefined;
      }
    }
  }
  return compact;
}
