import type { OrderRequest } from '@/interface';

/** The account of tickets and held orders journaled before the proxy held several: the environment's own. */
export const MAIN_ACCOUNT = 'main';

export interface TicketRecord {
  id: string;
  bodyHash: string;
  recvWindow: number | null;
  requests: number;
  createdAt: number;
  /** The account it is signed for, by name (issue 30). */
  account: string;
}

export interface NewTicket {
  id: string;
  bodyHash: string;
  recvWindow: number | undefined;
  /** Each request's orders, in order, and the exact body that will be signed. */
  requests: { orders: OrderRequest[]; orderJson: string[]; body: string }[];
  now: number;
  /** The account it is signed for, by name (absent: "main", as rows from before issue 30), and who placed and who approved it. */
  account?: string;
  placedBy?: string | null;
  approvedBy?: string | null;
}

export interface RequestRecord {
  requestNo: number;
  body: string;
}

/** What the service said of one order of a request. */
export interface OrderOutcome {
  status: 'accepted' | 'rejected';
  orderId: number | null;
  errorMessage: string | null;
}

/**
 * Why a request got no per-order answer: refused by the service (4xx), rate limited, never sent
 * (unreachable, an earlier request of the ticket went wrong), not sent because the proxy stopped, or
 * sent with no usable answer.
 */
export type ProblemReason =
  | 'refused'
  | 'rate-limited'
  | 'unreachable'
  | 'not-sent'
  | 'stopped'
  | 'timeout'
  | 'dropped'
  | 'bad-answer'
  | 'restart';

export interface RequestProblem {
  reason: ProblemReason;
  httpStatus: number | null;
  code: number | null;
  message: string;
}

export const UNKNOWN_AFTER_RESTART =
  'The proxy stopped before the answer came, so this order may or may not have been placed. Check your open orders at the service before sending it again.';
