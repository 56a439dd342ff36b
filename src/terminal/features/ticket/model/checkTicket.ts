import { MAX_ORDERS_PER_REQUEST, REQUESTS_PER_SECOND, type OrderRequest, type Side } from '@/interface';
import { Big, isMultipleOf, parseDecimal, stepOf, toWireNumber } from './decimal';
import { blocker, isError, type RowIssues, type TicketBlocker } from './issues';
import type { DraftRow, MarketContext, RowContext, TicketContext } from './types';
import { isPriced, rowOrderType, rowValidators, usableMark } from './validators';

export { PRICE_BAND } from './validators';
export type { TicketContext } from './types';

export interface CheckedRow {
  id: string;
  /** The first issue of each field; the view words them with messageFor. */
  issues: RowIssues;
  /** The order exactly as it will be sent; present only when the row has no error. */
  order?: OrderRequest;
  /** Base quantity and notional (quote), when they can be known before sending. */
  quantity?: Big;
  notional?: Big;
  /** Signed distance of the price from mark, as a ratio. */
  fromMark?: number;
}

export interface Leg {
  symbol: string;
  side: Side;
  orders: number;
  quantity: Big;
  notional: Big;
}

export interface TicketSummary {
  orders: number;
  legs: Leg[];
  totalNotional: Big;
  /** The largest distance of a price from its mark, as a ratio; null without priced orders. */
  furthestFromMark: number | null;
  /** Requests the ticket takes, and the seconds the service's rate limit spreads them over. */
  requests: number;
  seconds: number;
}

export interface TicketCheck {
  rows: CheckedRow[];
  summary: TicketSummary;
  /** Every order, in row order, when no row has an error; empty otherwise. */
  orders: OrderRequest[];
  /** Why the ticket cannot be sent as it is; empty when it can. */
  blockers: TicketBlocker[];
}

/** Runs every rule on the row; a field keeps the first issue found for it. */
export function rowIssues(row: DraftRow, market: MarketContext | undefined, context: RowContext): RowIssues {
  const issues: RowIssues = {};
  for (const validator of rowValidators) {
    const found = validator(row, market, context);
    if (found && !issues[found.field]) issues[found.field] = found;
  }
  return issues;
}

/** Signed distance of a priced row from its mark, once its price is on the tick. */
function distanceFromMark(row: DraftRow, market: MarketContext | undefined, context: RowContext): number | undefined {
  const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
  const mark = usableMark(market);
  if (!price?.gt(0) || !market || !mark || !isMultipleOf(price, stepOf(market.priceDecimals))) return undefined;
  return price.minus(mark).div(mark).toNumber();
}

/** The order exactly as it will be sent, from a row without errors. */
function orderOf(row: DraftRow, context: RowContext): OrderRequest {
  const orderType = rowOrderType(row, context);
  const order: OrderRequest = { symbol: row.symbol, order_type: orderType, side: row.side };
  const clientId = row.clientOrderId.trim();
  const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
  const size = parseDecimal(row.size);
  const visible = row.visibleQuantity.trim() !== '' ? parseDecimal(row.visibleQuantity) : undefined;
  if (clientId) order.client_order_id = clientId;
  if (price) order.order_price = toWireNumber(price);
  if (size) {
    if (row.sizeUnit === 'amount') order.order_amount = toWireNumber(size);
    else order.order_quantity = toWireNumber(size);
  }
  if (visible) order.visible_quantity = toWireNumber(visible);
  if (row.tag.trim()) order.order_tag = row.tag.trim();
  order.margin_mode = row.marginMode;
  return order;
}

export function checkRow(row: DraftRow, context: RowContext): CheckedRow {
  const market = context.markets.get(row.symbol);
  const issues = rowIssues(row, market, context);
  const checked: CheckedRow = { id: row.id, issues, fromMark: distanceFromMark(row, market, context) };
  const size = parseDecimal(row.size);
  if (size && !issues.size) {
    if (row.sizeUnit === 'amount') checked.notional = size;
    else {
      checked.quantity = size;
      const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
      const reference = price ?? usableMark(market);
      if (reference) checked.notional = size.times(reference);
    }
  }
  if (!Object.values(issues).some(isError)) checked.order = orderOf(row, context);
  return checked;
}

function summarise(rows: CheckedRow[], drafts: readonly DraftRow[]): TicketSummary {
  const legs = new Map<string, Leg>();
  let furthest: number | null = null;
  let totalNotional = new Big(0);
  rows.forEach((row, index) => {
    const draft = drafts[index];
    if (!draft) return;
    if (row.fromMark !== undefined) {
      furthest = Math.max(furthest ?? 0, Math.abs(row.fromMark));
    }
    const key = `${draft.symbol}|${draft.side}`;
    let leg = legs.get(key);
    if (!leg) {
      leg = { symbol: draft.symbol, side: draft.side, orders: 0, quantity: new Big(0), notional: new Big(0) };
      legs.set(key, leg);
    }
    leg.orders += 1;
    if (row.quantity) leg.quantity = leg.quantity.plus(row.quantity);
    if (row.notional) {
      leg.notional = leg.notional.plus(row.notional);
      totalNotional = totalNotional.plus(row.notional);
    }
  });
  const requests = Math.ceil(drafts.length / MAX_ORDERS_PER_REQUEST);
  return {
    orders: drafts.length,
    legs: [...legs.values()],
    totalNotional,
    furthestFromMark: furthest,
    requests,
    seconds: Math.max(0, requests - 1) / REQUESTS_PER_SECOND,
  };
}

/**
 * Checks a ticket as the service would (CONTRACT.md "Orders", the price band and the instrument's
 * tick and step) and builds the orders to send. Pure: the same ticket and markets give the same
 * result, with no React and no network.
 */
export function checkTicket(drafts: readonly DraftRow[], context: TicketContext): TicketCheck {
  const earlierClientIds = new Map<string, number>();
  const rows = drafts.map((draft, index) => {
    const checked = checkRow(draft, { ...context, earlierClientIds });
    const clientId = draft.clientOrderId.trim();
    if (clientId !== '' && !earlierClientIds.has(clientId)) earlierClientIds.set(clientId, index);
    return checked;
  });
  const blockers: TicketBlocker[] = [];
  if (drafts.length === 0) blockers.push(blocker('ticket.empty', {}));
  const invalid = rows.filter((row) => !row.order).length;
  if (invalid > 0) {
    blockers.push(
      invalid === 1 && drafts.length === 1
        ? blocker('ticket.fixOne', {})
        : blocker('ticket.fixMany', { invalid, orders: drafts.length }),
    );
  }
  return {
    rows,
    summary: summarise(rows, drafts),
    orders: blockers.length === 0 ? rows.map((row) => row.order as OrderRequest) : [],
    blockers,
  };
}
