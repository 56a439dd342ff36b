import Big from 'big.js';

/**
 * Money in the ticket is decimal, never float: what the trader types is parsed into Big, checked
 * and summed as Big, and turned into a JSON number only at the end, from its exact digits.
 */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

export function parseDecimal(text: string): Big | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  return new Big(trimmed);
}

/** 10^-decimals: the tick of a price with 1 decimal is 0.1. */
export function stepOf(decimals: number): Big {
  return new Big(1).div(new Big(10).pow(decimals));
}

export function isMultipleOf(value: Big, step: Big): boolean {
  return value.mod(step).eq(0);
}

/** Rounds to a multiple of `step`: down, up or to the nearest. */
export function roundToStep(value: Big, step: Big, mode: 'down' | 'up' | 'nearest' = 'nearest'): Big {
  const rm = mode === 'down' ? Big.roundDown : mode === 'up' ? Big.roundUp : Big.roundHalfUp;
  return value.div(step).round(0, rm).times(step);
}

/** The JSON number with exactly these digits (Number of a decimal string is the nearest double). */
export function toWireNumber(value: Big): number {
  return Number(value.toFixed());
}

export { Big };
