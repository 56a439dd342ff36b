import { plural, t } from '@lingui/core/macro';
import type { Side } from '@/interface';
import { Big, isMultipleOf, parseDecimal, stepOf } from './decimal';
import type { MarketContext } from './types';
// The errors are words: they need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/**
 * A ladder spreads one total quantity over several limit orders at evenly spaced prices. All the
 * arithmetic is done in whole ticks and whole quantity steps (bigint), so nothing is lost to
 * floats and the legs add up to exactly the total the trader asked for.
 */
export type LadderMode = 'range' | 'step';
export type LadderDistribution = 'even' | 'more-at-start' | 'more-at-end';

export interface LadderInput {
  side: Side;
  mode: LadderMode;
  /** Range mode: the first and last prices, both included. */
  fromPrice: string;
  toPrice: string;
  /** Step mode: a buy ladder steps down from the start, a sell ladder up: away from the market. */
  startPrice: string;
  stepPrice: string;
  count: string;
  totalQuantity: string;
  distribution: LadderDistribution;
}

export type LadderField = 'fromPrice' | 'toPrice' | 'startPrice' | 'stepPrice' | 'count' | 'totalQuantity';
export type LadderErrors = Partial<Record<LadderField, string>>;
export interface LadderLeg {
  price: string;
  quantity: string;
}
export interface Ladder {
  errors: LadderErrors;
  legs: LadderLeg[];
}

export const MIN_LADDER_ORDERS = 2;
export const MAX_LADDER_ORDERS = 50;

const scale = (decimals: number) => new Big(10).pow(decimals);
const plain = (value: Big) => value.toFixed();

/** Whole ticks (or steps) nearest to the value; halves go up, as the ticket rounds elsewhere. */
function toUnits(value: Big, decimals: number): bigint {
  return BigInt(value.times(scale(decimals)).round(0, Big.roundHalfUp).toFixed(0));
}

/** The text a ticket row holds: every decimal of the tick written out, like a price typed in. */
function fromUnits(units: bigint, decimals: number): string {
  return new Big(units.toString()).div(scale(decimals)).toFixed(decimals);
}

/** a / b rounded half up, for a ≥ 0 and b > 0. */
const divideNearest = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

function readCount(text: string, errors: LadderErrors): number | undefined {
  const trimmed = text.trim();
  const count = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (trimmed === '') errors.count = t`Enter how many orders`;
  else if (!(count >= MIN_LADDER_ORDERS && count <= MAX_LADDER_ORDERS)) {
    const fewest = MIN_LADDER_ORDERS;
    const most = MAX_LADDER_ORDERS;
    errors.count = t`Enter a whole number of orders from ${fewest} to ${most}`;
  } else return count;
  return undefined;
}

/** A price on the tick, in ticks; a price that rounds to nothing is as wrong as a zero. */
function readPrice(text: string, field: LadderField, decimals: number, errors: LadderErrors): bigint | undefined {
  const value = parseDecimal(text);
  if (text.trim() === '') errors[field] = t`Enter a price`;
  else if (!value || value.lte(0)) errors[field] = t`Enter a positive price, like 100012.5`;
  else if (toUnits(value, decimals) <= 0n) {
    const tick = plain(stepOf(decimals));
    errors[field] = t`Rounds to 0 at the tick ${tick}`;
  }
  else return toUnits(value, decimals);
  return undefined;
}

function rangePrices(input: LadderInput, count: number | undefined, decimals: number, errors: LadderErrors) {
  const from = readPrice(input.fromPrice, 'fromPrice', decimals, errors);
  const to = readPrice(input.toPrice, 'toPrice', decimals, errors);
  if (from === undefined || to === undefined || count === undefined) return undefined;
  const gaps = BigInt(count - 1);
  const prices = Array.from({ length: count }, (_, i) => divideNearest(from * gaps + (to - from) * BigInt(i), gaps));
  if (prices.some((price, i) => i > 0 && price === prices[i - 1])) {
    const tick = plain(stepOf(decimals));
    errors.count = plural(count, {
      one: `The range is too narrow for # order at the tick ${tick}`,
      other: `The range is too narrow for # orders at the tick ${tick}`,
    });
    return undefined;
  }
  return prices;
}

function stepPrices(input: LadderInput, count: number | undefined, decimals: number, errors: LadderErrors) {
  const start = readPrice(input.startPrice, 'startPrice', decimals, errors);
  const step = parseDecimal(input.stepPrice);
  if (input.stepPrice.trim() === '') errors.stepPrice = t`Enter a step`;
  else if (!step || step.lte(0)) errors.stepPrice = t`Enter a positive step, like 0.5`;
  if (start === undefined || !step || step.lte(0) || count === undefined) return undefined;
  // Each price is rounded on its own, so an off-tick step stays true to what was typed on average.
  const away = input.side === 'BUY' ? -1 : 1;
  const raw = new Big(input.startPrice.trim());
  const prices = Array.from({ length: count }, (_, i) => toUnits(raw.plus(step.times(away * i)), decimals));
  const belowZero = prices.findIndex((price) => price <= 0n);
  if (belowZero >= 0) {
    const order = belowZero + 1;
    errors.stepPrice = t`Order ${order} would be priced at 0 or below: use a smaller step or fewer orders`;
  } else if (prices.some((price, i) => i > 0 && price === prices[i - 1])) {
    const priceStep = plain(step);
    const tick = plain(stepOf(decimals));
    errors.stepPrice = t`The step ${priceStep} is too small for the tick ${tick}: two orders would share a price`;
  } else return prices;
  return undefined;
}

function readTotal(text: string, count: number | undefined, decimals: number, errors: LadderErrors) {
  const total = parseDecimal(text);
  const step = stepOf(decimals);
  const quantityStep = plain(step);
  if (text.trim() === '') errors.totalQuantity = t`Enter the total quantity`;
  else if (!total || total.lte(0)) errors.totalQuantity = t`Enter a positive quantity, like 0.5`;
  else if (!isMultipleOf(total, step)) errors.totalQuantity = t`Use a multiple of the step ${quantityStep}`;
  else if (count !== undefined && total.lt(step.times(count))) {
    const inAll = plain(step.times(count));
    errors.totalQuantity = plural(count, {
      one: `Too small for # order: each needs at least ${quantityStep}, so ${inAll} in all`,
      other: `Too small for # orders: each needs at least ${quantityStep}, so ${inAll} in all`,
    });
  } else return toUnits(total, decimals);
  return undefined;
}

function weightsFor(distribution: LadderDistribution, count: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    distribution === 'even' ? 1 : distribution === 'more-at-start' ? count - i : i + 1,
  );
}

/**
 * Splits whole steps by weight so they add up exactly: each leg gets its floor share, and what is
 * left goes one step at a time to the largest fractions (ties: heavier weight, then earlier leg).
 * A small weighted total can leave the lightest legs empty; those take a step from the fullest
 * leg, since every order must carry at least one step and the total must not change.
 */
export function splitUnits(units: bigint, weights: readonly number[]): bigint[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  const shares = weights.map((weight, index) => {
    const exact = units * BigInt(weight);
    return { index, weight, units: exact / sum, fraction: exact % sum };
  });
  let left = units - shares.reduce((total, share) => total + share.units, 0n);
  const byFraction = [...shares].sort(
    (a, b) => (a.fraction === b.fraction ? b.weight - a.weight || a.index - b.index : a.fraction > b.fraction ? -1 : 1),
  );
  for (const share of byFraction) {
    if (left === 0n) break;
    share.units += 1n;
    left -= 1n;
  }
  for (const empty of shares.filter((share) => share.units === 0n)) {
    const fullest = shares.reduce((best, share) =>
      share.units > best.units || (share.units === best.units && share.weight >= best.weight) ? share : best,
    );
    if (fullest.units < 2n) break;
    fullest.units -= 1n;
    empty.units = 1n;
  }
  return shares.map((share) => share.units);
}

export function buildLadder(input: LadderInput, market: MarketContext): Ladder {
  const errors: LadderErrors = {};
  const count = readCount(input.count, errors);
  const prices =
    input.mode === 'range'
      ? rangePrices(input, count, market.priceDecimals, errors)
      : stepPrices(input, count, market.priceDecimals, errors);
  const total = readTotal(input.totalQuantity, count, market.quantityDecimals, errors);
  if (Object.keys(errors).length > 0 || !prices || total === undefined || count === undefined) {
    return { errors, legs: [] };
  }
  const quantities = splitUnits(total, weightsFor(input.distribution, count));
  return {
    errors,
    legs: prices.map((price, i) => ({
      price: fromUnits(price, market.priceDecimals),
      quantity: fromUnits(quantities[i] ?? 0n, market.quantityDecimals),
    })),
  };
}

/** Worth building: a total and both prices of the mode are typed (half a ladder only shows errors). */
export function ladderReady(input: LadderInput): boolean {
  const typed = (text: string) => text.trim() !== '';
  const prices = input.mode === 'range' ? typed(input.fromPrice) && typed(input.toPrice) : typed(input.startPrice) && typed(input.stepPrice);
  return typed(input.totalQuantity) && prices;
}
