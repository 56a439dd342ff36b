import { t } from '@lingui/core/macro';
import Big from 'big.js';
import type { HeldOrder, HeldOrderType, OrderStatus } from '@/interface';
import { decimalsOf, DASH, formatFixed, formatPercent } from '@/terminal/shared/format/number';
import { formatAge } from '@/terminal/shared/format/time';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/** What the terminal knows of a market's figures (its decimals), given by the app. */
export interface MarketDecimals {
  priceDecimals: number;
  quantityDecimals: number;
}
export type DecimalsBySymbol = ReadonlyMap<string, MarketDecimals>;

/** Settled held orders shown under the live ones, newest first: the recent ones, not the whole past. */
export const RECENT_SETTLED = 50;

export const isLive = (order: Pick<HeldOrder, 'state'>) =>
  order.state === 'armed' || order.state === 'paused' || order.state === 'awaiting_entry';

/** Live first (newest armed on top), then the recent settled ones by when they settled. */
export function sortHeld(orders: readonly HeldOrder[]): HeldOrder[] {
  const live = orders.filter(isLive).sort((a, b) => b.created_at - a.created_at);
  const settled = orders
    .filter((order) => !isLive(order))
    .sort((a, b) => b.updated_at - a.updated_at)
    .slice(0, RECENT_SETTLED);
  return [...live, ...settled];
}

export function kindText(type: HeldOrderType): string {
  switch (type) {
    case 'STOP_MARKET':
      return t({ message: 'Stop', context: 'held order kind: stop market' });
    case 'STOP_LIMIT':
      return t({ message: 'Stop limit', context: 'held order kind' });
    case 'TAKE_PROFIT_MARKET':
      return t({ message: 'Take-profit', context: 'held order kind: take-profit market' });
    case 'TAKE_PROFIT_LIMIT':
      return t({ message: 'TP limit', context: 'held order kind: take-profit limit, short' });
    case 'TRAILING_STOP':
      return t({ message: 'Trailing', context: 'held order kind: trailing stop, short' });
    case 'TWAP':
      return t({ message: 'TWAP', context: 'held order kind: time-weighted slices' });
  }
}

export const sideText = (side: HeldOrder['side']) =>
  side === 'BUY' ? t({ message: 'Buy', context: 'order side' }) : t({ message: 'Sell', context: 'order side' });

/** The state in words; a live order judged on a stale mark says it waits, and how old the mark is. */
export function stateText(order: Pick<HeldOrder, 'state' | 'waiting_for_fresh_price' | 'mark_age_ms'>): string {
  if (isLive(order) && order.waiting_for_fresh_price) {
    if (order.mark_age_ms === null) return t`waiting for a fresh price`;
    const age = formatAge(order.mark_age_ms);
    return t`waiting for a fresh price (${age} old)`;
  }
  switch (order.state) {
    case 'awaiting_entry':
      return t({ message: 'awaiting entry', context: 'held order state: a bracket exit waits for its entry' });
    case 'armed':
      return t({ message: 'armed', context: 'held order state' });
    case 'paused':
      return t({ message: 'paused', context: 'held order state' });
    case 'fired':
      return t({ message: 'fired', context: 'held order state: its order was sent' });
    case 'cancelled':
      return t({ message: 'cancelled', context: 'held order state' });
    case 'expired':
      return t({ message: 'expired', context: 'held order state: a TWAP whose time ran out' });
    case 'failed':
      return t({ message: 'failed', context: 'held order state' });
  }
}

export function sentStatusText(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return t({ message: 'pending', context: 'order state: recorded, not sent yet' });
    case 'sent':
      return t({ message: 'sent', context: 'order state: sent, no answer yet' });
    case 'accepted':
      return t({ message: 'accepted', context: 'order state: the service took it' });
    case 'rejected':
      return t({ message: 'rejected', context: 'order state: the service refused it' });
    case 'failed':
      return t({ message: 'failed', context: 'order state: known not placed' });
    case 'unknown':
      return t({ message: 'unknown', context: 'order state: no answer came; it may be live' });
  }
}

/** The order it sent last (a TWAP: its last slice) and that order's journal status; a dash before any. */
export function firedOrderText(order: Pick<HeldOrder, 'client_order_ids' | 'last_order_status'>): string {
  const id = order.client_order_ids.at(-1);
  if (id === undefined) return DASH;
  return order.last_order_status ? `${id} · ${sentStatusText(order.last_order_status)}` : id;
}

/** A figure written with its market's decimals, never fewer than it has (nothing held is hidden). */
export function figureText(value: number | null, decimals: number | undefined): string {
  if (value === null) return DASH;
  return formatFixed(value, Math.max(decimals ?? 0, decimalsOf(value)));
}

/**
 * A trigger as typed (every digit of what the trader set); a trailing stop's is its level now,
 * worked out to any digits (98,242.521 on a market of one decimal), so it is shown at the tick.
 */
function triggerText(order: HeldOrder, priceDecimals: number | undefined): string {
  if (order.type === 'TRAILING_STOP' && order.trigger_price !== null && priceDecimals !== undefined) return formatFixed(order.trigger_price, priceDecimals);
  return figureText(order.trigger_price, priceDecimals);
}

/**
 * How far the trigger is from the mark, as a ratio of the mark (+0.05: the trigger is 5 % above),
 * worked in exact decimals. The proxy's mark on the row first (the one it fires on), else the
 * terminal's own; undefined for a settled order, a TWAP or without a trigger or mark.
 */
export function distanceRatio(order: Pick<HeldOrder, 'state' | 'trigger_price' | 'mark'>, liveMark?: number): number | undefined {
  const mark = order.mark ?? liveMark;
  if (!isLive(order) || order.trigger_price === null || mark === undefined || mark <= 0) return undefined;
  return new Big(order.trigger_price).minus(mark).div(mark).toNumber();
}

export const distanceText = (ratio: number | undefined) => (ratio === undefined ? DASH : formatPercent(ratio, 2));

/** One held order as its row shows it: every figure and word, ready to render. */
export interface HeldRowView {
  id: string;
  symbol: string;
  kind: string;
  side: string;
  quantity: string;
  trigger: string;
  limit: string;
  distance: string;
  state: string;
  fired: string;
  reason: string;
  live: boolean;
  stale: boolean;
}

export function heldRowView(order: HeldOrder, markets: DecimalsBySymbol, liveMark?: number): HeldRowView {
  const decimals = markets.get(order.symbol);
  return {
    id: order.id,
    symbol: order.symbol,
    kind: kindText(order.type),
    side: sideText(order.side),
    quantity: figureText(order.order_quantity, decimals?.quantityDecimals),
    trigger: triggerText(order, decimals?.priceDecimals),
    limit: figureText(order.order_price, decimals?.priceDecimals),
    distance: distanceText(distanceRatio(order, liveMark)),
    state: stateText(order),
    fired: firedOrderText(order),
    reason: order.reason ?? '',
    live: isLive(order),
    stale: isLive(order) && order.waiting_for_fresh_price,
  };
}

/** A market as the panel names it: its base asset ("BTC" for PERP_BTC_USDC). */
export const marketName = (symbol: string) => symbol.split('_')[1] ?? symbol;
