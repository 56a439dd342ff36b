import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { typedEdit } from '@/terminal/shared/format/decimalKeys';
import { latinDigits, shownDecimal } from '@/terminal/shared/format/decimalText';
import { FORMAT_LOCALES, separators, setFormatLocale } from '@/terminal/shared/format/locale';

afterEach(() => {
  setFormatLocale('en');
});

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Keys a trader may press in a price or quantity field, in any layout. */
const KEYS = ['0', '1', '5', '9', '.', ',', '-', ' ', 'e', '٫', '٬', '\u00a0', "'", 'x', '+', '٥', '۷'];

describe('a decimal field never shows one number and holds another', () => {
  it('in English, a comma is refused as not the decimal separator, and nothing is added', () => {
    setFormatLocale('en');
    const edit = typedEdit('0', '0,', separators(), '0');
    expect(edit).toEqual({ refused: { code: 'separator', char: ',', decimal: '.' } });
    expect(typedEdit('0.5', '0.5.', separators(), '0')).toEqual({ refused: { code: 'secondSeparator', char: '.' } });
    expect(typedEdit('', '-', separators(), '0')).toEqual({ refused: { code: 'negative' } });
    expect(typedEdit('1', '1x', separators(), '0')).toEqual({ refused: { code: 'notDigit', char: 'x' } });
  });

  it('takes Arabic-Indic digits and the Arabic decimal separator as the same number, in Latin digits', () => {
    for (const locale of ['ar', 'en', 'de']) {
      setFormatLocale(locale);
      expect(typedEdit('', '٠٫٥', separators(), '0')).toEqual({ value: '0.5' });
      expect(typedEdit('1', '1۲', separators(), '0')).toEqual({ value: '12' });
    }
  });

  it('in German, the comma is the decimal separator; a point, which groups thousands there, is refused (98.000 is not 98)', () => {
    setFormatLocale('de');
    expect(typedEdit('0', '0,', separators(), '0')).toEqual({ value: '0.' });
    expect(typedEdit('98', '98.', separators(), '0')).toEqual({ refused: { code: 'separator', char: '.', decimal: ',' } });
    // French groups with a space: a point there is still taken as the decimal point.
    setFormatLocale('fr');
    expect(typedEdit('0', '0.', separators(), '0')).toEqual({ value: '0.' });
  });

  it('for every locale, no sequence of keystrokes yields a value whose digits differ from what is shown', () => {
    for (const locale of FORMAT_LOCALES) {
      setFormatLocale(locale);
      const locals = separators();
      const keys = fc.constantFrom(...KEYS, locals.decimal, locals.group);
      fc.assert(
        fc.property(fc.array(fc.tuple(keys, fc.nat()), { maxLength: 14 }), (presses) => {
          let value = '';
          for (const [key, where] of presses) {
            const shown = shownDecimal(value, locals);
            const at = where % (shown.length + 1);
            const typed = shown.slice(0, at) + key + shown.slice(at);
            const edit = typedEdit(shown, typed, locals, '0');
            if ('value' in edit) {
              // Taken: the field shows exactly what was typed (a point typed where the locale writes
              // a comma shows as its comma), so what is sent is what is seen.
              // Arabic-Indic digits show as the Latin digits the terminal writes: the same number.
              expect(shownDecimal(edit.value, locals)).toBe(latinDigits(typed).split('.').join(locals.decimal));
              value = edit.value;
            } else {
              // Refused: said, and the value is as it was; never another number in silence.
              expect(edit.refused.code).toBeTruthy();
            }
            expect(digitsOf(shownDecimal(value, locals))).toBe(digitsOf(value));
          }
        }),
        { numRuns: 300 },
      );
    }
  });
});
