import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authHeaders,
  batchOrderRequestSchema,
  describeIssues,
  errorCodes,
  hasUnsafeText,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  MAX_RECV_WINDOW_MS,
  reservedIdIssue,
  ticketErrorResponseSchema,
  ticketResponseSchema,
  type OrderRequest,
  type TicketResult,
} from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { audited } from '../desk/audit';
import { gate, releasedUnlessSent } from '../desk/gate';
import { accountOf, placedByOf } from '../http/accountOf';
import { ticketHeadersDoc } from '../http/openapi';
import { sendError } from '../http/replies';

export interface BatchOrdersOptions extends Record<string, unknown> {
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
  // Whole milliseconds written as digits: "1e3", "0x10" or " 5" are not what a client meant to send.
  if (typeof text !== 'string' || !/^[0-9]{1,9}$/.test(text)) return 'invalid';
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_RECV_WINDOW_MS ? value : 'invalid';
}

/** A ticket's result; when nothing of it was answered, the status says why it failed as a whole. */
async function sendTicket(journal: FastifyInstance['journal'], reply: FastifyReply, result: TicketResult) {
  const answered = result.rows.some((row) => row.status === 'accepted' || row.status === 'rejected');
  const problem = answered || result.status === 'sending' ? undefined : await journal.firstProblem(result.ticket_id);
  if (!problem) return reply.send({ success: true, data: result, timestamp: Date.now() });
  const status =
    problem.reason === 'refused' || problem.reason === 'rate-limited'
      ? (problem.httpStatus ?? statusForCode(problem.code))
      : problem.reason === 'timeout' || problem.reason === 'restart'
        ? 504
        : problem.reason === 'stopped'
          ? 503
          : 502;
  return reply.code(status).send({ success: false, code: problem.code ?? errorCodes.unknown.code, message: problem.message, data: result });
}

/** The ticket's headers, checked before its body (as the terminal's errors expect). */
async function checkHeaders(request: FastifyRequest, reply: FastifyReply) {
  const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!key.success) {
    return sendError(reply, 'invalidParameter', `${IDEMPOTENCY_HEADER} header: ${describeIssues(key.error)}`);
  }
  if (parseRecvWindow(request.headers[authHeaders.recvWindow]) === 'invalid') {
    return sendError(reply, 'invalidParameter', `x-recv-window: expected whole ms from 1 to ${MAX_RECV_WINDOW_MS}`);
  }
  const account = accountOf(request);
  if (!account.ok) return sendError(reply, 'invalidParameter', account.message);
  return undefined;
}

const config = {
  access: 'session' as const,
  action: 'trade' as const,
  doc: { summary: 'Place a ticket: its orders checked whole, journaled, signed and sent in order', headers: ticketHeadersDoc },
};

const schema = {
  body: batchOrderRequestSchema,
  response: { 200: ticketResponseSchema, '4xx': ticketErrorResponseSchema, '5xx': ticketErrorResponseSchema },
};

/** POST /v1/batch-order: a ticket, checked whole, journaled, signed and sent in order. */
export const batchOrdersRoutes: ZodRoutes<BatchOrdersOptions> = async (app, options) => {
  app.post('/v1/batch-order', { config, preValidation: checkHeaders, schema }, async (request, reply) => {
    const orders = request.body.orders;
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
    const id = request.headers[IDEMPOTENCY_HEADER] as string;
    const reserved =
      reservedIdIssue(`${IDEMPOTENCY_HEADER} header`, id) ??
      orders.map((order, index) => reservedIdIssue(`orders[${index}].client_order_id`, order.client_order_id)).find(Boolean);
    if (reserved) return sendError(reply, 'invalidParameter', `${reserved}; nothing was sent`);
    const recvWindow = parseRecvWindow(request.headers[authHeaders.recvWindow]) as number | undefined;
    // Audited as soon as it is journaled, while it is sent (on a desk's database a round trip of its own).
    let auditing: Promise<void> | undefined;
    const onJournaled = () => void (auditing = audited(request, 'ticket', id, { orders: orders.length }));
    // Twins of one key pass the rules and are journaled one after the other (http/oneAtATime.ts).
    const outcome = await app.sameKey.run(id, async () => {
      const gated = await gate(request, reply, { id, kind: 'ticket', orders, heldAdding: 0, body: request.body });
      if (gated.kind === 'answered') return undefined;
      const submit = () => app.sender.submit({ id, orders, recvWindow, owner: request.session?.key ?? '', account: gated.account, placedBy: placedByOf(request), onJournaled });
      // Refused before it was journaled, or the same key journaled meanwhile by a twin request
      // (which holds the reservation): today's use this one reserved is given back.
      return releasedUnlessSent(app, { judged: gated.judged, id, kind: 'ticket' }, submit, (sent) => sent.kind === 'done' && !sent.replayed);
    });
    if (outcome === undefined) return reply;
    if (outcome.kind === 'conflict') return sendError(reply, 'duplicate', outcome.message);
    if (outcome.kind === 'refused') return sendError(reply, 'unknown', outcome.message, outcome.status);
    if (outcome.kind === 'busy') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return sendError(reply, outcome.status === 429 ? 'rateLimited' : 'unknown', outcome.message, outcome.status);
    }
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    else await (auditing ?? audited(request, 'ticket', outcome.result.ticket_id, { orders: orders.length }));
    return sendTicket(app.journal, reply, outcome.result);
  });
};
