import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  authHeaders,
  batchOrderRequestSchema,
  describeIssues,
  errorCodes,
  hasUnsafeText,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  MAX_RECV_WINDOW_MS,
  type OrderRequest,
  type TicketResult,
} from '../../interface';
import { JournalFullError, type Journal } from '../journal';
import { sendError } from '../http';

export interface BatchOrdersOptions {
  maxTicketOrders: number;
}

function statusForCode(code: number | null): number {
  const known = Object.values(errorCodes).find((entry) => entry.code === code);
  return known?.status ?? 502;
}

/** The first free-text field holding control or bidi characters, as `orders[3].order_tag`. */
function unsafeTextField(orders: readonly OrderRequest[]): string | undefined {
  const index = orders.findIndex((order) => order.order_tag !== undefined && hasUnsafeText(order.order_tag));
  return index === -1 ? undefined : `orders[${index}].order_tag`;
}

function parseRecvWindow(text: string | string[] | undefined): number | undefined | 'invalid' {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_RECV_WINDOW_MS ? value : 'invalid';
}

/** A ticket's result; when nothing of it was answered, the status says why it failed as a whole. */
function sendTicket(journal: Journal, reply: FastifyReply, result: TicketResult) {
  const answered = result.rows.some((row) => row.status === 'accepted' || row.status === 'rejected');
  const problem = answered || result.status === 'sending' ? undefined : journal.firstProblem(result.ticket_id);
  if (!problem) return reply.send({ success: true, data: result, timestamp: Date.now() });
  const status =
    problem.reason === 'refused' || problem.reason === 'rate-limited'
      ? (problem.httpStatus ?? statusForCode(problem.code))
      : problem.reason === 'timeout' || problem.reason === 'restart'
        ? 504
        : problem.reason === 'not-sent' && problem.message === 'not sent: the proxy stopped'
          ? 503
          : 502;
  return reply.code(status).send({ success: false, code: problem.code ?? errorCodes.unknown.code, message: problem.message, data: result });
}

/** POST /v1/batch-order: a ticket, checked whole, journaled, signed and sent in order. */
export const batchOrdersRoutes: FastifyPluginAsync<BatchOrdersOptions> = async (app, options) => {
  app.post('/v1/batch-order', { config: { access: 'session' } }, async (request, reply) => {
    const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    if (!key.success) {
      return sendError(reply, 'invalidParameter', `${IDEMPOTENCY_HEADER} header: ${describeIssues(key.error)}`);
    }
    const recvWindow = parseRecvWindow(request.headers[authHeaders.recvWindow]);
    if (recvWindow === 'invalid') {
      return sendError(reply, 'invalidParameter', `x-recv-window: expected whole ms from 1 to ${MAX_RECV_WINDOW_MS}`);
    }
    const body = batchOrderRequestSchema.safeParse(request.body);
    if (!body.success) {
      const unknownKeys = body.error.issues.some((issue) => issue.code === 'unrecognized_keys');
      return sendError(reply, unknownKeys ? 'unknownParameter' : 'invalidParameter', describeIssues(body.error));
    }
    const { orders } = body.data;
    if (orders.length > options.maxTicketOrders) {
      return sendError(
        reply,
        'invalidParameter',
        `orders: at most ${options.maxTicketOrders} orders in a ticket (MAX_TICKET_ORDERS), got ${orders.length}; nothing was sent`,
      );
    }
    const unsafe = unsafeTextField(orders);
    if (unsafe) {
      return sendError(reply, 'invalidParameter', `${unsafe}: control and bidirectional characters are not allowed`);
    }
    let outcome;
    try {
      outcome = await app.sender.submit({ id: key.data, orders, recvWindow, owner: request.session?.key ?? '' });
    } catch (error) {
      if (error instanceof JournalFullError) return sendError(reply, 'unknown', error.message, 507);
      throw error;
    }
    if (outcome.kind === 'conflict') return sendError(reply, 'duplicate', outcome.message);
    if (outcome.kind === 'busy') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return sendError(reply, outcome.status === 429 ? 'rateLimited' : 'unknown', outcome.message, outcome.status);
    }
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return sendTicket(app.journal, reply, outcome.result);
  });
};
