import {
  bracketRequestSchema,
  bracketResponseSchema,
  describeIssues,
  errorReply,
  heldErrorSchema,
  IDEMPOTENCY_HEADER,
  reservedIdIssue,
  idempotencyKeySchema,
  type BracketRequest,
  type OrderRequest,
} from '@/interface';
import type { FastifyInstance } from 'fastify';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { audited } from '../desk/audit';
import { gate, heldAtMark, releasedUnlessSent } from '../desk/gate';
import { accountOf, placedByOf } from '../http/accountOf';
import { orderHeadersDoc } from '../http/openapi';
import { sendError } from '../http/replies';

const errors = { '4xx': heldErrorSchema, '5xx': heldErrorSchema };

/**
 * POST /api/brackets (session door): the entry is sent now as a ticket of one order whose id is
 * the Idempotency-Key; the answer comes with the entry's answer, the exits in the state it left
 * them: armed when it was accepted, cancelled with the reason when it was not.
 */
/**
 * A bracket's exits are orders the desk's limits judge too: armed when the entry is accepted (the
 * service reports no fills), one may fire before a resting entry fills, a full-size order the other
 * way. Judged as held orders are (at the highest of their prices and the mark); of the two, one
 * fires (OCO): the costlier is counted beside the entry (its row in a refusal is orders[1]).
 */
async function costliestExit(app: FastifyInstance, request: BracketRequest): Promise<OrderRequest[]> {
  const { entry } = request;
  const side = entry.side === 'BUY' ? 'SELL' : 'BUY';
  const exits = [request.take_profit, request.stop_loss].filter((exit) => exit !== undefined);
  if (exits.length === 0 || entry.order_quantity === undefined) return [];
  const orders = await Promise.all(exits.map((exit) => heldAtMark(app, { symbol: entry.symbol, side, order_quantity: entry.order_quantity!, ...exit })));
  return [orders.reduce((most, order) => ((order.order_price ?? 0) > (most.order_price ?? 0) ? order : most))];
}

export const bracketsRoutes: ZodRoutes = async (app) => {
  app.post(
    '/api/brackets',
    {
      config: { access: 'session', action: 'trade', doc: { summary: 'Send an entry now with its exits held', headers: orderHeadersDoc } },
      preValidation: async (request, reply) => {
        const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
        if (!key.success) return sendError(reply, 'invalidParameter', `${IDEMPOTENCY_HEADER} header: ${describeIssues(key.error)}`);
        const reserved = reservedIdIssue(`${IDEMPOTENCY_HEADER} header`, key.data);
        if (reserved) return sendError(reply, 'invalidParameter', `${reserved}; nothing was sent`);
        const account = accountOf(request);
        return account.ok ? undefined : sendError(reply, 'invalidParameter', account.message);
      },
      schema: { body: bracketRequestSchema, response: { 200: bracketResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER] as string;
      const exitCount = Number(request.body.take_profit !== undefined) + Number(request.body.stop_loss !== undefined);
      const orders = [request.body.entry, ...(await costliestExit(app, request.body))];
      const outcome = await app.sameKey.run(key, async () => {
        const gated = await gate(request, reply, { id: key, kind: 'bracket', orders, heldAdding: exitCount, body: request.body });
        if (gated.kind === 'answered') return undefined;
        // Not sent, or sent by a twin request with the same key, which holds the reservation.
        const send = () => app.brackets.send(request.body, key, request.session?.key ?? '', { account: gated.account, placedBy: placedByOf(request) });
        return releasedUnlessSent(app, { judged: gated.judged, id: key, kind: 'bracket' }, send, (sent) => sent.kind === 'done' && !sent.replayed);
      });
      if (outcome === undefined) return reply;
      if (outcome.kind === 'busy') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return sendError(reply, outcome.status === 429 ? 'rateLimited' : 'unknown', outcome.message, outcome.status);
      }
      if (outcome.kind === 'refused') {
        const answer = errorReply(outcome.error, outcome.message, outcome.status);
        return reply.code(answer.status).send(answer.body);
      }
      const exits = outcome.exits.map((exit) => app.held.view(exit));
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      else await audited(request, 'ticket', outcome.ticket.ticket_id, { orders: 1, bracket: true, exits: exits.map((exit) => exit.id) });
      return { success: true as const, data: { ticket: outcome.ticket, exits }, timestamp: Date.now() };
    },
  );
};
