import {
  ACCOUNT_HEADER,
  awaitingApprovalResponseSchema,
  IDEMPOTENCY_HEADER,
  limitRefusalSchema,
  ticketErrorResponseSchema,
  ticketResponseSchema,
  ticketResultSchema,
  type Approval,
  type LimitIssue,
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
  /** The desk account it goes to (the x-account header); none: the person's first. */
  account?: string;
}

/**
 * What became of a ticket: its per-order result when it was journaled, and a message when it
 * failed; on a desk, the approval it waits for (nothing sent yet), or the limits it is over
 * (refused whole, nothing sent), as data the view puts in words.
 */
export interface TicketOutcome {
  key: string;
  result?: TicketResult;
  message?: string;
  awaiting?: Approval;
  limits?: LimitIssue[];
}

/** 200 with the ticket's result, or 202: over the author's approval threshold, journaled as awaiting. */
const sentOrAwaitingSchema = z.union([ticketResponseSchema, awaitingApprovalResponseSchema]);

export async function postTicket({ key, orders, recvWindow, account }: TicketSubmission): Promise<TicketOutcome> {
  try {
    const answer = await postJson('/v1/batch-order', { orders }, sentOrAwaitingSchema, {
      [IDEMPOTENCY_HEADER]: key,
      'x-recv-window': String(recvWindow),
      ...(account === undefined ? {} : { [ACCOUNT_HEADER]: account }),
    });
    if ('approval' in answer.data) return { key, awaiting: answer.data.approval };
    return { key, result: answer.data };
  } catch (error) {
    // No answer (the page is unloading, the network broke): the ticket may be in the journal, so
    // this is not an outcome; the pending ticket stays and is looked up by its key.
    if (!(error instanceof ApiError) || error.status === null) throw error;
    const overLimit = error.status === 403 ? limitRefusalSchema.safeParse(error.body) : undefined;
    if (overLimit?.success) return { key, message: error.message, limits: overLimit.data.limits };
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
