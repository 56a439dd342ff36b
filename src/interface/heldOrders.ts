import * as z from 'zod/mini';
import { numericCodeSchema } from './envelope';
import { orderStatuses, ticketResultSchema } from './journal';
import { orderRequestSchema, sides, symbolPattern } from './orders';
import './zod';

/**
 * Orders the proxy holds (issue 28): armed in the journal, judged on the proxy's own fresh mark,
 * and sent once through the ticket sender when their trigger is crossed.
 */
export const heldOrderTypes = [
  'STOP_MARKET',
  'STOP_LIMIT',
  'TAKE_PROFIT_MARKET',
  'TAKE_PROFIT_LIMIT',
  'TRAILING_STOP',
  'TWAP',
] as const;
export type HeldOrderType = (typeof heldOrderTypes)[number];
/**
 * `awaiting_entry`: a bracket's exit, armed once its entry is accepted. `fired`: its order was sent
 * (a TWAP: its whole quantity). `expired`: a TWAP whose time ran out with quantity left unsent.
 */
export const heldOrderStates = ['awaiting_entry', 'armed', 'paused', 'fired', 'cancelled', 'expired', 'failed'] as const;
/** States that still hold something: counted against MAX_HELD_ORDERS, cancellable. */
export const liveHeldStates: readonly HeldOrderState[] = ['awaiting_entry', 'armed', 'paused'];
export type HeldOrderState = (typeof heldOrderStates)[number];
/** Kinds that send a LIMIT order at `order_price`; the others send a MARKET order. */
export const heldLimitTypes: readonly HeldOrderType[] = ['STOP_LIMIT', 'TAKE_PROFIT_LIMIT'];
export const MAX_CLIENT_REF = 64;
/**
 * Ids the proxy makes for what it holds: held orders' tickets ("held-…", "held-…-s3") and their
 * orders' client order ids ("held-…-1"), a bracket entry's generated client order id ("bkt-…").
 * A trader's ticket or order taking one could stop a held order from firing, so they are refused.
 */
const reservedIdPrefixes = ['held-', 'bkt-'];
export function reservedIdIssue(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const prefix = reservedIdPrefixes.find((start) => value.toLowerCase().startsWith(start));
  return prefix && `${field}: ids starting with "${prefix}" are the proxy's own (its held orders); choose another`;
}

/** TWAP bounds: 1 minute to 24 hours; a slice at most every 2 s (half the batch budget of 1 request/s). */
export const MIN_TWAP_DURATION_MS = 60_000;
export const MAX_TWAP_DURATION_MS = 86_400_000;
export const MIN_TWAP_SLICE_MS = 2_000;
export const MAX_SLIPPAGE_PERCENT = 10;

const positive = z.number().check(z.positive());

const heldOrderShape = z.strictObject({
  type: z.enum(heldOrderTypes),
  symbol: z.string().check(z.regex(symbolPattern, 'expected an instrument like PERP_BTC_USDC')),
  side: z.enum(sides),
  order_quantity: positive,
  trigger_price: z.optional(positive),
  order_price: z.optional(positive),
  trailing_distance: z.optional(positive),
  trailing_percent: z.optional(z.number().check(z.positive(), z.maximum(50))),
  oco_with: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  client_ref: z.optional(z.string().check(z.maxLength(MAX_CLIENT_REF, `at most ${MAX_CLIENT_REF} characters`))),
  /** TWAP: how long the whole quantity is spread over. */
  duration_ms: z.optional(z.int().check(z.gte(MIN_TWAP_DURATION_MS), z.lte(MAX_TWAP_DURATION_MS))),
  /** TWAP: time between slices. */
  slice_ms: z.optional(z.int().check(z.gte(MIN_TWAP_SLICE_MS), z.lte(MAX_TWAP_DURATION_MS))),
  /** TWAP: each slice an IOC limit at mark ± this %; without it, a MARKET order. */
  max_slippage_percent: z.optional(z.number().check(z.positive(), z.lte(MAX_SLIPPAGE_PERCENT))),
  /** TWAP: a BUY slice is skipped while the mark is above it, a SELL slice while it is below. */
  price_limit: z.optional(positive),
  /** TWAP: each slice's size varies by up to ± this % (the total is unchanged). */
  randomize_percent: z.optional(z.number().check(z.nonnegative(), z.lte(50))),
});
export type HeldOrderFields = z.infer<typeof heldOrderShape>;

type Issue = { path: string; message: string };

/** The rules between a held order's fields, as issues naming the field (also used for a PATCH's result). */
export function heldOrderIssues(order: HeldOrderFields): Issue[] {
  const issues: Issue[] = [];
  const trailing = order.type === 'TRAILING_STOP';
  const twap = order.type === 'TWAP';
  if (!trailing && !twap && order.trigger_price === undefined) issues.push({ path: 'trigger_price', message: `required for ${order.type}` });
  if (trailing && order.trigger_price !== undefined) {
    issues.push({ path: 'trigger_price', message: 'a trailing stop moves its own trigger; give trailing_distance or trailing_percent' });
  }
  if (trailing && (order.trailing_distance === undefined) === (order.trailing_percent === undefined)) {
    issues.push({ path: 'trailing_distance', message: 'give trailing_distance or trailing_percent (one of them) for TRAILING_STOP' });
  }
  if (twap && order.trigger_price !== undefined) issues.push({ path: 'trigger_price', message: 'a TWAP starts when it is armed and takes no trigger' });
  if (!trailing && (order.trailing_distance !== undefined || order.trailing_percent !== undefined)) {
    issues.push({ path: 'trailing_distance', message: `only TRAILING_STOP takes a trailing distance, not ${order.type}` });
  }
  issues.push(...twapIssues(order));
  const limit = heldLimitTypes.includes(order.type);
  if (limit && order.order_price === undefined) issues.push({ path: 'order_price', message: `required for ${order.type}` });
  if (!limit && order.order_price !== undefined) {
    issues.push({ path: 'order_price', message: `${order.type} sends a MARKET order, which takes no price` });
  }
  return issues;
}

const twapFields = ['duration_ms', 'slice_ms', 'max_slippage_percent', 'price_limit', 'randomize_percent'] as const;

function twapIssues(order: HeldOrderFields): Issue[] {
  if (order.type !== 'TWAP') {
    const field = twapFields.find((name) => order[name] !== undefined);
    return field ? [{ path: field, message: `only a TWAP takes ${field}, not ${order.type}` }] : [];
  }
  const issues: Issue[] = [];
  if (order.duration_ms === undefined) issues.push({ path: 'duration_ms', message: 'required for TWAP' });
  if (order.slice_ms === undefined) issues.push({ path: 'slice_ms', message: 'required for TWAP' });
  if (order.duration_ms !== undefined && order.slice_ms !== undefined && order.slice_ms > order.duration_ms) {
    issues.push({ path: 'slice_ms', message: 'a slice cannot be longer than the whole duration' });
  }
  if (order.oco_with !== undefined) issues.push({ path: 'oco_with', message: 'a TWAP cannot be one of an OCO pair' });
  return issues;
}

export const heldOrderRequestSchema = heldOrderShape.check(
  z.superRefine((order, ctx) => {
    for (const issue of heldOrderIssues(order)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }),
);
export type HeldOrderRequest = z.infer<typeof heldOrderRequestSchema>;

/**
 * PATCH /api/held-orders/:id: new prices or quantity of an armed order, or pause and resume. A TWAP
 * takes a new order_quantity (at least what it sent), price_limit and max_slippage_percent.
 */
export const heldOrderPatchSchema = z
  .strictObject({
    trigger_price: z.optional(positive),
    order_price: z.optional(positive),
    order_quantity: z.optional(positive),
    trailing_distance: z.optional(positive),
    trailing_percent: z.optional(z.number().check(z.positive(), z.maximum(50))),
    /** TWAP only: its new price limit and slippage bound, for the slices still to come. */
    price_limit: z.optional(positive),
    max_slippage_percent: z.optional(z.number().check(z.positive(), z.lte(MAX_SLIPPAGE_PERCENT))),
    state: z.optional(z.enum(['armed', 'paused'])),
  })
  .check(
    z.refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change', path: ['state'] }),
  );
export type HeldOrderPatch = z.infer<typeof heldOrderPatchSchema>;

function twapEntrySchema() {
  return z.object({ ticket_id: z.string(), client_order_id: z.string(), status: z.enum(orderStatuses) });
}

export const twapProgressSchema = z.object({
  duration_ms: z.int(),
  slice_ms: z.int(),
  max_slippage_percent: z.nullable(z.number()),
  price_limit: z.nullable(z.number()),
  randomize_percent: z.nullable(z.number()),
  started_at: z.int(),
  ends_at: z.int(),
  /** When the next slice is due (null once it ended). */
  next_slice_at: z.nullable(z.int()),
  slices_total: z.int(),
  slices_sent: z.int(),
  slices_accepted: z.int(),
  slices_rejected: z.int(),
  /** Due while the mark was beyond price_limit. */
  slices_skipped: z.int(),
  /** Due while paused, stopped or without a fresh price: not sent, their quantity spread over the rest. */
  slices_missed: z.int(),
  quantity_sent: z.number(),
  quantity_accepted: z.number(),
});

export const heldOrderSchema = z.object({
  id: z.string(),
  type: z.enum(heldOrderTypes),
  state: z.enum(heldOrderStates),
  symbol: z.string(),
  side: z.enum(sides),
  order_quantity: z.number(),
  /** For a trailing stop: the level now (best mark since arming less the distance); null before a mark. */
  trigger_price: z.nullable(z.number()),
  order_price: z.nullable(z.number()),
  trailing_distance: z.nullable(z.number()),
  trailing_percent: z.nullable(z.number()),
  best_mark: z.nullable(z.number()),
  oco_with: z.nullable(z.string()),
  client_ref: z.nullable(z.string()),
  /** Client order ids of the orders it sent (its ticket in /api/orders is its id). */
  client_order_ids: z.array(z.string()),
  fired_mark: z.nullable(z.number()),
  fired_at: z.nullable(z.int()),
  created_at: z.int(),
  updated_at: z.int(),
  /** Why it was cancelled, failed or expired, in words ("entry rejected: …", "its OCO partner fired"). */
  reason: z.nullable(z.string()),
  /** Journal status of the last order it sent (a TWAP: its last slice). */
  last_order_status: z.nullable(z.enum(orderStatuses)),
  /** The proxy's mark for the symbol and its age when answered; null before the first poll. */
  mark: z.nullable(z.number()),
  mark_age_ms: z.nullable(z.int()),
  /** Live and judged on a mark too old to fire on: the order waits ("waiting for a fresh price"). */
  waiting_for_fresh_price: z.boolean(),
  /** A bracket's exit: the entry it waits for. */
  entry: z.nullable(twapEntrySchema()),
  twap: z.nullable(twapProgressSchema),
  /** The account it fires through (issue 30); absent from proxies before it. */
  account: z.optional(z.string()),
  /** Who placed it, by name (issue 30); null when unknown (placed before it), absent from proxies before it. */
  placed_by: z.optional(z.nullable(z.string())),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;
export type TwapProgress = z.infer<typeof twapProgressSchema>;

export const heldOrderResponseSchema = z.object({ success: z.literal(true), data: heldOrderSchema, timestamp: z.int() });
export const heldOrdersPageSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(heldOrderSchema) }),
  timestamp: z.int(),
});
export const heldOrdersQuerySchema = z.object({
  state: z.optional(z.enum(heldOrderStates)),
  symbol: z.optional(z.string()),
  /** One account's held orders (issue 30), by name. */
  account: z.optional(z.string()),
});
/** DELETE /api/held-orders: every live held order of `symbol`, or of every market without it. */
export const heldCancelQuerySchema = z.object({
  symbol: z.optional(z.string().check(z.regex(symbolPattern, 'expected an instrument like PERP_BTC_USDC'))),
});

/** A bracket's exit: a take-profit or stop-loss, MARKET without order_price, LIMIT with it. */
const bracketExitSchema = z.strictObject({ trigger_price: positive, order_price: z.optional(positive) });

/**
 * POST /api/brackets: an entry sent now (as a ticket of one order) with a take-profit and/or a
 * stop-loss on the other side for its quantity, OCO with each other, armed only when the entry is
 * accepted and cancelled if it is rejected, fails or stays unknown.
 */
export const bracketRequestSchema = z
  .strictObject({
    entry: orderRequestSchema,
    take_profit: z.optional(bracketExitSchema),
    stop_loss: z.optional(bracketExitSchema),
    client_ref: z.optional(z.string().check(z.maxLength(MAX_CLIENT_REF, `at most ${MAX_CLIENT_REF} characters`))),
  })
  .check(
    z.refine((bracket) => bracket.take_profit !== undefined || bracket.stop_loss !== undefined, {
      message: 'a bracket needs a take_profit or a stop_loss',
      path: ['take_profit'],
    }),
    z.refine((bracket) => bracket.entry.order_quantity !== undefined, {
      message: 'a bracket entry gives order_quantity (its exits close that quantity)',
      path: ['entry', 'order_quantity'],
    }),
  );
export type BracketRequest = z.infer<typeof bracketRequestSchema>;

export const bracketResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ ticket: ticketResultSchema, exits: z.array(heldOrderSchema) }),
  timestamp: z.int(),
});
export const heldIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export const heldErrorSchema = z.object({
  success: z.literal(false),
  code: numericCodeSchema,
  message: z.string(),
  data: z.optional(heldOrderSchema),
});
