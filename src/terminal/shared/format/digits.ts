/**
 * Decimal digits of numbers as strings, for the formatters the tables call hundreds of times a
 * poll. They give what Intl.NumberFormat gives (which works on the shortest decimal form of
 * a number and rounds half away from zero) at a fraction of its cost, and without its slow first
 * call; numbers JavaScript writes with an exponent are moved by it, exactly as the others.
 */

/** Integer and fraction digits of a number ≥ 0. */
export interface Digits {
  int: string;
  frac: string;
}

/**
 * The shortest decimal form of `abs` (finite, ≥ 0) times 10^shift, moved exactly (no float
 * multiplication). JavaScript writes tiny and huge numbers with an exponent (a funding rate of
 * 1.2e-7): its digits are moved by the exponent the same way, so those never need Intl either.
 */
export function digitsOf(abs: number, shift = 0): Digits | undefined {
  let text = String(abs);
  const e = text.indexOf('e');
  if (e >= 0) {
    shift += Number(text.slice(e + 1));
    text = text.slice(0, e);
  }
  if (!Number.isFinite(shift)) return undefined;
  const point = text.indexOf('.');
  let int = point < 0 ? text : text.slice(0, point);
  let frac = point < 0 ? '' : text.slice(point + 1);
  if (shift > 0) {
    const moved = frac.padEnd(shift, '0');
    int += moved.slice(0, shift);
    frac = moved.slice(shift);
  } else if (shift < 0) {
    const moved = int.padStart(-shift + 1, '0');
    frac = moved.slice(moved.length + shift) + frac;
    int = moved.slice(0, moved.length + shift);
  }
  int = int.replace(/^0+(?=\d)/, '');
  return { int, frac };
}

/** Adds one to a string of decimal digits: "0199" → "0200", "999" → "1000". */
function increment(digits: string): string {
  let at = digits.length - 1;
  while (at >= 0 && digits.charCodeAt(at) === 57) at--;
  if (at < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, at) + String.fromCharCode(digits.charCodeAt(at) + 1) + '0'.repeat(digits.length - at - 1);
}

/** Rounded to exactly `decimals` fraction digits, half away from zero. */
export function rounded({ int, frac }: Digits, decimals: number): Digits {
  if (frac.length <= decimals) return { int, frac: frac.padEnd(decimals, '0') };
  let digits = int + frac.slice(0, decimals);
  if (frac.charCodeAt(decimals) >= 53) digits = increment(digits);
  const intLength = digits.length - decimals;
  return { int: digits.slice(0, intLength), frac: digits.slice(intLength) };
}

/**
 * Integer digits with a separator between thousands: 1234567 → 1,234,567. Where `minGrouping` is
 * 2 a four-digit number stays whole, as Spanish writes 1234 but 12.345.
 */
export function grouped(int: string, separator = ',', minGrouping = 1): string {
  if (int.length <= 2 + minGrouping) return int;
  const head = int.length % 3 || 3;
  let text = int.slice(0, head);
  for (let at = head; at < int.length; at += 3) text += separator + int.slice(at, at + 3);
  return text;
}

export const isZero = ({ int, frac }: Digits) => /^0*$/.test(int) && /^0*$/.test(frac);
