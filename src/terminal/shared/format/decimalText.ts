import Big from 'big.js';

/**
 * Decimal text as a trader types it, kept as text: a half-typed "12." or "." is a draft, not a
 * number yet. Steps are done in exact decimals (big.js), so 0.2 + 0.1 is 0.3, not 0.30000000000000004.
 */
const DRAFT = /^\d*\.?\d*$/;
const SIGNED_DRAFT = /^-?\d*\.?\d*$/;

/** A minus sign only makes sense when the field may go below zero. */
export function allowsNegative(min: string | undefined): boolean {
  return min === undefined || new Big(min).lt(0);
}

export function isDecimalDraft(text: string, min?: string): boolean {
  return (allowsNegative(min) ? SIGNED_DRAFT : DRAFT).test(text);
}

/** The separators of a locale, as locale.ts `separators()` gives them. */
export interface Separators {
  decimal: string;
  group: string;
}
const ENGLISH: Separators = { decimal: '.', group: ',' };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Arabic-Indic and Eastern Arabic-Indic digits (an Arabic or Persian keyboard's) as the Latin
 * digits the terminal writes, and the Arabic decimal separator "٫" as a point: the same number,
 * shown as the terminal shows every figure.
 */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

/**
 * Text typed in the locale's form as the canonical decimal text: the locale's decimal separator
 * or a point, at most one of them ("0,25" in de is 0.25). Anything else is left as typed, which
 * isDecimalDraft refuses.
 */
export function typedDecimal(text: string, { decimal }: Separators = ENGLISH): string {
  const latin = latinDigits(text);
  return decimal === '.' ? latin : latin.split(decimal).join('.');
}

/** Canonical decimal text as the locale shows it in a field: "0.25" → "0,25" in de, never grouped. */
export function shownDecimal(text: string, { decimal }: Separators = ENGLISH): string {
  return decimal === '.' ? text : text.replace('.', decimal);
}

/**
 * Pasted text as a plain decimal, read as the locale writes numbers: spaces, apostrophes and
 * direction marks dropped; the locale's thousands separators taken out where they group whole
 * thousands (1,234,567.89 in en; 1.234.567,89 and 1.234 — one thousand two hundred thirty-four — in
 * de); then as typed. A mix the locale would not write ("1.234,5" in en) is left as it is, and
 * refused: never read as another number.
 */
export function cleanPastedDecimal(text: string, separators: Separators = ENGLISH): string {
  const compact = latinDigits(text).replace(/[\s'’\u200e\u200f\u061c\u066c]/g, '').replace(/\u2212/g, '-');
  const { decimal, group } = separators;
  if (group !== '' && !/\s/.test(group)) {
    // A first group never starts with 0: "0.125" is a decimal in every locale, not 125.
    const grouping = new RegExp(`^-?[1-9]\\d{0,2}(${escaped(group)}\\d{3})+(${escaped(decimal)}\\d*)?$`);
    if (grouping.test(compact)) return typedDecimal(compact.split(group).join(''), separators);
  }
  return typedDecimal(compact, separators);
}

/**
 * Whether a paste was read with thousands taken out and nothing to tell it from a decimal: "1.234"
 * in German is 1234, where an English keyboard meant 1.234. The field then says how it read it.
 */
export function readAsThousands(text: string, separators: Separators = ENGLISH): boolean {
  const { group } = separators;
  if (group !== '.' && group !== ',') return false;
  const compact = latinDigits(text).replace(/[\s'’\u200e\u200f\u061c]/g, '');
  return new RegExp(`^-?[1-9]\\d{0,2}(${escaped(group)}\\d{3})+$`).test(compact);
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

/**
 * The value one step up or down, never below min, with as many decimals as the value or the step
 * has; an empty field steps from zero. Undefined when the text is not a number yet ("-", ".").
 */
export function stepDecimal(text: string, step: string, direction: 1 | -1, min?: string): string | undefined {
  let current: Big;
  try {
    current = new Big(text.trim() === '' ? '0' : text);
  } catch {
    return undefined;
  }
  let next = direction > 0 ? current.plus(step) : current.minus(step);
  if (min !== undefined && next.lt(min)) next = new Big(min);
  return next.toFixed(Math.max(decimalsOf(text), decimalsOf(step), decimalsOf(min ?? '')));
}
