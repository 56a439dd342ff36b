import {
  IDEMPOTENCY_HEADER,
  ticketErrorResponseSchema,
  ticketResponseSchema,
  ticketResultSchema,
  type OrderRequest,
  type TicketResult,
} from '@/interface';
import * as z from 'zod/mini';
import { ApiError, getJson, postJson } from '@/terminal/shared/api/http';

export interface TicketSubmission {
  /** Idempotency key: the same key never sends twice. */
  key: string;
  orders: OrderRequest[];
  recvWindow: number;
}

/** What became of a ticket: its per-order result when it was journaled, and a message when it failed. */
export interface TicketOutcome {
  key: string;
  result?: TicketResult;
  message?: string;
}

export async function postTicket({ key, orders, recvWindow }: TicketSubmission): Promise<TicketOutcome> {
  try {
    const answer = await postJson('/v1/batch-order', { orders }, ticketResponseSchema, {
      [IDEMPOTENCY_HEADER]: key,
      'x-recv-window': String(recvWindow),
    });
    return { key, result: answer.data };
  } catch (error) {
    // No answer (the page is unloading, the network broke): the ticket may be in the journal, so
    // this is not an outcome; the pending ticket stays and is looked up by its key.
    if (!(error instanceof ApiError) || error.status === null) throw error;
    const failed = ticketErrorResponseSchema.safeParse(error.body);
    return { key, result: failed.success ? failed.data.data : undefined, message: error.message };
  }
}

const ticketAnswerSchema = z.object({ success: z.literal(true), data: ticketResultSchema });

/** The journal's view of a ticket, or undefined when the proxy never got it. */
export async function fetchTicket(key: string): Promise<TicketResult | undefined> {
  try {
    return (await getJson(`/api/tickets/${encodeURIComponent(key)}`, ticketAnswerSchema)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
