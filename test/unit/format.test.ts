import { describe, expect, it } from 'vitest';
import { decimalsOf, fixedPlain, formatCompact, formatFixed, formatPercent, plainNumber } from '../../src/terminal/shared/format/number';
import { formatCountdown } from '../../src/terminal/shared/format/time';

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
