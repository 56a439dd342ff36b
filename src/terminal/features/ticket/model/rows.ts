import { t } from '@lingui/core/macro';
import type { Duration, MarginMode, OrderType, Side } from '@/interface';
import { plainNumber } from '@/terminal/shared/format/number';
import { defaultDurationFor, durationsFor, plainLimitDuration } from './durations';
import { newClientOrderId, newRowId } from './ids';
import type { LadderLeg } from './ladder';
import type { DraftRow, OrderKind } from './types';
// The reasons are words: they need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/** A fresh row: limit, buy, default duration, a new client order id. */
export function newDraftRow(durations: readonly Duration[], symbol = '', kind: OrderKind = 'limit'): DraftRow {
  return {
    id: newRowId(),
    symbol,
    side: 'BUY',
    kind,
    durationId: defaultDurationFor(kind, durations)?.id ?? '',
    price: '',
    size: '',
    sizeUnit: 'quantity',
    visibleQuantity: '',
    tag: '',
    marginMode: 'CROSS',
    clientOrderId: newClientOrderId(),
    expiryDate: '',
    expiryTime: '',
  };
}

/** The same order again, with its own ids. */
export function copyDraftRow(row: DraftRow): DraftRow {
  return { ...row, id: newRowId(), clientOrderId: newClientOrderId() };
}

/** The ticket rows of a ladder: one limit order per leg, on its market and side. */
export function rowsFromLadder(
  legs: readonly LadderLeg[],
  side: Side,
  symbol: string,
  durations: readonly Duration[],
): DraftRow[] {
  return legs.map((leg) => ({ ...newDraftRow(durations, symbol, 'limit'), side, price: leg.price, size: leg.quantity }));
}

/** What a sent order was, as far as making a row of it again goes. */
export interface SentOrder {
  symbol: string;
  side: Side;
  order_type: OrderType;
  order_price: number | null;
  order_quantity: number | null;
  order_amount: number | null;
  visible_quantity: number | null;
  order_tag: string | null;
  margin_mode: MarginMode | null;
}

/**
 * A draft row for an order sent before (to retry a rejected one): the same order, a new client
 * order id. For a type the ticket cannot place (ASK, BID) or a duration no longer offered, why not.
 */
export function draftFromOrder(order: SentOrder, durations: readonly Duration[]): DraftRow | { reason: string } {
  if (order.order_type === 'ASK' || order.order_type === 'BID') {
    const orderType = order.order_type;
    return { reason: t`the ticket has no ${orderType} orders; enter it as a market order` };
  }
  const kind: OrderKind = order.order_type === 'MARKET' ? 'market' : 'limit';
  let durationId: string;
  if (order.order_type === 'MARKET') durationId = defaultDurationFor('market', durations)?.id ?? '';
  else if (order.order_type === 'LIMIT') {
    const plain = plainLimitDuration(durations);
    if (!plain && durationsFor('limit', durations).length > 0) {
      return { reason: t`no duration of the configuration sends a plain LIMIT order` };
    }
    durationId = plain?.id ?? '';
  } else {
    const match = durationsFor('limit', durations).find((duration) => duration.id.toUpperCase() === order.order_type);
    const orderType = order.order_type;
    if (!match) return { reason: t`the configuration no longer offers the ${orderType} duration` };
    durationId = match.id;
  }
  const text = (value: number | null) => (value === null ? '' : plainNumber(value));
  return {
    ...newDraftRow(durations, order.symbol, kind),
    side: order.side,
    durationId,
    price: kind === 'limit' ? text(order.order_price) : '',
    size: order.order_quantity !== null ? text(order.order_quantity) : text(order.order_amount),
    sizeUnit: order.order_quantity === null && order.order_amount !== null ? 'amount' : 'quantity',
    visibleQuantity: text(order.visible_quantity),
    tag: order.order_tag ?? '',
    marginMode: order.margin_mode ?? 'CROSS',
  };
}
