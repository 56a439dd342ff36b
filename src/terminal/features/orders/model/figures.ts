import type { JournalOrder } from '@/interface';
import { decimalsOf, DASH, formatFixed } from '@/terminal/shared/format/number';

/** What the terminal knows of a market's figures: the decimals of its prices and quantities. */
export interface MarketDecimals {
  priceDecimals: number;
  quantityDecimals: number;
}
export type DecimalsBySymbol = ReadonlyMap<string, MarketDecimals>;

/**
 * A figure of an order as every other figure of its kind in the terminal: grouped, with the
 * market's decimals (never fewer than the order was placed with, so nothing sent is hidden).
 */
function figure(value: number | null, decimals: number | undefined): string {
  if (value === null) return DASH;
  return formatFixed(value, Math.max(decimals ?? 0, decimalsOf(value)));
}

export const orderPriceText = (order: Pick<JournalOrder, 'symbol' | 'order_price'>, markets: DecimalsBySymbol) =>
  figure(order.order_price, markets.get(order.symbol)?.priceDecimals);

/** The quantity in the base asset, or the USDC amount of a market order sent by amount. */
export function orderSizeText(order: Pick<JournalOrder, 'symbol' | 'order_quantity' | 'order_amount'>, markets: DecimalsBySymbol): string {
  if (order.order_quantity !== null) return figure(order.order_quantity, markets.get(order.symbol)?.quantityDecimals);
  return order.order_amount === null ? DASH : `${formatFixed(order.order_amount, Math.max(2, decimalsOf(order.order_amount)))} USDC`;
}
