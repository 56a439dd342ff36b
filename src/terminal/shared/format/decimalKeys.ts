import { isDecimalDraft, latinDigits, typedDecimal, type Separators } from './decimalText';

/**
 * Why a field did not take what was typed or pasted, as data: the view words it. A field never
 * drops a character in silence, and never makes another number of what it was given.
 */
export type DecimalRefusal =
  | { code: 'separator'; char: string; decimal: string }
  | { code: 'secondSeparator'; char: string }
  | { code: 'negative' }
  | { code: 'notDigit'; char: string }
  | { code: 'notANumber'; text: string; decimal: string }
  /** Not refused, but read one way of two: "1.234" pasted in German is 1234. */
  | { code: 'readAsThousands'; text: string; read: string; group: string };

/** A field's value after an edit, or why it stays as it was. */
export type DecimalEdit = { value: string } | { refused: DecimalRefusal };

const DIGIT = /\d/;
/** Characters some locale writes as a decimal or group separator: one typed where it does not belong is named as such. */
const SEPARATOR_LIKE = new Set([',', '.', '٬', '\u00a0', '\u202f', "'", '’', ' ']);

/** What an edit put in: the text between the common start and the common end of before and after. */
export function insertedText(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  return after.slice(start, after.length - end);
}

/** The first character of `inserted` the field cannot take, and why. */
function refusalOf(inserted: string, after: string, separators: Separators, min?: string): DecimalRefusal {
  const { decimal } = separators;
  for (const char of latinDigits(inserted)) {
    if (DIGIT.test(char)) continue;
    if (char === decimal || char === '.') {
      const count = [...latinDigits(after)].filter((c) => c === decimal || c === '.').length;
      if (count > 1) return { code: 'secondSeparator', char };
      continue;
    }
    if (char === '-' || char === '\u2212') {
      if (min !== undefined && !isDecimalDraft('-', min)) return { code: 'negative' };
      continue;
    }
    if (SEPARATOR_LIKE.has(char)) return { code: 'separator', char: char.trim() === '' ? '␣' : char, decimal };
    return { code: 'notDigit', char };
  }
  // Every character is one the field takes, but not in this order ("1-2", "-" twice).
  return { code: 'notANumber', text: after, decimal };
}

/**
 * A typed edit: `shownBefore` is what the field showed, `shownAfter` what the browser made of the
 * keystroke. Taken as the canonical decimal text when it is a number being typed; otherwise the
 * field keeps its value and says why.
 */
export function typedEdit(shownBefore: string, shownAfter: string, separators: Separators, min?: string): DecimalEdit {
  // Where "." groups thousands (German: 98.000 is ninety-eight thousand), a "." typed is not read as
  // the decimal point: "98.000" would go as 98. It is refused, as "," is in English.
  if (separators.group === '.' && separators.decimal !== '.' && insertedText(shownBefore, shownAfter).includes('.')) {
    return { refused: { code: 'separator', char: '.', decimal: separators.decimal } };
  }
  const value = typedDecimal(shownAfter, separators);
  if (isDecimalDraft(value, min)) return { value };
  return { refused: refusalOf(insertedText(shownBefore, shownAfter), shownAfter, separators, min) };
}
