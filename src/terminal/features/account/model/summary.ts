import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import Big from 'big.js';
import type { JournalOrder } from '@/interface';
import { formatFixed } from '@/terminal/shared/format/number';

/**
 * Values the terminal can show in the account summary strip, by the id a config uses for them.
 * An id that is not here shows a dash: the service offers no source for it (no balances endpoint).
 */
export const summarySourceIds = [
  'accountId',
  'workingOrders',
  'workingNotional',
  'unknownOrders',
  'rejectedOrders',
  'failedOrders',
  'totalOrders',
  'markets',
  'serviceLatency',
  'clockOffset',
] as const;

/**
 * The service's config names two items "working"; the service reports no fills or cancels, so
 * what the terminal counts is what was placed today. Shown under these titles whatever the
 * config calls them.
 */
export const honestSummaryItems: Readonly<Record<string, { title: MessageDescriptor; tooltip: MessageDescriptor }>> = {
  workingOrders: {
    title: msg`Placed today`,
    tooltip: msg`Orders the service accepted since midnight (local time), market, IOC and FOK included. The service reports no fills or cancels, so this is not a count of open orders.`,
  },
  workingNotional: {
    title: msg`Placed notional today`,
    tooltip: msg`Price × quantity (or the USDC amount) of the orders the service accepted since midnight (local time); a market order at the mark it was sent at (the current mark when another terminal sent it). Not an exposure: fills and cancels are not reported.`,
  },
};

/** Local midnight of the day `now` falls in. */
export function startOfDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

export interface SummaryInputs {
  orders?: readonly JournalOrder[];
  /** The moment "today" is counted for; default: now. */
  now?: number;
  accountId?: string;
  markets?: number;
  latencyMs?: number | null;
  clockOffsetMs?: number;
  /** Orders of unknown outcome in the whole journal (the proxy counts them; `orders` is a page). */
  unknownOrders?: number;
  /** The mark each market order of this terminal was sent at: by ticket id, then the order's place in it. */
  sentMarks?: Readonly<Record<string, { marks: readonly (string | null)[] }>>;
  /** The marks now, by symbol: for a MARKET order whose mark at sending is not known here. */
  marks?: ReadonlyMap<string, number>;
}

/**
 * What an accepted order is counted for in the placed notional. A market order (sent as MARKET,
 * or as an IOC at its bound) counts at the mark it was sent at, as the ticket showed it; other
 * orders at their price; an amount as it is. Undefined when nothing prices it.
 */
export function placedNotional(order: JournalOrder, inputs: Pick<SummaryInputs, 'sentMarks' | 'marks'>): Big | undefined {
  const sentAt = inputs.sentMarks?.[order.ticket_id]?.marks[order.seq];
  if (order.order_amount !== null && order.order_quantity === null) return new Big(order.order_amount);
  if (order.order_quantity === null) return undefined;
  if (sentAt) return new Big(sentAt).times(order.order_quantity);
  if (order.order_price !== null) return new Big(order.order_price).times(order.order_quantity);
  const now = inputs.marks?.get(order.symbol);
  return now !== undefined && now > 0 ? new Big(now).times(order.order_quantity) : undefined;
}

/** Whether the placed notional counts `order` at the mark now (placedNotional's last case). */
const pricedByMarkNow = (order: JournalOrder, sentMarks: SummaryInputs['sentMarks']) =>
  !(order.order_amount !== null && order.order_quantity === null) &&
  order.order_quantity !== null &&
  !sentMarks?.[order.ticket_id]?.marks[order.seq] &&
  order.order_price === null;

/**
 * The markets whose mark now the summary reads (accepted today, priced by no mark at sending and
 * no price), sorted: the only marks the summary follows, so a poll that moves others renders nothing.
 */
export function symbolsPricedByMark(inputs: Pick<SummaryInputs, 'orders' | 'now' | 'sentMarks'>): string[] {
  const since = startOfDay(inputs.now ?? Date.now());
  const symbols = new Set<string>();
  for (const order of inputs.orders ?? []) {
    if (order.status === 'accepted' && order.updated_at >= since && pricedByMarkNow(order, inputs.sentMarks)) symbols.add(order.symbol);
  }
  return [...symbols].sort();
}

export function summaryValues(inputs: SummaryInputs): Record<string, string> {
  const values: Record<string, string> = {};
  if (inputs.accountId) {
    const id = inputs.accountId;
    values.accountId = id.length > 14 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
  }
  if (inputs.orders) {
    const since = startOfDay(inputs.now ?? Date.now());
    const placed = inputs.orders.filter((order) => order.status === 'accepted' && order.updated_at >= since);
    const notional = placed.reduce((sum, order) => sum.plus(placedNotional(order, inputs) ?? 0), new Big(0));
    const count = (status: JournalOrder['status']) => String(inputs.orders!.filter((order) => order.status === status).length);
    values.workingOrders = String(placed.length);
    values.workingNotional = `${formatFixed(notional.toNumber(), 2)} USDC`;
    values.unknownOrders = count('unknown');
    values.rejectedOrders = count('rejected');
    values.failedOrders = count('failed');
    values.totalOrders = String(inputs.orders.length);
  }
  if (inputs.unknownOrders !== undefined) values.unknownOrders = String(inputs.unknownOrders);
  if (inputs.markets !== undefined) values.markets = String(inputs.markets);
  if (inputs.latencyMs !== undefined && inputs.latencyMs !== null) values.serviceLatency = `${inputs.latencyMs} ms`;
  if (inputs.clockOffsetMs !== undefined) values.clockOffset = `${inputs.clockOffsetMs > 0 ? '+' : ''}${inputs.clockOffsetMs} ms`;
  return values;
}
