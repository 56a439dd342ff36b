import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decimalsOf, fixedPlain, formatCompact, formatFixed, formatPercent, plainNumber } from '@/terminal/shared/format/number';
import { formatCountdown } from '@/terminal/shared/format/time';

describe('number formatting', () => {
  it('counts the decimals a number is written with, exponent forms included', () => {
    expect([100012.5, 100, 0.00001234, 1.2e-7, 1e-9, 123456789.123, 1e21].map(decimalsOf)).toEqual([1, 0, 8, 8, 9, 3, 0]);
  });

  it('writes numbers as a trader types them, never with an exponent', () => {
    expect(plainNumber(1e-7)).toBe('0.0000001');
    expect(plainNumber(100012.5)).toBe('100012.5');
    expect(fixedPlain(0.1 + 0.2, 2)).toBe('0.30');
    expect(fixedPlain(99999.95, 1)).toBe('100000.0');
  });

  it('writes exactly what big.js writes (the ticket’s maths), for any finite number and 0 to 12 decimals', () => {
    expect([plainNumber(-0), fixedPlain(-0.001, 2), fixedPlain(-1.005, 2), fixedPlain(2.5, 0), fixedPlain(-0.5, 0)]).toEqual(['0', '-0.00', '-1.01', '3', '-1']);
    const numbers = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).chain((units) => fc.integer({ min: 0, max: 9 }).map((decimals) => units / 10 ** decimals)),
    );
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 12 }), (value, decimals) => {
        expect(plainNumber(value)).toBe(new Big(value).toFixed());
        expect(fixedPlain(value, decimals)).toBe(new Big(value).toFixed(decimals));
      }),
      { numRuns: 5000 },
    );
  });

  it('formats prices with the instrument’s decimals and thousands separators', () => {
    expect(formatFixed(100012.5, 1)).toBe('100,012.5');
    expect(formatFixed(0.000012, 9)).toBe('0.000012000');
    expect(formatFixed(Number.NaN, 2)).toBe('—');
    expect(formatPercent(0.01234)).toBe('+1.23%');
    expect(formatPercent(-0.0001, 4)).toBe('-0.0100%');
    expect(formatCompact(6_190_000_000)).toBe('6.19B');
  });

  it('counts down to funding', () => {
    expect(formatCountdown(3 * 3600_000 + 5 * 60_000 + 7_000)).toBe('3:05:07');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('number formatting, against Intl.NumberFormat', () => {
  // The formatters write digits themselves for speed; Intl is the reference for what they must give.
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', options);
  /** Prices, rates and amounts of every magnitude the terminal shows, ties and negatives included. */
  const values = fc.oneof(
    fc.double({ min: -1e14, max: 1e14, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).chain((units) => fc.integer({ min: 0, max: 12 }).map((scale) => units / 10 ** scale)),
    fc.integer({ min: -99_999, max: 99_999 }).map((units) => units / 1000 + 0.0005),
    fc.constantFrom(0, -0, 999.995, 999_999, 999_999_999, 1.005, 0.07, 1e-7, 2.5e-9, 1e21, 12.345),
  );

  it('formatFixed writes what Intl writes, for every number of decimals', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 12 }), (value, decimals) => {
        expect(formatFixed(value, decimals)).toBe(intl({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('formatPercent writes what Intl writes, signed or not', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 6 }), fc.boolean(), (value, decimals, signed) => {
        const options: Intl.NumberFormatOptions = {
          style: 'percent',
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
          signDisplay: signed ? 'exceptZero' : 'auto',
        };
        expect(formatPercent(value / 100, decimals, signed)).toBe(intl(options).format(value / 100));
      }),
      { numRuns: 3000 },
    );
  });

  it('formatCompact writes what Intl writes', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(formatCompact(value)).toBe(intl({ notation: 'compact', maximumFractionDigits: 2 }).format(value));
        expect(formatCompact(value, true)).toBe(intl({ notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes numbers JavaScript prints with an exponent without building an Intl formatter', () => {
    // A funding rate of 1.2e-7 in the first rows must not wait for Intl's slow first call.
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(formatPercent(1.2e-7, 4)).toBe('0.0000%');
      expect(formatPercent(1.25e-7, 6)).toBe('+0.000013%');
      expect(formatPercent(-3.456e-7, 5)).toBe('-0.00003%');
      expect(formatFixed(2.5e-9, 10)).toBe('0.0000000025');
      expect(formatFixed(1.5e21, 0)).toBe('1,500,000,000,000,000,000,000');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
