import type { TicketResult } from '../../interface';

export type SubmitOutcome =
  | { kind: 'conflict'; message: string }
  /** Not taken: too much in flight, or the proxy is stopping. Nothing was journaled or sent. */
  | { kind: 'busy'; status: 429 | 503; retryAfterSeconds: number; message: string }
  /** The journal cannot take it (its disk is below the floor): nothing was written or sent. */
  | { kind: 'refused'; status: 507; message: string }
  | { kind: 'done'; result: TicketResult; replayed: boolean };

export interface SendLimits {
  /** Tickets one session may have in flight at once. */
  ticketsInFlightPerSession: number;
  /** A ticket is refused when its first request would wait longer than this behind the queue (ms). */
  maxQueueDelayMs: number;
}

/** Why a new ticket is not taken now, if it is not: the queue's promise is kept by refusing early. */
export function refusal(state: {
  stopping: boolean;
  ownerInFlight: number;
  queueDelayMs: number;
  limits: SendLimits;
}): SubmitOutcome | undefined {
  const { ticketsInFlightPerSession, maxQueueDelayMs } = state.limits;
  if (state.stopping) {
    return { kind: 'busy', status: 503, retryAfterSeconds: 5, message: 'the proxy is stopping; nothing was sent' };
  }
  if (state.ownerInFlight >= ticketsInFlightPerSession) {
    return {
      kind: 'busy',
      status: 429,
      retryAfterSeconds: 1,
      message: `at most ${ticketsInFlightPerSession} tickets in flight per session (MAX_TICKETS_IN_FLIGHT); nothing was sent: wait for one to finish`,
    };
  }
  if (state.queueDelayMs > maxQueueDelayMs) {
    const seconds = Math.ceil((state.queueDelayMs - maxQueueDelayMs) / 1000) || 1;
    return {
      kind: 'busy',
      status: 429,
      retryAfterSeconds: seconds,
      message: `the send queue is ${Math.round(state.queueDelayMs / 1000)} s behind, more than ${Math.round(maxQueueDelayMs / 1000)} s (MAX_QUEUE_SECONDS); nothing was sent: retry in ${seconds} s`,
    };
  }
  return undefined;
}

/** Whether this proxy sends now: always when it is alone; on a desk, while it holds the lease. */
export interface SendGate {
  readonly sending: boolean;
}
export const ALWAYS: SendGate = { sending: true };
