import {
  clientOrderIdPattern,
  MAX_CLIENT_ORDER_ID,
  MAX_ORDER_TAG,
  MAX_ORDERS_PER_REQUEST,
  priceFreeTypes,
  REQUESTS_PER_SECOND,
  type Duration,
  type OrderRequest,
  type Side,
} from '../../../../interface';
import { Big, isMultipleOf, parseDecimal, stepOf, toWireNumber } from './decimal';
import { asksForExpiry, durationsFor, orderTypeFor, resolveDuration } from './durations';
import type { DraftRow, MarketContext, RowErrors } from './types';

/**
 * How far from mark the service accepts a priced order. The interface does not carry it; this is
 * the embedded service's band and the family's usual one (see README, "What the contract leaves open").
 */
export const PRICE_BAND = 0.1;

export interface TicketContext {
  markets: ReadonlyMap<string, MarketContext>;
  durations: readonly Duration[];
  /** Client order ids of journal orders that are or may be live. */
  usedClientOrderIds: ReadonlySet<string>;
}

export interface CheckedRow {
  id: string;
  errors: RowErrors;
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
  blockers: string[];
}

const plain = (value: Big) => value.toFixed();

function checkRow(
  row: DraftRow,
  context: TicketContext,
  seenClientIds: Map<string, number>,
  index: number,
): CheckedRow {
  const errors: RowErrors = {};
  const market = context.markets.get(row.symbol);
  if (!row.symbol) errors.symbol = 'Pick a market';
  else if (!market) errors.symbol = `Unknown market ${row.symbol}`;

  const offered = durationsFor(row.kind, context.durations);
  const duration = resolveDuration(row.kind, row.durationId, context.durations);
  if (offered.length > 0 && !duration) errors.durationId = `${row.durationId} is not offered for ${row.kind} orders; pick another`;
  if (asksForExpiry(duration)) {
    errors.expiry = `${duration?.title ?? 'This duration'} needs an expiry, which a batch order cannot carry: pick another duration`;
  }
  const orderType = orderTypeFor(row.kind, duration);
  const priced = !priceFreeTypes.includes(orderType);

  let price: Big | undefined;
  let fromMark: number | undefined;
  if (priced) {
    price = parseDecimal(row.price);
    if (row.price.trim() === '') errors.price = 'Enter a price';
    else if (!price || price.lte(0)) errors.price = 'Enter a positive number, like 100012.5';
    else if (market && !(market.mark_price > 0)) {
      // A market without a usable mark (0, negative or not a number) cannot be checked against it.
      errors.price = `No usable mark price for ${market.symbol} yet`;
    } else if (market) {
      const tick = stepOf(market.priceDecimals);
      if (!isMultipleOf(price, tick)) errors.price = `Use a multiple of the tick ${plain(tick)}`;
      else {
        const mark = new Big(market.mark_price);
        fromMark = price.minus(mark).div(mark).toNumber();
        // The band in exact decimals, as the service judges it; fromMark is for showing.
        if (price.minus(mark).abs().gt(mark.times(PRICE_BAND))) {
          errors.price = `More than ${PRICE_BAND * 100}% ${fromMark > 0 ? 'above' : 'below'} mark ${plain(mark)}`;
        }
      }
    }
  }

  const byAmount = row.sizeUnit === 'amount';
  const size = parseDecimal(row.size);
  if (byAmount && priced) errors.size = 'Only market orders can be sized by amount';
  else if (row.size.trim() === '') errors.size = byAmount ? 'Enter an amount' : 'Enter a quantity';
  else if (!size || size.lte(0)) errors.size = 'Enter a positive number';
  else if (!byAmount && market && !isMultipleOf(size, stepOf(market.quantityDecimals))) {
    errors.size = `Use a multiple of the step ${plain(stepOf(market.quantityDecimals))}`;
  }

  let visible: Big | undefined;
  if (row.visibleQuantity.trim() !== '') {
    visible = parseDecimal(row.visibleQuantity);
    if (!visible) errors.visibleQuantity = 'Enter a number, or leave empty to show it all';
    else if (['MARKET', 'IOC', 'FOK'].includes(orderType)) {
      errors.visibleQuantity = `Does not apply to ${orderType} orders; leave it empty`;
    } else if (byAmount) errors.visibleQuantity = 'Not with an amount';
    else if (size && visible.gt(size)) errors.visibleQuantity = 'Cannot exceed the quantity';
    else if (market && !isMultipleOf(visible, stepOf(market.quantityDecimals))) {
      errors.visibleQuantity = `Use a multiple of the step ${plain(stepOf(market.quantityDecimals))}`;
    }
  }

  if (row.tag.length > MAX_ORDER_TAG) errors.tag = `At most ${MAX_ORDER_TAG} characters`;

  const clientId = row.clientOrderId.trim();
  if (clientId !== '') {
    if (clientId.length > MAX_CLIENT_ORDER_ID) errors.clientOrderId = `At most ${MAX_CLIENT_ORDER_ID} characters`;
    else if (!clientOrderIdPattern.test(clientId)) {
      errors.clientOrderId = 'Letters, digits and "-" only, not starting with "-"';
    } else if (seenClientIds.has(clientId)) {
      errors.clientOrderId = `Also used by order ${(seenClientIds.get(clientId) ?? 0) + 1} of this ticket`;
    } else if (context.usedClientOrderIds.has(clientId)) {
      errors.clientOrderId = 'Already used by an order in the journal';
    }
    if (!seenClientIds.has(clientId)) seenClientIds.set(clientId, index);
  }

  const checked: CheckedRow = { id: row.id, errors, fromMark };
  if (size && !errors.size) {
    if (byAmount) checked.notional = size;
    else {
      checked.quantity = size;
      const reference = price ?? (market && market.mark_price > 0 ? new Big(market.mark_price) : undefined);
      if (reference) checked.notional = size.times(reference);
    }
  }
  if (Object.keys(errors).length > 0) return checked;

  const order: OrderRequest = { symbol: row.symbol, order_type: orderType, side: row.side };
  if (clientId) order.client_order_id = clientId;
  if (priced && price) order.order_price = toWireNumber(price);
  if (size) {
    if (byAmount) order.order_amount = toWireNumber(size);
    else order.order_quantity = toWireNumber(size);
  }
  if (visible) order.visible_quantity = toWireNumber(visible);
  if (row.tag.trim()) order.order_tag = row.tag.trim();
  order.margin_mode = row.marginMode;
  checked.order = order;
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
  const seen = new Map<string, number>();
  const rows = drafts.map((draft, index) => checkRow(draft, context, seen, index));
  const blockers: string[] = [];
  if (drafts.length === 0) blockers.push('The ticket has no orders');
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  if (invalid > 0) {
    blockers.push(invalid === 1 && drafts.length === 1 ? 'Fix the order first' : `Fix ${invalid} of ${drafts.length} orders first`);
  }
  return {
    rows,
    summary: summarise(rows, drafts),
    orders: blockers.length === 0 ? rows.map((row) => row.order as OrderRequest) : [],
    blockers,
  };
}
