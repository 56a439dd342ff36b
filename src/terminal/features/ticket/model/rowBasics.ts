import type { OrderType } from '@/interface';
import { priceFreeTypes } from '@/interface';
import { Big } from './decimal';
import { orderTypeFor, resolveDuration } from './durations';
import type { DraftRow, MarketContext, RowContext } from './types';

/** A mark in the instrument's own decimals, as the markets show it. */
export const markText = (mark: Big, market: MarketContext) => mark.toFixed(market.priceDecimals);

export function rowOrderType(row: DraftRow, context: Pick<RowContext, 'durations'>): OrderType {
  return orderTypeFor(row.kind, resolveDuration(row.kind, row.durationId, context.durations));
}
export const isPriced = (row: DraftRow, context: Pick<RowContext, 'durations'>) => !priceFreeTypes.includes(rowOrderType(row, context));
/** A mark that can be checked against: 0, negative or NaN cannot. */
export const usableMark = (market: MarketContext | undefined): Big | undefined =>
  market && market.mark_price > 0 ? new Big(market.mark_price) : undefined;
