import { MAX_ORDERS_PER_REQUEST, REQUESTS_PER_SECOND, type OrderRequest, type Side } from '@/interface';
import { Big, isMultipleOf, parseDecimal, stepOf, toWireNumber } from './decimal';
import { blocker, isError, type RowIssues, type TicketBlocker, type TicketIssue } from './issues';
import type { DraftRow, MarketContext, RowContext, TicketContext } from './types';
import { boundedAmountQuantity, marketBound, marketRowSize } from './marketBound';
import { notionalQuantity } from './notional';
import { marketFigures, orderGroups, type MarketFigures, type OrderGroup } from './orderGroups';
import { isPriced, rowOrderType, rowValidators, usableMark } from './validators';
import { medianNotional, rowSize, rowWarnings } from './warnings';

export { PRICE_BAND } from './validators';
export type { TicketContext } from './types';
export type { OrderGroup } from './orderGroups';

export interface CheckedRow {
  id: string;
  /** The first issue of each field; the view words them with messageFor. */
  issues: RowIssues;
  /** What the row probably did not mean: shown, repeated in the confirmation, never blocking. */
  warnings: TicketIssue[];
  /** The order exactly as it will be sent; present only when the row has no error. */
  order?: OrderRequest;
  /** Base quantity and notional (quote), when they can be known before sending. */
  quantity?: Big;
  notional?: Big;
  /** Signed distance of the price from mark, as a ratio. */
  fromMark?: number;
  /** A market row: the mark it is estimated at, and for a bounded one the limit its IOC carries. */
  estimate?: { mark: Big; bound?: Big };
}

export interface Leg {
  symbol: string;
  side: Side;
  orders: number;
  quantity: Big;
  notional: Big;
  /** The lowest and highest price of the leg's priced orders. */
  lowPrice?: Big;
  highPrice?: Big;
}

/** A warning of one row, with the row's number (from 1) as the trader sees it. */
export interface NumberedWarning {
  order: number;
  issue: TicketIssue;
}

export interface TicketSummary extends MarketFigures {
  orders: number;
  /** Orders with an error: counted here, never in the legs or the notional. */
  toFix: number;
  legs: Leg[];
  /** The orders as sent, one line per market, side, order type and duration: what the confirmation lists. */
  groups: OrderGroup[];
  totalNotional: Big;
  /** The largest distance of a price from its mark, as a ratio; null without priced orders. */
  furthestFromMark: number | null;
  /** Requests the ticket takes, and the seconds the service's rate limit spreads them over. */
  requests: number;
  seconds: number;
  /** Every row's warnings; any of them makes the confirmation ask. */
  warnings: NumberedWarning[];
  /** The age of the marks the ticket was checked against, when the market feed is stale. */
  markAgeMs?: number;
}

export interface TicketCheck {
  rows: CheckedRow[];
  summary: TicketSummary;
  /** Every order, in row order, when no row has an error; empty otherwise. */
  orders: OrderRequest[];
  /** Why the ticket cannot be sent as it is; empty when it can. */
  blockers: TicketBlocker[];
}

/** Runs every rule on the row; a field keeps the first error found for it (warnings go apart). */
export function rowIssues(row: DraftRow, market: MarketContext | undefined, context: RowContext): RowIssues {
  const issues: RowIssues = {};
  for (const validator of rowValidators) {
    const found = validator(row, market, context);
    if (found && isError(found) && !issues[found.field]) issues[found.field] = found;
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
function orderOf(row: DraftRow, market: MarketContext | undefined, context: RowContext): OrderRequest {
  // A bounded market order goes as the family's marketable form: an IOC limit at its bound.
  const bound = marketBound(row, market, context);
  const order: OrderRequest = { symbol: row.symbol, order_type: bound ? 'IOC' : rowOrderType(row, context), side: row.side };
  const clientId = row.clientOrderId.trim();
  const price = bound ?? (isPriced(row, context) ? parseDecimal(row.price) : undefined);
  const size = parseDecimal(row.size);
  const visible = row.visibleQuantity.trim() !== '' ? parseDecimal(row.visibleQuantity) : undefined;
  if (clientId) order.client_order_id = clientId;
  if (price) order.order_price = toWireNumber(price);
  // A USD size goes as the base quantity the ticket showed: the service never sees the USD.
  // An amount is only valid for MARKET: a bounded one carries amount ÷ bound as its quantity.
  const quantity =
    row.sizeUnit === 'notional' ? notionalQuantity(row, market, context) : bound && row.sizeUnit === 'amount' ? boundedAmountQuantity(row, market, context) : size;
  if (size && row.sizeUnit === 'amount' && !bound) order.order_amount = toWireNumber(size);
  else if (quantity) order.order_quantity = toWireNumber(quantity);
  if (visible) order.visible_quantity = toWireNumber(visible);
  if (row.tag.trim()) order.order_tag = row.tag.trim();
  order.margin_mode = row.marginMode;
  return order;
}

/** What the row probably did not mean, in the order the rules are listed. */
function warningsOf(row: DraftRow, market: MarketContext | undefined, context: RowContext): TicketIssue[] {
  return rowWarnings.map((rule) => rule(row, market, context)).filter((found) => found !== undefined);
}

export function checkRow(row: DraftRow, context: RowContext): CheckedRow {
  const market = context.markets.get(row.symbol);
  const issues = rowIssues(row, market, context);
  const warnings = warningsOf(row, market, context);
  const checked: CheckedRow = { id: row.id, issues, warnings, fromMark: distanceFromMark(row, market, context) };
  if (!issues.size) Object.assign(checked, marketRowSize(row, market, context) ?? rowSize(row, market, context));
  const mark = row.kind === 'market' ? usableMark(market) : undefined;
  if (mark) checked.estimate = { mark, bound: marketBound(row, market, context) };
  if (!Object.values(issues).some(isError)) checked.order = orderOf(row, market, context);
  return checked;
}

function summarise(rows: CheckedRow[], drafts: readonly DraftRow[], context: TicketContext): TicketSummary {
  const legs = new Map<string, Leg>();
  let furthest: number | null = null;
  let totalNotional = new Big(0);
  rows.forEach((row, index) => {
    const draft = drafts[index];
    if (!draft) return;
    if (row.fromMark !== undefined) {
      furthest = Math.max(furthest ?? 0, Math.abs(row.fromMark));
    }
    // A broken row is an order to fix, never part of what the ticket buys or sells.
    if (!row.order) return;
    const key = `${draft.symbol}|${draft.side}`;
    let leg = legs.get(key);
    if (!leg) {
      leg = { symbol: draft.symbol, side: draft.side, orders: 0, quantity: new Big(0), notional: new Big(0) };
      legs.set(key, leg);
    }
    leg.orders += 1;
    const price = row.order.order_price !== undefined ? new Big(row.order.order_price) : undefined;
    if (price && (!leg.lowPrice || price.lt(leg.lowPrice))) leg.lowPrice = price;
    if (price && (!leg.highPrice || price.gt(leg.highPrice))) leg.highPrice = price;
    if (row.quantity) leg.quantity = leg.quantity.plus(row.quantity);
    if (row.notional) {
      leg.notional = leg.notional.plus(row.notional);
      totalNotional = totalNotional.plus(row.notional);
    }
  });
  const requests = Math.ceil(drafts.length / MAX_ORDERS_PER_REQUEST);
  return {
    orders: drafts.length,
    toFix: rows.filter((row) => !row.order).length,
    legs: [...legs.values()],
    groups: orderGroups(rows, drafts, context),
    ...marketFigures(rows, drafts),
    totalNotional,
    furthestFromMark: furthest,
    requests,
    seconds: Math.max(0, requests - 1) / REQUESTS_PER_SECOND,
    warnings: rows.flatMap((row, index) => row.warnings.map((issue) => ({ order: index + 1, issue }))),
  };
}

/**
 * Checks a ticket as the service would (docs/contract/decisions.md "Orders", the price band and the instrument's
 * tick and step) and builds the orders to send. Pure: the same ticket and markets give the same
 * result, with no React and no network.
 */
export function checkTicket(drafts: readonly DraftRow[], context: TicketContext): TicketCheck {
  const checkAll = () => {
    const earlierClientIds = new Map<string, number>();
    return drafts.map((draft, index) => {
      const checked = checkRow(draft, { ...context, earlierClientIds });
      const clientId = draft.clientOrderId.trim();
      if (clientId !== '' && !earlierClientIds.has(clientId)) earlierClientIds.set(clientId, index);
      return checked;
    });
  };
  const first = checkAll();
  // The ticket's usual size comes from its good rows; with one, every row's warnings are looked at
  // again (the only rule that reads it is a warning: the errors and the orders stay as they are).
  const median = medianNotional(first.flatMap((row) => (row.order && row.notional ? [row.notional] : [])));
  const usual = { ...context, earlierClientIds: new Map<string, number>(), medianNotional: median };
  const rows = median
    ? first.map((row, index) => {
        const draft = drafts[index]!;
        return { ...row, warnings: warningsOf(draft, context.markets.get(draft.symbol), usual) };
      })
    : first;
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
    summary: { ...summarise(rows, drafts, context), markAgeMs: context.markAgeMs },
    orders: blockers.length === 0 ? rows.map((row) => row.order as OrderRequest) : [],
    blockers,
  };
}
