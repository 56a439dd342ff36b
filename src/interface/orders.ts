import * as z from 'zod/mini';
import './zod';

export const orderTypes = ['LIMIT', 'MARKET', 'IOC', 'FOK', 'POST_ONLY', 'ASK', 'BID'] as const;
export type OrderType = (typeof orderTypes)[number];
export const sides = ['BUY', 'SELL'] as const;
export type Side = (typeof sides)[number];
export const marginModes = ['CROSS', 'ISOLATED'] as const;
export type MarginMode = (typeof marginModes)[number];

/** Types that execute at the market and so take no price, and may be sized by quote amount. */
export const priceFreeTypes: readonly OrderType[] = ['MARKET', 'ASK', 'BID'];
/** Types for which a visible quantity means nothing (docs/contract/decisions.md: ignored). */
export const visibleIgnoredTypes: readonly OrderType[] = ['MARKET', 'IOC', 'FOK'];

export const symbolPattern = /^PERP_[A-Z0-9]+_[A-Z0-9]+$/;
export const clientOrderIdPattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
export const MAX_CLIENT_ORDER_ID = 36;
export const MAX_ORDER_TAG = 128;
/** The family's limits: orders per batch request, and batch requests per second per key. */
export const MAX_ORDERS_PER_REQUEST = 10;
export const REQUESTS_PER_SECOND = 1;

const positive = z.number().check(z.positive());

/** Shape of an order request item (docs/contract/interface.md 2.3), without the rules between fields. */
const orderRequestShape = z.strictObject({
  symbol: z.string().check(z.regex(symbolPattern, 'expected an instrument like PERP_BTC_USDC')),
  order_type: z.enum(orderTypes),
  side: z.enum(sides),
  client_order_id: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(MAX_CLIENT_ORDER_ID, `at most ${MAX_CLIENT_ORDER_ID} characters`),
        z.regex(clientOrderIdPattern, 'letters, digits and "-" only, not starting with "-"'),
      ),
  ),
  order_price: z.optional(positive),
  order_quantity: z.optional(positive),
  order_amount: z.optional(positive),
  visible_quantity: z.optional(z.number().check(z.nonnegative())),
  order_tag: z.optional(z.string().check(z.maxLength(MAX_ORDER_TAG, `at most ${MAX_ORDER_TAG} characters`))),
  margin_mode: z.optional(z.enum(marginModes)),
});

/** An order request item with docs/contract/decisions.md's rules between its fields. */
export const orderRequestSchema = orderRequestShape.check(
  z.superRefine((order, ctx) => {
    const priceFree = priceFreeTypes.includes(order.order_type);
    if (!priceFree && order.order_price === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_price'],
        message: `required for ${order.order_type} orders`,
      });
    }
    if (order.order_quantity !== undefined && order.order_amount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_amount'],
        message: 'give order_quantity or order_amount, not both',
      });
    } else if (order.order_quantity === undefined && order.order_amount === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_quantity'],
        message: 'required (or order_amount for MARKET, ASK and BID orders)',
      });
    }
    if (order.order_amount !== undefined && !priceFree) {
      ctx.addIssue({
        code: 'custom',
        path: ['order_amount'],
        message: `only MARKET, ASK and BID orders take an amount; give order_quantity for ${order.order_type}`,
      });
    }
    // docs/contract/decisions.md: a visible quantity is ignored for MARKET, IOC and FOK, so it cannot be wrong there.
    if (
      order.visible_quantity !== undefined &&
      order.order_quantity !== undefined &&
      !visibleIgnoredTypes.includes(order.order_type) &&
      order.visible_quantity > order.order_quantity
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['visible_quantity'],
        message: `must not exceed order_quantity ${order.order_quantity}`,
      });
    }
  }),
);
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** Body of POST /v1/batch-order as the browser sends it to the proxy. */
export const batchOrderRequestSchema = z.strictObject({
  orders: z.array(orderRequestSchema).check(z.minLength(1, 'a batch needs at least one order')),
});
export type BatchOrderRequest = z.infer<typeof batchOrderRequestSchema>;

/**
 * Item of data.rows in the batch response (docs/contract/interface.md 2.4), read leniently: a rejected row's
 * order_id may be null or 0, and a success's error_message may be empty, null, missing or "none".
 */
export const orderResultRowSchema = z.object({
  order_id: z.nullish(z.int()),
  client_order_id: z.nullish(z.string()),
  order_type: z.nullish(z.string()),
  order_price: z.nullish(z.number()),
  order_quantity: z.nullish(z.number()),
  error_message: z.nullish(z.string()),
});
export type OrderResultRow = z.infer<typeof orderResultRowSchema>;

export const batchOrderResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(orderResultRowSchema) }),
  timestamp: z.optional(z.int().check(z.nonnegative())),
});
export type BatchOrderResponse = z.infer<typeof batchOrderResponseSchema>;

/** docs/contract/decisions.md: a row is a success when error_message is empty, null, missing or "none". */
export function isAcceptedRow(row: OrderResultRow): boolean {
  const message = row.error_message?.trim() ?? '';
  return message === '' || message.toLowerCase() === 'none';
}
