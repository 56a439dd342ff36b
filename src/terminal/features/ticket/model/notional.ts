import { Big, parseDecimal, stepOf } from './decimal';
import type { DraftRow, MarketContext, RowContext, SizeUnit } from './types';
import { isPriced, usableMark } from './rowBasics';

/** How the trader sizes an order in the single ticket: base quantity, or USD converted to it. */
export type EntryUnit = 'base' | 'usd';

/** The row unit a size typed in the single ticket gets under the trader's setting. */
export const rowUnitFor = (unit: EntryUnit): 'quantity' | 'notional' => (unit === 'usd' ? 'notional' : 'quantity');

/**
 * The base quantity a USD notional buys at `price`: the largest multiple of `step` whose notional
 * does not exceed it, so the order is never bigger than the trader asked. Exact: the division is
 * only a first guess (Big rounds it at Big.DP places), the last step is settled by multiplication,
 * which Big does without rounding.
 */
export function baseFromNotional(notional: Big, price: Big, step: Big): Big {
  if (!price.gt(0) || !step.gt(0) || !notional.gt(0)) return new Big(0);
  const perStep = price.times(step);
  let steps = notional.div(perStep).round(0, Big.roundDown);
  while (steps.gt(0) && steps.times(perStep).gt(notional)) steps = steps.minus(1);
  while (steps.plus(1).times(perStep).lte(notional)) steps = steps.plus(1);
  return steps.times(step);
}

/** The price a USD size is converted at, and where it comes from (the row's limit, or the mark). */
export interface SizeReference {
  price: Big;
  from: 'limit' | 'mark';
}

/** A priced order converts at its own (positive) limit price; a market order at the mark. */
export function sizeReference(row: DraftRow, market: MarketContext | undefined, context: Pick<RowContext, 'durations'>): SizeReference | undefined {
  // A held kind sends none of the row's limit price: a USD size is turned into a quantity at the
  // mark, as checkHeld arms it.
  if (row.heldKind === undefined && isPriced(row, context)) {
    const price = parseDecimal(row.price);
    return price?.gt(0) ? { price, from: 'limit' } : undefined;
  }
  const mark = usableMark(market);
  return mark ? { price: mark, from: 'mark' } : undefined;
}

/** The base quantity a USD row sends, once its size, price and market are known. */
export function notionalQuantity(row: DraftRow, market: MarketContext | undefined, context: RowContext): Big | undefined {
  const size = parseDecimal(row.size);
  const reference = sizeReference(row, market, context);
  if (row.sizeUnit !== 'notional' || !size?.gt(0) || !reference || !market) return undefined;
  return baseFromNotional(size, reference.price, stepOf(market.quantityDecimals));
}

/** Why a size could not be carried into the other unit, so it was cleared. */
export type SizeClearedReason = 'noPrice' | 'belowStep' | 'amountIsMarketOnly';

export type ConvertedSize = { size: string; sizeUnit: SizeUnit; cleared?: SizeClearedReason };

/**
 * A row's size in another unit, at `price`: USD to base rounds down to the step (what would be
 * sent), base to USD is the exact product, so going there and back gives the same quantity. An
 * amount in USDC is already a USD size. What cannot be converted is cleared, with the reason.
 */
export function convertSize(
  row: Pick<DraftRow, 'size' | 'sizeUnit' | 'sizeBefore'> & Partial<Pick<DraftRow, 'price'>>,
  to: 'quantity' | 'notional',
  price: Big | undefined,
  quantityDecimals: number | undefined,
): ConvertedSize {
  if (row.sizeUnit === to) return { size: row.size, sizeUnit: to };
  // Switched back with nothing typed since (size or price): the size typed, exactly.
  const before = row.sizeBefore;
  if (before && before.sizeUnit === to && before.shown === row.size && before.price === row.price) return { size: before.size, sizeUnit: to };
  // Back to base, a market order sized by amount stays so: that is a base-mode choice of its own.
  if (row.sizeUnit === 'amount') return to === 'notional' ? { size: row.size, sizeUnit: to } : { size: row.size, sizeUnit: 'amount' };
  const size = parseDecimal(row.size);
  if (row.size.trim() === '' || !size) return { size: '', sizeUnit: to };
  if (!price?.gt(0) || quantityDecimals === undefined) return { size: '', sizeUnit: to, cleared: 'noPrice' };
  if (to === 'notional') return { size: size.times(price).toFixed(), sizeUnit: to };
  const quantity = baseFromNotional(size, price, stepOf(quantityDecimals));
  return quantity.gt(0) ? { size: quantity.toFixed(quantityDecimals), sizeUnit: to } : { size: '', sizeUnit: to, cleared: 'belowStep' };
}
