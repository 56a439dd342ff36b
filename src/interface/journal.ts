import * as z from 'zod/mini';
import { numericCodeSchema } from './envelope';
import { marginModes, orderTypes, sides } from './orders';
import './zod';

/**
 * The proxy's own surface (docs/contract/decisions.md "Proxy surface"): its journal of tickets and orders. Every
 * order of a ticket moves pending → sent → accepted | rejected, or failed (the request as a whole
 * failed and the order is known not to be placed), or unknown (the request may have reached the
 * service but no answer came: the trader checks before sending again).
 */
export const orderStatuses = ['pending', 'sent', 'accepted', 'rejected', 'failed', 'unknown'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const journalOrderSchema = z.object({
  ticket_id: z.string(),
  /** Position of the order in its ticket, from 0. */
  seq: z.int().check(z.nonnegative()),
  /** Which request of the ticket carried it, from 1. */
  request_no: z.int().check(z.positive()),
  status: z.enum(orderStatuses),
  symbol: z.string(),
  side: z.enum(sides),
  order_type: z.enum(orderTypes),
  order_price: z.nullable(z.number()),
  order_quantity: z.nullable(z.number()),
  order_amount: z.nullable(z.number()),
  visible_quantity: z.nullable(z.number()),
  order_tag: z.nullable(z.string()),
  margin_mode: z.nullable(z.enum(marginModes)),
  client_order_id: z.nullable(z.string()),
  order_id: z.nullable(z.int()),
  error_code: z.nullable(z.int()),
  error_message: z.nullable(z.string()),
  created_at: z.int(),
  updated_at: z.int(),
  /** The account the ticket was signed for (issue 30); absent from proxies before it. */
  account: z.optional(z.string()),
  /** Who sent the ticket ("terminal" in single-token mode), and who approved it (four-eyes). */
  placed_by: z.optional(z.nullable(z.string())),
  approved_by: z.optional(z.nullable(z.string())),
});
export type JournalOrder = z.infer<typeof journalOrderSchema>;

export const ticketStatuses = ['sending', 'accepted', 'partial', 'rejected', 'failed', 'unknown'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketResultSchema = z.object({
  ticket_id: z.string(),
  status: z.enum(ticketStatuses),
  /** Requests the ticket takes (at most 10 orders each). */
  requests: z.int().check(z.positive()),
  rows: z.array(journalOrderSchema),
});
export type TicketResult = z.infer<typeof ticketResultSchema>;

/** Answer of the proxy's POST /v1/batch-order when the ticket got an answer for some order. */
export const ticketResponseSchema = z.object({
  success: z.literal(true),
  data: ticketResultSchema,
  timestamp: z.int(),
});

/** Answer when the ticket failed or stayed unknown as a whole; `data` is there once journaled. */
export const ticketErrorResponseSchema = z.object({
  success: z.literal(false),
  code: numericCodeSchema,
  message: z.string(),
  data: z.optional(ticketResultSchema),
});

export const ordersPageSchema = z.object({
  success: z.literal(true),
  data: z.object({
    rows: z.array(journalOrderSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: z.nullable(z.string()),
  }),
  timestamp: z.int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

export const ordersQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.regex(/^\d+$/, 'expected a cursor from next_cursor'))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 200),
  /** A comma-separated list of statuses. */
  status: z.optional(
    z.pipe(
      z.pipe(z.string(), z.transform((text: string) => text.split(',').filter(Boolean))),
      z.array(z.enum(orderStatuses)),
    ),
  ),
  symbol: z.optional(z.string()),
  ticket: z.optional(z.string()),
  /** One account's orders (issue 30), by name. */
  account: z.optional(z.string()),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** The idempotency key of a ticket, chosen by the terminal. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8 to 64 letters, digits, "-" or "_"'));

export function ticketStatusOf(statuses: readonly OrderStatus[]): TicketStatus {
  if (statuses.some((status) => status === 'pending' || status === 'sent')) return 'sending';
  if (statuses.some((status) => status === 'unknown')) return 'unknown';
  if (statuses.every((status) => status === 'accepted')) return 'accepted';
  if (statuses.every((status) => status === 'failed')) return 'failed';
  if (statuses.every((status) => status === 'rejected')) return 'rejected';
  return 'partial';
}
