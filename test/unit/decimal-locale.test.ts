import { afterEach, describe, expect, it } from 'vitest';
import { cleanPastedDecimal, isDecimalDraft, shownDecimal, typedDecimal } from '@/terminal/shared/format/decimalText';
import { FORMAT_LOCALES, separators, setFormatLocale } from '@/terminal/shared/format/locale';

afterEach(() => {
  setFormatLocale('en');
});

/** What a paste puts in a field in `locale`: the canonical text, or undefined when refused. */
function pasted(locale: string, text: string): string | undefined {
  setFormatLocale(locale);
  const clean = cleanPastedDecimal(text, separators());
  return isDecimalDraft(clean) ? clean : undefined;
}

describe('decimal separators typed and pasted in the trader’s locale', () => {
  it('takes the locale’s decimal separator or a point as the one decimal point', () => {
    setFormatLocale('de');
    expect(['0,25', '0.25', '12,', ','].map((text) => typedDecimal(text, separators()))).toEqual(['0.25', '0.25', '12.', '.']);
    expect(isDecimalDraft(typedDecimal('1,2.5', separators()))).toBe(false);
    setFormatLocale('en');
    expect(isDecimalDraft(typedDecimal('0,25', separators()))).toBe(false);
  });

  it('shows the canonical value with the locale’s separator, and reads it back as it was', () => {
    for (const locale of FORMAT_LOCALES) {
      setFormatLocale(locale);
      for (const value of ['0.25', '-100012.50', '12.', '7']) expect(typedDecimal(shownDecimal(value, separators()), separators()), locale).toBe(value);
    }
    setFormatLocale('fr');
    expect(shownDecimal('100012.50', separators())).toBe('100012,50');
  });

  it('reads pasted thousands as the locale groups them', () => {
    expect(pasted('en', '1,234.5')).toBe('1234.5');
    expect(pasted('en', '1.234')).toBe('1.234');
    expect(pasted('de', '1.234,5')).toBe('1234.5');
    expect(pasted('de', '1.234')).toBe('1234');
    expect(pasted('de', '1.234.567')).toBe('1234567');
    expect(pasted('de', '0,25')).toBe('0.25');
    expect(pasted('es', '12.345,6')).toBe('12345.6');
    expect(pasted('fr', '1\u202f234,5')).toBe('1234.5');
    expect(pasted('ru', '-1\u00a0234,5')).toBe('-1234.5');
    expect(pasted('ar', '\u200e-1,234.50')).toBe('-1234.50');
  });

  it('refuses a mix the locale would not write, rather than read another number', () => {
    expect(pasted('en', '1.234,5')).toBeUndefined();
    expect(pasted('en', '1,5')).toBeUndefined();
    expect(pasted('de', '1,234.5')).toBeUndefined();
    expect(pasted('de', '1.234.5')).toBeUndefined();
    expect(pasted('fr', '1,234,5')).toBeUndefined();
  });

  it('never reads a number that starts with 0 as grouped thousands', () => {
    expect(pasted('de', '0.125')).toBe('0.125');
    expect(pasted('de', '-0.500')).toBe('-0.500');
    expect(pasted('en', '0,125')).toBeUndefined();
    expect(pasted('de', '10.125')).toBe('10125');
  });
});
