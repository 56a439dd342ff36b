import * as z from 'zod/mini';
import { numericCodeSchema } from './envelope';
import { sides, symbolPattern } from './orders';
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
] as const;
export type HeldOrderType = (typeof heldOrderTypes)[number];
export const heldOrderStates = ['armed', 'paused', 'fired', 'cancelled', 'failed'] as const;
export type HeldOrderState = (typeof heldOrderStates)[number];
/** Kinds that send a LIMIT order at `order_price`; the others send a MARKET order. */
export const heldLimitTypes: readonly HeldOrderType[] = ['STOP_LIMIT', 'TAKE_PROFIT_LIMIT'];
export const MAX_CLIENT_REF = 64;

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
});
export type HeldOrderFields = z.infer<typeof heldOrderShape>;

type Issue = { path: string; message: string };

/** The rules between a held order's fields, as issues naming the field (also used for a PATCH's result). */
export function heldOrderIssues(order: HeldOrderFields): Issue[] {
  const issues: Issue[] = [];
  const trailing = order.type === 'TRAILING_STOP';
  if (!trailing && order.trigger_price === undefined) issues.push({ path: 'trigger_price', message: `required for ${order.type}` });
  if (trailing && order.trigger_price !== undefined) {
    issues.push({ path: 'trigger_price', message: 'a trailing stop moves its own trigger; give trailing_distance or trailing_percent' });
  }
  if (trailing && (order.trailing_distance === undefined) === (order.trailing_percent === undefined)) {
    issues.push({ path: 'trailing_distance', message: 'give trailing_distance or trailing_percent (one of them) for TRAILING_STOP' });
  }
  if (!trailing && (order.trailing_distance !== undefined || order.trailing_percent !== undefined)) {
    issues.push({ path: 'trailing_distance', message: `only TRAILING_STOP takes a trailing distance, not ${order.type}` });
  }
  const limit = heldLimitTypes.includes(order.type);
  if (limit && order.order_price === undefined) issues.push({ path: 'order_price', message: `required for ${order.type}` });
  if (!limit && order.order_price !== undefined) {
    issues.push({ path: 'order_price', message: `${order.type} sends a MARKET order, which takes no price` });
  }
  return issues;
}

export const heldOrderRequestSchema = heldOrderShape.check(
  z.superRefine((order, ctx) => {
    for (const issue of heldOrderIssues(order)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }),
);
export type HeldOrderRequest = z.infer<typeof heldOrderRequestSchema>;

/** PATCH /api/held-orders/:id: new prices or quantity of an armed order, or pause and resume. */
export const heldOrderPatchSchema = z
  .strictObject({
    trigger_price: z.optional(positive),
    order_price: z.optional(positive),
    order_quantity: z.optional(positive),
    trailing_distance: z.optional(positive),
    trailing_percent: z.optional(z.number().check(z.positive(), z.maximum(50))),
    state: z.optional(z.enum(['armed', 'paused'])),
  })
  .check(
    z.refine((patch) => Object.keys(patch).length > 0, { message: 'nothing to change', path: ['state'] }),
  );
export type HeldOrderPatch = z.infer<typeof heldOrderPatchSchema>;

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
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;

export const heldOrderResponseSchema = z.object({ success: z.literal(true), data: heldOrderSchema, timestamp: z.int() });
export const heldOrdersPageSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(heldOrderSchema) }),
  timestamp: z.int(),
});
export const heldOrdersQuerySchema = z.object({
  state: z.optional(z.enum(heldOrderStates)),
  symbol: z.optional(z.string()),
});
export const heldCancelQuerySchema = z.object({
  symbol: z.string().check(z.regex(symbolPattern, 'expected an instrument like PERP_BTC_USDC')),
});
export const heldIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export const heldErrorSchema = z.object({
  success: z.literal(false),
  code: numericCodeSchema,
  message: z.string(),
  data: z.optional(heldOrderSchema),
});
