import Big from 'big.js';

/**
 * Decimal text as a trader types it, kept as text: a half-typed "12." or "." is a draft, not a
 * number yet. Steps are done in exact decimals (big.js), so 0.2 + 0.1 is 0.3, not 0.30000000000000004.
 */
const DRAFT = /^\d*\.?\d*$/;
const SIGNED_DRAFT = /^-?\d*\.?\d*$/;
/** Commas only as thousands separators: 1,234,567.89; anything else with a comma is not a number here. */
const COMMA_GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/** A minus sign only makes sense when the field may go below zero. */
export function allowsNegative(min: string | undefined): boolean {
  return min === undefined || new Big(min).lt(0);
}

export function isDecimalDraft(text: string, min?: string): boolean {
  return (allowsNegative(min) ? SIGNED_DRAFT : DRAFT).test(text);
}

/** Pasted text as a plain decimal: spaces and apostrophes dropped, thousands commas too. */
export function cleanPastedDecimal(text: string): string {
  const compact = text.replace(/[\s'’]/g, '');
  return COMMA_GROUPED.test(compact) ? compact.replace(/,/g, '') : compact;
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
