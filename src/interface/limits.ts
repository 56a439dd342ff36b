import Big from 'big.js';
import type { LimitIssue, LimitSet } from './desk';
import { priceFreeTypes, type OrderRequest } from './orders';

/**
 * The desk's limits (issue 30), checked in the proxy before signing and in the terminal before
 * sending (so the trader sees what the proxy would refuse). Pure: whoever calls brings the limits,
 * today's use and the marks. Money is big.js throughout and decimal text out.
 */

export type LimitScope = LimitIssue['scope'];

/** A user or an account, with its limits. */
export interface LimitHolder {
  name: string;
  limits: LimitSet;
}

export interface TicketState {
  orders: readonly OrderRequest[];
  /** Mark price per symbol (decimal text or number): the price of a MARKET, ASK or BID order sized by quantity. */
  marks: Readonly<Record<string, string | number | undefined>>;
  user: LimitHolder;
  account: LimitHolder;
  /** Notional already sent today (UTC) by the user and on the account, decimal text. */
  usedToday: { user: string; account: string };
  /** Held orders open now for the user and on the account. */
  openHeld: { user: number; account: number };
  /** Held orders this ticket would add (0 for an ordinary ticket). */
  heldAdding?: number;
  /** What the user sent today without approval, decimal text (against `approvalFreeDay`); absent: "0". */
  approvalFreeToday?: string;
}

export interface TicketCheck {
  /** Every limit broken, in the order of the checks (see checkTicket); empty when it may be sent. */
  issues: LimitIssue[];
  /** The ticket's notional, decimal text. */
  notional: string;
  /** Each order's notional, decimal text, by row ("0" for an order without a price to count it at). */
  perOrder: string[];
  /** Over the user's approvalAbove, or past their approval-free amount of the day: it waits for a risk user's approval. */
  needsApproval: boolean;
  /** Why it waits: the ticket is over `approvalAbove`, or it takes the day past `approvalFreeDay`. */
  approvalFor?: 'ticket' | 'day';
}

/** The UTC day of `ms`, "YYYY-MM-DD": day limits roll at UTC midnight. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A positive decimal from text or a number, or undefined when it is none (a mark missing or broken). */
function positiveOf(value: string | number | undefined): Big | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  try {
    const big = new Big(value);
    return big.gt(0) ? big : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An order's notional: its amount when sized by amount; else quantity × its limit price, or × the
 * mark for the types that take no price. Undefined when that mark is missing. A SELL's limit below
 * the mark sells at about the mark at once, so it counts at the higher of the two (a SELL at 1 is
 * not a notional of 1); a BUY's limit is already the most it pays.
 */
export function orderNotional(order: OrderRequest, marks: TicketState['marks']): Big | undefined {
  if (order.order_amount !== undefined) return new Big(order.order_amount);
  const mark = positiveOf(marks[order.symbol]);
  const limit = priceFreeTypes.includes(order.order_type) ? mark : positiveOf(order.order_price);
  if (limit === undefined) return undefined;
  const price = order.side === 'SELL' && mark !== undefined && mark.gt(limit) ? mark : limit;
  return new Big(order.order_quantity ?? 0).times(price);
}

/** Whether `limits` holds a limit that needs the orders' notional (so a missing mark matters). */
function countsNotional(limits: LimitSet, scope: LimitScope): boolean {
  return (
    limits.maxOrderNotional !== undefined ||
    limits.maxTicketNotional !== undefined ||
    limits.maxDayNotional !== undefined ||
    (scope === 'user' && (limits.approvalAbove !== undefined || limits.approvalFreeDay !== undefined))
  );
}

const text = (big: Big) => big.toFixed();

/**
 * The limits `state.orders` would break, every one of them (never stopping at the first), in this
 * order: trading off, symbol not allowed, per order, per ticket, per day (today's use plus this
 * ticket), open held orders, a price-free order without a mark. Within each check the user comes
 * before the account, and rows in order. A missing mark is an issue only where an amount limit (or
 * the approval threshold) needs the notional: it fails closed there, and the order counts "0".
 */
export function checkTicket(state: TicketState): TicketCheck {
  const scopes: [LimitScope, LimitHolder, Big, number][] = [
    ['user', state.user, new Big(state.usedToday.user), state.openHeld.user],
    ['account', state.account, new Big(state.usedToday.account), state.openHeld.account],
  ];
  const notionals = state.orders.map((order) => orderNotional(order, state.marks));
  const ticket = notionals.reduce<Big>((sum, notional) => sum.plus(notional ?? 0), new Big(0));
  const adding = state.heldAdding ?? 0;
  const issues: LimitIssue[] = [];
  const each = (check: (scope: LimitScope, holder: LimitHolder, used: Big, openHeld: number) => void) => {
    for (const [scope, holder, used, openHeld] of scopes) check(scope, holder, used, openHeld);
  };

  each((scope, { name, limits }) => {
    if (limits.tradingOff === true) issues.push({ code: 'tradingOff', scope, name });
  });
  each((scope, { name, limits }) => {
    const allowed = limits.symbols;
    if (allowed === undefined) return;
    state.orders.forEach((order, row) => {
      if (!allowed.includes(order.symbol)) issues.push({ code: 'symbol', scope, name, row, symbol: order.symbol });
    });
  });
  each((scope, { name, limits }) => {
    if (limits.maxOrderNotional === undefined) return;
    const max = new Big(limits.maxOrderNotional);
    notionals.forEach((notional, row) => {
      if (notional !== undefined && notional.gt(max)) {
        const symbol = state.orders[row]!.symbol;
        issues.push({ code: 'maxOrderNotional', scope, name, row, symbol, limit: text(max), value: text(notional) });
      }
    });
  });
  each((scope, { name, limits }) => {
    if (limits.maxTicketNotional !== undefined && ticket.gt(limits.maxTicketNotional)) {
      issues.push({ code: 'maxTicketNotional', scope, name, limit: text(new Big(limits.maxTicketNotional)), value: text(ticket) });
    }
  });
  each((scope, { name, limits }, used) => {
    const day = used.plus(ticket);
    if (limits.maxDayNotional !== undefined && day.gt(limits.maxDayNotional)) {
      issues.push({ code: 'maxDayNotional', scope, name, limit: text(new Big(limits.maxDayNotional)), value: text(day) });
    }
  });
  each((scope, { name, limits }, _used, openHeld) => {
    if (adding > 0 && limits.maxOpenHeld !== undefined && openHeld + adding > limits.maxOpenHeld) {
      issues.push({ code: 'maxOpenHeld', scope, name, limit: String(limits.maxOpenHeld), value: String(openHeld + adding) });
    }
  });
  each((scope, { name, limits }) => {
    if (!countsNotional(limits, scope)) return;
    notionals.forEach((notional, row) => {
      if (notional === undefined) issues.push({ code: 'noMark', scope, name, row, symbol: state.orders[row]!.symbol });
    });
  });

  const approvalFor = approvalNeeded(state, ticket);
  return {
    issues,
    notional: text(ticket),
    perOrder: notionals.map((notional) => text(notional ?? new Big(0))),
    needsApproval: approvalFor !== undefined,
    ...(approvalFor && { approvalFor }),
  };
}

/** Why a ticket of `ticket` notional waits for approval: over the user's threshold, or past the day's approval-free amount. */
function approvalNeeded(state: TicketState, ticket: Big): TicketCheck['approvalFor'] {
  const { approvalAbove, approvalFreeDay } = state.user.limits;
  if (approvalAbove !== undefined && ticket.gt(approvalAbove)) return 'ticket';
  if (approvalFreeDay !== undefined && new Big(state.approvalFreeToday ?? 0).plus(ticket).gt(approvalFreeDay)) return 'day';
  return undefined;
}
