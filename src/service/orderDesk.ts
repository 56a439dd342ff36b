import Big from 'big.js';
import {
  describeIssues,
  orderRequestSchema,
  priceFreeTypes,
  visibleIgnoredTypes,
  type OrderRequest,
} from '../interface';
import type { Instrument } from './market/instruments';
import type { MarketSimulator } from './market/simulator';

/** How far from mark a priced order may be: the price band of this service. */
export const PRICE_BAND = 0.1;
/**
 * The largest order this service takes, in USDC: a risk limit of the account that the terminal
 * cannot know in advance, as real services have.
 */
export const MAX_ORDER_NOTIONAL = 5_000_000;
const usdc = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** What the service answers per order (docs/contract/interface.md 2.4). */
export interface ResultRow {
  order_id: number | null;
  client_order_id: string;
  order_type: string;
  order_price: number | null;
  order_quantity: number | null;
  error_message: string;
}

export interface AcceptedOrder extends OrderRequest {
  order_id: number;
  accountId: string;
  acceptedAt: number;
}

/** Writes a number as plain decimal digits (no exponent), as a trader would read it. */
export const plain = (value: number): string => new Big(value).toFixed();

const stepOf = (decimals: number) => new Big(`1e${-decimals}`);
const isMultiple = (value: number, step: Big) => new Big(value).mod(step).eq(0);

/**
 * Validates and accepts orders. Ids increase across accounts; a client order id is unique among
 * an account's accepted orders.
 */
export class OrderDesk {
  private nextOrderId = 1_000_001;
  private readonly clientIds = new Map<string, Map<string, number>>();
  readonly accepted: AcceptedOrder[] = [];

  constructor(private readonly market: MarketSimulator) {}

  place(accountId: string, orders: readonly unknown[], now: number): ResultRow[] {
    this.market.advance(now);
    return orders.map((raw) => this.placeOne(accountId, raw, now));
  }

  private placeOne(accountId: string, raw: unknown, now: number): ResultRow {
    const parsed = orderRequestSchema.safeParse(raw);
    if (!parsed.success) return rejectedRaw(raw, describeIssues(parsed.error));
    const order = parsed.data;
    const reason = this.check(accountId, order);
    if (reason) return rejected(order, reason);

    const orderId = this.nextOrderId++;
    if (order.client_order_id) this.clientIdsOf(accountId).set(order.client_order_id, orderId);
    this.accepted.push({ ...order, order_id: orderId, accountId, acceptedAt: now });
    return {
      order_id: orderId,
      client_order_id: order.client_order_id ?? '',
      order_type: order.order_type,
      order_price: order.order_price ?? null,
      order_quantity: order.order_quantity ?? null,
      error_message: 'none',
    };
  }

  private clientIdsOf(accountId: string): Map<string, number> {
    let ids = this.clientIds.get(accountId);
    if (!ids) {
      ids = new Map();
      this.clientIds.set(accountId, ids);
    }
    return ids;
  }

  /** The first reason the order cannot be accepted, in the words a trader would use. */
  private check(accountId: string, order: OrderRequest): string | undefined {
    const instrument = this.market.instrument(order.symbol);
    const mark = this.market.markPrice(order.symbol);
    if (!instrument || mark === undefined) return `unknown symbol ${order.symbol}`;
    if (order.client_order_id) {
      const previous = this.clientIdsOf(accountId).get(order.client_order_id);
      if (previous !== undefined) {
        return `client_order_id ${order.client_order_id} is already used by order ${previous}`;
      }
    }
    if (!priceFreeTypes.includes(order.order_type) && order.order_price !== undefined) {
      const reason = checkPrice(instrument, order.order_price, mark) ?? checkPostOnly(order, order.order_price, mark);
      if (reason) return reason;
    }
    // Exact decimals: an order at the limit is judged on its digits, not on a float product.
    const notional =
      order.order_amount !== undefined
        ? new Big(order.order_amount)
        : new Big(order.order_quantity ?? 0).times(order.order_price ?? mark);
    if (notional.gt(MAX_ORDER_NOTIONAL)) {
      return `order notional ${usdc.format(notional.toNumber())} USDC is above the limit of ${usdc.format(MAX_ORDER_NOTIONAL)} USDC per order`;
    }
    const step = stepOf(instrument.quantityDecimals);
    // A visible quantity is ignored for MARKET, IOC and FOK (docs/contract/decisions.md): nothing to check there.
    const sized = visibleIgnoredTypes.includes(order.order_type) ? (['order_quantity'] as const) : (['order_quantity', 'visible_quantity'] as const);
    for (const field of sized) {
      const value = order[field];
      if (value !== undefined && !isMultiple(value, step)) {
        return `${field} ${plain(value)} is not a multiple of the quantity step ${step.toFixed()} of ${order.symbol}`;
      }
    }
    return undefined;
  }
}

function checkPrice(instrument: Instrument, price: number, mark: number): string | undefined {
  const tick = stepOf(instrument.priceDecimals);
  if (!isMultiple(price, tick)) {
    return `order_price ${plain(price)} is not a multiple of the price tick ${tick.toFixed()} of ${instrument.symbol}`;
  }
  // |price − mark| > 10% of mark, in exact decimals, as the ticket checks it.
  const distance = new Big(price).minus(mark);
  if (distance.abs().gt(new Big(mark).times(PRICE_BAND))) {
    return `order_price ${plain(price)} is more than ${PRICE_BAND * 100}% ${distance.gt(0) ? 'above' : 'below'} mark ${plain(mark)}`;
  }
  return undefined;
}

/**
 * A post-only order only ever adds liquidity: one that would cross the mark at arrival (a buy at
 * or above it, a sell at or below it) is rejected whole, as the family does (code -1012), never
 * placed and never filled.
 */
function checkPostOnly(order: OrderRequest, price: number, mark: number): string | undefined {
  if (order.order_type !== 'POST_ONLY') return undefined;
  const buy = order.side === 'BUY';
  const crosses = buy ? new Big(price).gte(mark) : new Big(price).lte(mark);
  if (!crosses) return undefined;
  return `post-only order would cross the mark (${order.side} at ${plain(price)} ${buy ? '≥' : '≤'} mark ${plain(mark)}) and was rejected`;
}

function rejected(order: OrderRequest, reason: string): ResultRow {
  return {
    order_id: null,
    client_order_id: order.client_order_id ?? '',
    order_type: order.order_type,
    order_price: order.order_price ?? null,
    order_quantity: order.order_quantity ?? null,
    error_message: reason,
  };
}

/** A row for an order that did not even have the right shape: echo what can be echoed. */
function rejectedRaw(raw: unknown, reason: string): ResultRow {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    order_id: null,
    client_order_id: text(record.client_order_id),
    order_type: text(record.order_type),
    order_price: number(record.order_price),
    order_quantity: number(record.order_quantity),
    error_message: typeof raw === 'object' && raw !== null ? reason : `order must be an object: ${reason}`,
  };
}
