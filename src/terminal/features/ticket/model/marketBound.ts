import { baseFromNotional } from './notional';
import { Big, parseDecimal, roundToStep, stepOf } from './decimal';
import { rowOrderType, usableMark } from './rowBasics';
import type { DraftRow, MarketContext, RowContext } from './types';

/** How far from mark a market order may fill unless the trader sets it, in percent. */
export const DEFAULT_MARKET_SLIPPAGE_PERCENT = 0.5;
const DEFAULT_MARKET_SLIPPAGE = DEFAULT_MARKET_SLIPPAGE_PERCENT / 100;

/** The slippage market rows are bounded at, as a ratio; null when the trader turned the bound off. */
export const slippageOf = (context: Pick<RowContext, 'marketSlippage'>): number | null =>
  context.marketSlippage === undefined ? DEFAULT_MARKET_SLIPPAGE : context.marketSlippage;

/** A market row the ticket sends as the family's marketable form: an IOC limit at the bound. */
export const isBoundedMarket = (row: DraftRow, context: Pick<RowContext, 'durations' | 'marketSlippage'>): boolean =>
  rowOrderType(row, context) === 'MARKET' && slippageOf(context) !== null;

/**
 * The worst price a bounded market row may fill at: mark × (1 ± slippage), rounded to the tick away
 * from filling worse (a buy rounds down, a sell up), so the bound never exceeds the slippage.
 * Undefined for other rows, or while there is no usable mark to bound from.
 */
export function marketBound(row: DraftRow, market: MarketContext | undefined, context: Pick<RowContext, 'durations' | 'marketSlippage'>): Big | undefined {
  const mark = usableMark(market);
  const slippage = slippageOf(context);
  if (!market || !mark || slippage === null || !isBoundedMarket(row, context)) return undefined;
  const tick = stepOf(market.priceDecimals);
  return row.side === 'BUY'
    ? roundToStep(mark.times(new Big(1).plus(slippage)), tick, 'down')
    : roundToStep(mark.times(new Big(1).minus(slippage)), tick, 'up');
}

/**
 * The quantity a bounded market row sized by amount sends: an amount is only valid for MARKET, so
 * the IOC carries amount ÷ bound, rounded down to the step (at the bound it never costs more).
 */
export function boundedAmountQuantity(row: DraftRow, market: MarketContext | undefined, context: Pick<RowContext, 'durations' | 'marketSlippage'>): Big | undefined {
  const amount = row.sizeUnit === 'amount' ? parseDecimal(row.size) : undefined;
  const bound = marketBound(row, market, context);
  if (!amount?.gt(0) || !bound || !market) return undefined;
  return baseFromNotional(amount, bound, stepOf(market.quantityDecimals));
}

/**
 * What a market row is worth before it goes: its quantity, and its notional at the mark (the
 * estimated price). Undefined for priced rows, which their own price sizes.
 */
export function marketRowSize(row: DraftRow, market: MarketContext | undefined, context: RowContext): { quantity?: Big; notional?: Big } | undefined {
  if (rowOrderType(row, context) !== 'MARKET' || row.sizeUnit !== 'amount') return undefined;
  const quantity = boundedAmountQuantity(row, market, context);
  const mark = usableMark(market);
  return quantity && mark ? { quantity, notional: quantity.times(mark) } : undefined;
}
