import type { OrderType, Side } from '@/interface';
import { Big } from './decimal';
import { resolveDuration } from './durations';
import type { DraftRow, TicketContext } from './types';

/** What a checked row brings to the confirmation: the order as sent, its size and the mark it is estimated at. */
export interface GroupedRow {
  order?: { order_type: OrderType; order_price?: number; order_amount?: number };
  quantity?: Big;
  notional?: Big;
}

/**
 * Orders the confirmation shows on one line: same market, side, order type as sent and duration.
 * A one-order ticket has one group, which is its order.
 */
export interface OrderGroup {
  symbol: string;
  side: Side;
  /** The order_type as it goes to the service. */
  orderType: OrderType;
  /** Typed as a market order: sent as MARKET, or as IOC at its bound (orderType IOC). */
  market: boolean;
  /** The title of the row's duration, for priced orders; market orders are immediate. */
  duration?: string;
  orders: number;
  /** Base quantity of the orders sized in base (or converted to it). */
  quantity: Big;
  /** USDC amount of the MARKET orders sized by amount, which have no quantity before they fill. */
  amount: Big;
  /** At the limit price, or at the mark for market orders (the estimated price). */
  notional: Big;
  /** The lowest and highest price sent: the limit, or the bound of a bounded market order. */
  lowPrice?: Big;
  highPrice?: Big;
  /** The market's price decimals, to write a bound as the markets write prices. */
  priceDecimals?: number;
}

/** What the ticket's market orders come to, for the confirmation rules. */
export interface MarketFigures {
  /** The largest notional of one market order, at the mark; null without market orders. */
  largestMarketNotional: Big | null;
  /** Market orders sent as MARKET, with no bound on the price they fill at. */
  unboundedMarkets: number;
}

/** The ticket's orders in the confirmation's lines, in the order their first row comes. */
export function orderGroups(rows: readonly GroupedRow[], drafts: readonly DraftRow[], { durations, markets }: Pick<TicketContext, 'durations' | 'markets'>): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  rows.forEach((row, index) => {
    const draft = drafts[index];
    if (!draft || !row.order) return;
    const market = draft.kind === 'market';
    const duration = market ? undefined : resolveDuration(draft.kind, draft.durationId, durations)?.title;
    const key = [draft.symbol, draft.side, row.order.order_type, market, duration ?? ''].join('|');
    let group = groups.get(key);
    if (!group) {
      const priceDecimals = markets.get(draft.symbol)?.priceDecimals;
      group = { symbol: draft.symbol, side: draft.side, orderType: row.order.order_type, market, duration, orders: 0, quantity: new Big(0), amount: new Big(0), notional: new Big(0), priceDecimals };
      groups.set(key, group);
    }
    group.orders += 1;
    if (row.quantity) group.quantity = group.quantity.plus(row.quantity);
    else if (row.order.order_amount !== undefined) group.amount = group.amount.plus(row.order.order_amount);
    if (row.notional) group.notional = group.notional.plus(row.notional);
    const price = row.order.order_price !== undefined ? new Big(row.order.order_price) : undefined;
    if (price && (!group.lowPrice || price.lt(group.lowPrice))) group.lowPrice = price;
    if (price && (!group.highPrice || price.gt(group.highPrice))) group.highPrice = price;
  });
  return [...groups.values()];
}

export function marketFigures(rows: readonly GroupedRow[], drafts: readonly DraftRow[]): MarketFigures {
  let largest: Big | null = null;
  let unbounded = 0;
  rows.forEach((row, index) => {
    if (drafts[index]?.kind !== 'market' || !row.order) return;
    if (row.order.order_type === 'MARKET') unbounded += 1;
    if (row.notional && (!largest || row.notional.gt(largest))) largest = row.notional;
  });
  return { largestMarketNotional: largest, unboundedMarkets: unbounded };
}
