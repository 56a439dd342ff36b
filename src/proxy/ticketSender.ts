import { createHash } from 'node:crypto';
import {
  authHeaders,
  batchOrderResponseSchema,
  describeIssues,
  errorCodes,
  errorEnvelopeSchema,
  isAcceptedRow,
  MAX_ORDERS_PER_REQUEST,
  type OrderRequest,
  type TicketResult,
} from '../interface';
import type { Journal, OrderOutcome, ProblemReason, RequestRecord } from './journal';
import type { Logger } from './log';
import type { Pacer } from './pacer';
import type { ServiceAnswer, ServiceClient } from './serviceClient';
import type { ServiceClock } from './serviceClock';
import type { Signer } from './signer';

export const BATCH_PATH = '/v1/batch-order';
const MAX_RATE_LIMIT_RETRIES = 3;

export interface Ticket {
  id: string;
  orders: OrderRequest[];
  recvWindow?: number;
}

/** What one request of a ticket came to. */
type RequestVerdict =
  | { kind: 'answered'; httpStatus: number; outcomes: OrderOutcome[] }
  | { kind: 'failed' | 'unknown'; reason: ProblemReason; httpStatus: number | null; code: number | null; message: string }
  | { kind: 'rate-limited'; retryAfterMs: number; message: string };

export type SubmitOutcome =
  | { kind: 'conflict'; message: string }
  | { kind: 'done'; result: TicketResult; replayed: boolean };

export interface TicketSenderOptions {
  journal: Journal;
  client: ServiceClient;
  clock: ServiceClock;
  signer: Signer;
  accountId: string;
  pacer: Pacer;
  log: Logger;
}

/** Splits `orders` into the requests a ticket takes: at most 10 orders each, in order. */
export function splitIntoRequests<T>(orders: readonly T[]): T[][] {
  const requests: T[][] = [];
  for (let i = 0; i < orders.length; i += MAX_ORDERS_PER_REQUEST) {
    requests.push(orders.slice(i, i + MAX_ORDERS_PER_REQUEST));
  }
  return requests;
}

const oneLine = (text: string) =>
  text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);

/** Reads the service's answer to one batch request for `count` orders. */
export function judgeAnswer(answer: ServiceAnswer, count: number): RequestVerdict {
  if (answer.kind === 'unreachable') {
    return { kind: 'failed', reason: 'unreachable', httpStatus: null, code: null, message: `not sent: ${answer.message}` };
  }
  if (answer.kind !== 'answered') {
    return {
      kind: 'unknown',
      reason: answer.kind,
      httpStatus: null,
      code: null,
      message: `${answer.message}; the orders may or may not have been placed`,
    };
  }
  const { status, json, text } = answer;
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (status === 429) {
    return {
      kind: 'rate-limited',
      retryAfterMs: 1000,
      message: envelope.success ? envelope.data.message : 'rate limited by the service',
    };
  }
  if (status >= 400 && status < 500) {
    // The service refused the request as a whole: nothing of it was placed.
    return envelope.success
      ? { kind: 'failed', reason: 'refused', httpStatus: status, code: envelope.data.code, message: envelope.data.message }
      : {
          kind: 'failed',
          reason: 'refused',
          httpStatus: status,
          code: null,
          message: `the service refused the request with ${status}: ${oneLine(text) || 'no body'}`,
        };
  }
  if (status !== 200) {
    const detail = envelope.success ? envelope.data.message : oneLine(text) || 'no body';
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: envelope.success ? envelope.data.code : null,
      message: `the service answered ${status} (${detail}); the orders may or may not have been placed`,
    };
  }
  const parsed = batchOrderResponseSchema.safeParse(json);
  if (!parsed.success) {
    const why = json === undefined ? 'not JSON' : describeIssues(parsed.error);
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: null,
      message: `the service answered 200 with an unreadable body (${why}); the orders may or may not have been placed`,
    };
  }
  const rows = parsed.data.data.rows;
  if (rows.length !== count) {
    return {
      kind: 'unknown',
      reason: 'bad-answer',
      httpStatus: status,
      code: null,
      message: `the service answered ${rows.length} result rows for ${count} orders, so which order each row belongs to is unknown`,
    };
  }
  return {
    kind: 'answered',
    httpStatus: status,
    outcomes: rows.map((row) =>
      isAcceptedRow(row)
        ? { status: 'accepted', orderId: row.order_id ?? null, errorMessage: null }
        : { status: 'rejected', orderId: null, errorMessage: row.error_message ?? 'rejected' },
    ),
  };
}

export function hashTicket(orders: readonly OrderRequest[], recvWindow: number | undefined): string {
  return createHash('sha256').update(JSON.stringify({ orders, recvWindow: recvWindow ?? null })).digest('hex');
}

/**
 * Sends tickets exactly once: journal first, then each request in order through the pacer, each
 * step recorded. A repeated idempotency key gets the first submission's result and sends nothing.
 */
export class TicketSender {
  private readonly inFlight = new Map<string, Promise<TicketResult>>();

  constructor(private readonly options: TicketSenderOptions) {}

  async submit(ticket: Ticket): Promise<SubmitOutcome> {
    const { journal } = this.options;
    const bodyHash = hashTicket(ticket.orders, ticket.recvWindow);
    const existing = journal.findTicket(ticket.id);
    if (existing) {
      if (existing.bodyHash !== bodyHash) {
        return {
          kind: 'conflict',
          message: `idempotency key ${ticket.id} was already used for a different ticket; nothing was sent`,
        };
      }
      const running = this.inFlight.get(ticket.id);
      const result = running ? await running : journal.ticketResult(ticket.id);
      if (!result) throw new Error(`ticket ${ticket.id} vanished from the journal`);
      return { kind: 'done', result, replayed: true };
    }

    const taken = this.takenClientOrderId(ticket.orders);
    if (taken) return { kind: 'conflict', message: `${taken}; nothing was sent` };

    const requests = splitIntoRequests(ticket.orders).map((orders) => {
      const orderJson = orders.map((order) => JSON.stringify(order));
      return { orders, orderJson, body: `{"orders":[${orderJson.join(',')}]}` };
    });
    journal.createTicket({
      id: ticket.id,
      bodyHash,
      recvWindow: ticket.recvWindow,
      requests,
      now: Date.now(),
    });
    this.options.log.info(
      { ticket: ticket.id, orders: ticket.orders.length, requests: requests.length },
      'ticket journaled',
    );
    const bodies = requests.map((request, index) => ({ requestNo: index + 1, body: request.body }));
    const running = this.sendWhenDurable(ticket.id, bodies, ticket.recvWindow).finally(() => this.inFlight.delete(ticket.id));
    this.inFlight.set(ticket.id, running);
    return { kind: 'done', result: await running, replayed: false };
  }

  /**
   * The first client order id of a new ticket that the service would refuse as reused: twice in
   * the ticket, or held by an order of the journal that is or may be live. The terminal checks the
   * orders it has in view; this is the whole journal.
   */
  private takenClientOrderId(orders: readonly OrderRequest[]): string | undefined {
    const seen = new Set<string>();
    for (const [index, order] of orders.entries()) {
      const id = order.client_order_id;
      if (!id) continue;
      if (seen.has(id)) return `orders[${index}].client_order_id ${id} appears twice in the ticket`;
      seen.add(id);
      const holder = this.options.journal.clientOrderIdHolder(id);
      if (holder !== undefined) return `orders[${index}].client_order_id ${id} is already used by an order of ticket ${holder}`;
    }
    return undefined;
  }

  /** Write-ahead: nothing leaves before the ticket is on disk. */
  private async sendWhenDurable(
    ticketId: string,
    requests: RequestRecord[],
    recvWindow: number | undefined,
  ): Promise<TicketResult> {
    const { journal, log } = this.options;
    try {
      await journal.durable();
    } catch (error) {
      const message = `not sent: the journal could not be written to disk (${(error as Error).message})`;
      log.error({ ticket: ticketId, reason: message }, 'ticket not sent');
      for (const request of requests) {
        journal.recordRequestOutcome(
          ticketId,
          request.requestNo,
          'failed',
          { reason: 'not-sent', httpStatus: null, code: null, message },
          Date.now(),
        );
      }
      return this.resultOf(ticketId);
    }
    const result = await this.send(ticketId, requests, recvWindow);
    // Answers need not wait for the disk: lost to a power cut, they would read as unknown, never
    // as placed twice. They are flushed soon all the same, with the next ticket's flush if one comes.
    journal.flushSoon();
    return result;
  }

  private resultOf(ticketId: string): TicketResult {
    const result = this.options.journal.ticketResult(ticketId);
    if (!result) throw new Error(`ticket ${ticketId} vanished from the journal`);
    return result;
  }

  /** `requests`: the bodies exactly as journaled, in order. */
  private async send(ticketId: string, requests: RequestRecord[], recvWindow: number | undefined): Promise<TicketResult> {
    const { journal, log } = this.options;
    let stopped: string | undefined;
    for (const request of requests) {
      if (stopped) {
        journal.recordRequestOutcome(
          ticketId,
          request.requestNo,
          'failed',
          { reason: 'not-sent', httpStatus: null, code: null, message: `not sent: ${stopped}` },
          Date.now(),
        );
        continue;
      }
      const verdict = await this.sendRequest(ticketId, request.requestNo, request.body, recvWindow);
      if (verdict.kind === 'answered') {
        journal.recordAnswer(ticketId, request.requestNo, verdict.httpStatus, verdict.outcomes, Date.now());
        const accepted = verdict.outcomes.filter((outcome) => outcome.status === 'accepted').length;
        log.info(
          { ticket: ticketId, request: request.requestNo, accepted, rejected: verdict.outcomes.length - accepted },
          'request answered',
        );
      } else {
        const outcome = verdict.kind === 'rate-limited' ? 'failed' : verdict.kind;
        const detail =
          verdict.kind === 'rate-limited'
            ? {
                reason: 'rate-limited' as const,
                httpStatus: 429,
                code: errorCodes.rateLimited.code,
                message: `rate limited by the service: ${verdict.message}`,
              }
            : { reason: verdict.reason, httpStatus: verdict.httpStatus, code: verdict.code, message: verdict.message };
        journal.recordRequestOutcome(ticketId, request.requestNo, outcome, detail, Date.now());
        log.warn({ ticket: ticketId, request: request.requestNo, outcome, reason: detail.message }, 'request did not go through');
        stopped = `request ${request.requestNo} of this ticket ${outcome === 'failed' ? 'failed' : 'has an unknown outcome'}`;
      }
    }
    return this.resultOf(ticketId);
  }

  /** Signs and sends one request through the pacer, retrying only what the service refused unseen (429). */
  private async sendRequest(
    ticketId: string,
    requestNo: number,
    body: string,
    recvWindow: number | undefined,
  ): Promise<RequestVerdict> {
    const { client, clock, signer, accountId, pacer, journal } = this.options;
    const count = (JSON.parse(body) as { orders: unknown[] }).orders.length;
    for (let attempt = 0; ; attempt++) {
      const verdict = await pacer.run(async () => {
        if (!clock.isFresh()) await client.get('/v1/public/futures');
        const timestamp = clock.now();
        const headers: Record<string, string> = {
          [authHeaders.accountId]: accountId,
          [authHeaders.key]: signer.key,
          [authHeaders.timestamp]: String(timestamp),
          [authHeaders.signature]: signer.sign({ timestamp, method: 'POST', path: BATCH_PATH, body }),
        };
        if (recvWindow !== undefined) headers[authHeaders.recvWindow] = String(recvWindow);
        journal.markSent(ticketId, requestNo, timestamp, Date.now());
        return judgeAnswer(await client.post(BATCH_PATH, body, headers), count);
      });
      if (verdict.kind !== 'rate-limited' || attempt >= MAX_RATE_LIMIT_RETRIES) return verdict;
      await new Promise((resolve) => setTimeout(resolve, verdict.retryAfterMs));
    }
  }
}
