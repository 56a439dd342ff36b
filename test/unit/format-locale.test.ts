import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crosshairLabel, tickLabel } from '@/terminal/features/chart/model/time';
import { formatFieldValue } from '@/terminal/shared/format/field';
import { FORMAT_LOCALES, formatLocale, localeFormats, setFormatLocale } from '@/terminal/shared/format/locale';
import { decimalsOf, fixedPlain, formatCompact, formatFixed, formatPercent, formatPlain, groupDecimalText } from '@/terminal/shared/format/number';
import { formatClock } from '@/terminal/shared/format/time';

afterEach(() => {
  setFormatLocale('en');
});

/** Prices, rates and amounts of every magnitude, half-way ties, negatives and values that round to zero. */
const values = fc.oneof(
  fc.double({ min: -1e14, max: 1e14, noNaN: true }),
  fc.integer({ min: -1e9, max: 1e9 }).chain((units) => fc.integer({ min: 0, max: 8 }).map((scale) => units / 10 ** scale)),
  fc.integer({ min: -99_999, max: 99_999 }).map((units) => units / 1000 + 0.0005),
  fc.integer({ min: -9999, max: 9999 }).map((units) => units + 0.5),
  fc.constantFrom(0, -0, 0.5, -0.5, 1234, 12_345.6, 999.995, 999_999, 1.005, -0.001, 1e-7, 1e21),
);

describe.each(FORMAT_LOCALES)('numbers in %s, against Intl.NumberFormat', (locale) => {
  const tag = () => localeFormats().numberTag;

  it('are written from digits, not by Intl, on this runtime', () => {
    setFormatLocale(locale);
    expect(formatLocale()).toBe(locale);
    expect(localeFormats().decimal.fast && localeFormats().percent.fast).toBe(true);
    // Arabic's thousands change their word with the number (3 آلاف, 11 ألف): Intl writes its compact amounts.
    expect(localeFormats().compact !== undefined).toBe(locale !== 'ar');
  });

  it('formatFixed and groupDecimalText write what Intl writes, 0 to 8 decimals', () => {
    setFormatLocale(locale);
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        const intl = new Intl.NumberFormat(tag(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        expect(formatFixed(value, decimals)).toBe(intl.format(value));
        if (Math.abs(value) < 1e15) expect(groupDecimalText(fixedPlain(value, decimals))).toBe(intl.format(fixedPlain(value, decimals) as Intl.StringNumericLiteral));
      }),
      { numRuns: 600 },
    );
  });

  it('formatPlain writes every digit as Intl does, without grouping', () => {
    setFormatLocale(locale);
    fc.assert(
      // Intl stops at 20 decimals; formatPlain writes all, so the comparison stays within them.
      fc.property(values.filter((value) => decimalsOf(value) <= 20), (value) => {
        const intl = new Intl.NumberFormat(tag(), { maximumFractionDigits: 20, useGrouping: false });
        expect(formatPlain(value)).toBe(intl.format(value));
      }),
      { numRuns: 300 },
    );
  });

  it('formatPercent writes what Intl writes, signed or not', () => {
    setFormatLocale(locale);
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 6 }), fc.boolean(), (value, decimals, signed) => {
        const options: Intl.NumberFormatOptions = { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals };
        const intl = new Intl.NumberFormat(tag(), { ...options, signDisplay: signed ? 'exceptZero' : 'auto' });
        expect(formatPercent(value / 100, decimals, signed)).toBe(intl.format(value / 100));
      }),
      { numRuns: 600 },
    );
  });

  it('formatCompact writes what Intl writes', () => {
    setFormatLocale(locale);
    fc.assert(
      fc.property(fc.oneof(values, fc.double({ min: 0, max: 15, noNaN: true }).map((power) => Math.round(10 ** power))), (value) => {
        expect(formatCompact(value)).toBe(new Intl.NumberFormat(tag(), { notation: 'compact', maximumFractionDigits: 2 }).format(value));
        expect(formatCompact(value, true)).toBe(new Intl.NumberFormat(tag(), { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes config fields with the locale’s separators and time', () => {
    setFormatLocale(locale);
    const { decimal } = localeFormats();
    expect(formatFieldValue('max_leverage', 12.5)).toBe(`12${decimal.decimal}5`);
    expect(formatFieldValue('max_notional', 1_234_567.25)).toBe(new Intl.NumberFormat(tag(), { maximumFractionDigits: 12 }).format(1_234_567.25));
    const at = new Date(2024, 4, 12, 14, 2, 5).getTime();
    expect(formatFieldValue('updated_time', at)).toBe(new Date(at).toLocaleString(localeFormats().dateTag));
  });
});

describe('a config field’s true and false', () => {
  it('read yes and no in the trader’s language', async () => {
    const { i18n } = await import('@lingui/core');
    const english = i18n.messages;
    expect([formatFieldValue('reduce_only', true), formatFieldValue('post_only', false)]).toEqual(['yes', 'no']);
    const { messages } = await import('@/terminal/locales/de/messages');
    i18n.loadAndActivate({ locale: 'de', messages });
    try {
      expect([formatFieldValue('reduce_only', true), formatFieldValue('post_only', false)]).toEqual(['ja', 'nein']);
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: english });
    }
  });
});

describe('numbers in the locale’s own form', () => {
  it('keeps English exactly as it was', () => {
    expect([formatFixed(100012.5, 1), formatPercent(0.01234), formatCompact(6_190_000_000), groupDecimalText('-100012.50'), formatPlain(1e-7)]).toEqual([
      '100,012.5',
      '+1.23%',
      '6.19B',
      '-100,012.50',
      '0.0000001',
    ]);
  });

  it('a ticket value as typed: grouped when it is a plain decimal, as it came when it is not', () => {
    expect(['100012.', '.5', '0.0001', '12', ''].map(groupDecimalText)).toEqual(['100,012.', '.5', '0.0001', '12', '']);
    expect(['1,5', 'abc', '1e5', '--1'].map(groupDecimalText)).toEqual(['1,5', 'abc', '1e5', '--1']);
  });

  it('writes the separators, grouping and percent sign of each locale', () => {
    setFormatLocale('de');
    expect([formatFixed(100012.5, 1), formatPercent(0.1234), formatCompact(6_190_000_000)]).toEqual(['100.012,5', '+12,34\u00a0%', '6,19\u00a0Mrd.']);
    expect(formatPlain(-100012.5)).toBe('-100012,5');
    setFormatLocale('fr');
    expect(formatFixed(-1234.5, 2)).toBe('-1\u202f234,50');
    setFormatLocale('ru');
    expect(formatFixed(1234.5, 2)).toBe('1\u00a0234,50');
    setFormatLocale('es');
    expect([formatFixed(1234.5, 1), formatFixed(12345.6, 1)]).toEqual(['1234,5', '12.345,6']);
    setFormatLocale('tr');
    expect(formatPercent(-0.1234)).toBe('-%12,34');
  });

  it('keeps Western digits in Arabic, left to right', () => {
    setFormatLocale('ar');
    expect(formatFixed(-1234.5, 2)).toMatch(/^\u200e?-1,234\.50$/);
    expect(formatPercent(0.5)).not.toMatch(/[\u0660-\u0669]/);
  });

  it('chooses a shipped locale for any tag, English when there is none', () => {
    expect(['de-AT', 'pt', 'zh-Hant-HK', 'zh', 'AR', 'xx'].map(setFormatLocale)).toEqual(['de', 'pt-BR', 'zh-TW', 'zh-CN', 'ar', 'en']);
  });

  it('makes no Intl formatter per number: one set per locale, kept when switching back', () => {
    setFormatLocale('de');
    formatCompact(1e9);
    setFormatLocale('en');
    setFormatLocale('de');
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 200; i++) [formatFixed(i * 1.5, 2), formatPercent(i / 1000), formatCompact(i * 1e7), groupDecimalText(`${i}.5`)].join();
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

describe('times in the locale’s form', () => {
  const at = new Date(2024, 4, 12, 14, 2, 5).getTime();

  it('keeps English as it was: a 24-hour clock, the day before the month', () => {
    expect([formatClock(at), crosshairLabel(at / 1000), tickLabel(at / 1000, 1), tickLabel(at / 1000, 0)]).toEqual(['14:02:05', '12 May 14:02', 'May', '2024']);
  });

  it('follows the locale’s clock, 12-hour where it keeps one', () => {
    setFormatLocale('de');
    expect(crosshairLabel(at / 1000)).toBe('12. Mai 14:02');
    for (const locale of ['ko', 'ar', 'zh-TW'] as const) {
      setFormatLocale(locale);
      const twelve = new Intl.DateTimeFormat(localeFormats().dateTag, { hour: 'numeric' }).resolvedOptions().hour12;
      expect(twelve, locale).toBe(true);
      expect(formatClock(at), locale).not.toContain('14');
      expect(formatClock(at), locale).toBe(new Intl.DateTimeFormat(localeFormats().dateTag, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at));
    }
  });
});
