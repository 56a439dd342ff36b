import { Big, parseDecimal } from './decimal';
import { warning, type TicketIssue } from './issues';
import type { DraftRow, MarketContext, RowContext } from './types';
import { notionalQuantity, sizeReference } from './notional';
import { isPriced, markText, rowOrderType, usableMark } from './rowBasics';
import { slipWarnings } from './slipWarnings';
import { heldPrice } from './heldRow';

/** How far through mark a plain limit may go before it is called marketable, unless the trader sets it. */
export const DEFAULT_MARKETABLE_BAND = 0.01;
/** A row this many times the ticket's median notional likely has a digit too many. */
export const EXTRA_DIGIT_FACTOR = 10;

/**
 * A pre-trade warning: the row can be sent, but it is probably not what the trader meant, so the
 * confirmation is asked for and repeats it.
 */
export type RowWarning = (row: DraftRow, market: MarketContext | undefined, context: RowContext) => TicketIssue | undefined;


function priceAndMark(row: DraftRow, market: MarketContext | undefined, context: RowContext) {
  const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
  const mark = usableMark(market);
  return price?.gt(0) && mark && market ? { price, mark, markText: markText(mark, market) } : undefined;
}

/** Base quantity and notional (quote) of a row, when they can be known before sending. */
export function rowSize(row: DraftRow, market: MarketContext | undefined, context: RowContext): { quantity?: Big; notional?: Big } {
  const size = parseDecimal(row.size);
  if (!size?.gt(0)) return {};
  if (row.sizeUnit === 'amount') return { notional: size };
  if (row.sizeUnit === 'notional') {
    // What trades is the rounded-down quantity at its price, a little under the USD typed.
    const quantity = notionalQuantity(row, market, context);
    const reference = sizeReference(row, market, context);
    return quantity && reference ? { quantity, notional: quantity.times(reference.price) } : {};
  }
  // A held kind sends none of the row's limit price: it is reckoned at its own (or the mark).
  const typed = row.heldKind !== undefined ? heldPrice(row) : isPriced(row, context) ? row.price : '';
  const price = parseDecimal(typed);
  const reference = price?.gt(0) ? price : usableMark(market);
  return { quantity: size, notional: reference ? size.times(reference) : undefined };
}

/** A post-only order that would cross the mark is not a maker order: the service rejects it. */
export const postOnlyCrosses: RowWarning = (row, market, context) => {
  const found = rowOrderType(row, context) === 'POST_ONLY' ? priceAndMark(row, market, context) : undefined;
  if (!found) return undefined;
  const crosses = row.side === 'BUY' ? found.price.gte(found.mark) : found.price.lte(found.mark);
  return crosses ? warning('price.postOnlyCrosses', 'price', { side: row.side, mark: found.markText }) : undefined;
};

/** A plain limit priced through the mark by more than the band fills at once, like a market order. */
export const marketableLimit: RowWarning = (row, market, context) => {
  const found = rowOrderType(row, context) === 'LIMIT' ? priceAndMark(row, market, context) : undefined;
  if (!found) return undefined;
  const band = context.marketableBand ?? DEFAULT_MARKETABLE_BAND;
  const through = row.side === 'BUY' ? found.price.minus(found.mark) : found.mark.minus(found.price);
  if (!through.gt(found.mark.times(band))) return undefined;
  return warning('price.marketable', 'price', {
    bandPercent: new Big(band).times(100).toNumber(),
    direction: row.side === 'BUY' ? 'above' : 'below',
    mark: found.markText,
  });
};

/** A row far above the ticket's usual size (the median row) likely has a digit too many. */
export const extraDigit: RowWarning = (row, market, context) => {
  const { notional } = rowSize(row, market, context);
  const median = context.medianNotional;
  if (!notional || !median?.gt(0) || notional.lt(median.times(EXTRA_DIGIT_FACTOR))) return undefined;
  return warning('size.extraDigit', 'size', { notional: notional.toFixed(2), median: median.toFixed(2), factor: EXTRA_DIGIT_FACTOR });
};

/** With the market feed stale, every check against mark above was made on an old mark. */
export const markUnverified: RowWarning = (_row, market, context) =>
  context.markAgeMs !== undefined && market
    ? warning('symbol.markUnverified', 'symbol', { ageSeconds: Math.round(context.markAgeMs / 1000) })
    : undefined;

/** Every warning, in the order they are listed. */
export const rowWarnings: readonly RowWarning[] = [markUnverified, postOnlyCrosses, marketableLimit, extraDigit, ...slipWarnings];

/** The median notional of the rows that have one; undefined below three rows (no usual size yet). */
export function medianNotional(notionals: readonly Big[]): Big | undefined {
  if (notionals.length < 3) return undefined;
  const sorted = [...notionals].sort((a, b) => a.cmp(b));
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as Big;
  return sorted.length % 2 === 1 ? upper : (sorted[middle - 1] as Big).plus(upper).div(2);
}
