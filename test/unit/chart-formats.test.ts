import { describe, expect, it, vi } from 'vitest';
import { amountFormat, priceFormatOf, remembered } from '@/terminal/features/chart/components/chartOptions';
import { setFormatLocale } from '@/terminal/shared/format/locale';

describe('the chart’s scale formats', () => {
  it('write a value once, until the language changes, and then in the new language', () => {
    const format = vi.fn((value: number) => `${value} in ${new Intl.NumberFormat().resolvedOptions().locale}`);
    const write = remembered(format);
    expect(write(1.5)).toBe(format.mock.results[0]!.value);
    write(1.5);
    write(2.5);
    expect(format).toHaveBeenCalledTimes(2);
    setFormatLocale('de');
    try {
      write(1.5);
      expect(format).toHaveBeenCalledTimes(3);
    } finally {
      setFormatLocale('en');
    }
  });

  it('keep writing figures as the grid does, in each language', () => {
    const price = priceFormatOf(1).formatter;
    expect(price(100012.5)).toBe('100,012.5');
    expect(amountFormat.formatter(20_000)).toBe('20.00K');
    setFormatLocale('de');
    try {
      expect(price(100012.5)).toBe('100.012,5');
      expect(price(100012.5)).toBe('100.012,5');
    } finally {
      setFormatLocale('en');
    }
    expect(price(100012.5)).toBe('100,012.5');
  });

  it('hold a bounded number of texts', () => {
    const format = vi.fn((value: number) => String(value));
    const write = remembered(format);
    for (let value = 0; value < 1000; value++) write(value);
    // The first values were let go: asked again, they are written again.
    write(0);
    expect(format).toHaveBeenCalledTimes(1001);
  });
});
