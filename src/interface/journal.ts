import { z } from 'zod';
import { marginModes, orderTypes, sides } from './orders';

/**
 * The proxy's own surface (CONTRACT.md "Proxy surface"): its journal of tickets and orders. Every
 * order of a ticket moves pending → sent → accepted | rejected, or failed (the request as a whole
 * failed and the order is known not to be placed), or unknown (the request may have reached the
 * service but no answer came: the trader checks before sending again).
 */
export const orderStatuses = ['pending', 'sent', 'accepted', 'rejected', 'failed', 'unknown'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const journalOrderSchema = z.object({
  ticket_id: z.string(),
  /** Position of the order in its ticket, from 0. */
  seq: z.int().nonnegative(),
  /** Which request of the ticket carried it, from 1. */
  request_no: z.int().positive(),
  status: z.enum(orderStatuses),
  symbol: z.string(),
  side: z.enum(sides),
  order_type: z.enum(orderTypes),
  order_price: z.number().nullable(),
  order_quantity: z.number().nullable(),
  order_amount: z.number().nullable(),
  visible_quantity: z.number().nullable(),
  order_tag: z.string().nullable(),
  margin_mode: z.enum(marginModes).nullable(),
  client_order_id: z.string().nullable(),
  order_id: z.int().nullable(),
  error_code: z.int().nullable(),
  error_message: z.string().nullable(),
  created_at: z.int(),
  updated_at: z.int(),
});
export type JournalOrder = z.infer<typeof journalOrderSchema>;

export const ticketStatuses = ['sending', 'accepted', 'partial', 'rejected', 'failed', 'unknown'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketResultSchema = z.object({
  ticket_id: z.string(),
  status: z.enum(ticketStatuses),
  /** Requests the ticket takes (at most 10 orders each). */
  requests: z.int().positive(),
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
  code: z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number),
  message: z.string(),
  data: ticketResultSchema.optional(),
});

export const ordersPageSchema = z.object({
  success: z.literal(true),
  data: z.object({
    rows: z.array(journalOrderSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  }),
  timestamp: z.int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

export const ordersQuerySchema = z.object({
  cursor: z.string().regex(/^\d+$/, 'expected a cursor from next_cursor').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  status: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.enum(orderStatuses)))
    .optional(),
  symbol: z.string().optional(),
  ticket: z.string().optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** The idempotency key of a ticket, chosen by the terminal. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8 to 64 letters, digits, "-" or "_"');

export function ticketStatusOf(statuses: readonly OrderStatus[]): TicketStatus {
  if (statuses.some((status) => status === 'pending' || status === 'sent')) return 'sending';
  if (statuses.some((status) => status === 'unknown')) return 'unknown';
  if (statuses.every((status) => status === 'accepted')) return 'accepted';
  if (statuses.every((status) => status === 'failed')) return 'failed';
  if (statuses.every((status) => status === 'rejected')) return 'rejected';
  return 'partial';
}
