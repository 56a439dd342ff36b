import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  describeIssues,
  errorEnvelopeSchema,
  heldCancelQuerySchema,
  heldErrorSchema,
  heldIdParamsSchema,
  heldOrderPatchSchema,
  heldOrderRequestSchema,
  heldOrderResponseSchema,
  heldOrdersPageSchema,
  heldOrdersQuerySchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  errorReply,
  type HeldOrder,
} from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import { audited } from '../desk/audit';
import { gate, heldAtMark, releasedUnlessSent } from '../desk/gate';
import { heldChangeAllowed, heldToChange } from '../desk/heldGate';
import { accountOf, mayRead, placedByOf, readableAccounts, unreadableAccount } from '../http/accountOf';
import { orderHeadersDoc } from '../http/openapi';
import { sendError } from '../http/replies';
import type { HeldRefusal, SettleOutcome } from '../held/holder';

const errors = { '4xx': heldErrorSchema, '5xx': heldErrorSchema };

/** A refusal's envelope; a settled order (409) comes with its final state. */
function sendRefusal(reply: FastifyReply, outcome: HeldRefusal) {
  const answer = errorReply(outcome.error, outcome.message, outcome.status);
  return reply.code(answer.status).send(outcome.order ? { ...answer.body, data: outcome.order } : answer.body);
}

const sendSettled = (reply: FastifyReply, outcome: SettleOutcome) =>
  outcome.kind === 'done' ? { success: true as const, data: outcome.order, timestamp: Date.now() } : sendRefusal(reply, outcome);

/** An arm's headers, checked before its body: the idempotency key, and the account when one is named. */
async function checkHeaders(request: FastifyRequest, reply: FastifyReply) {
  const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
  if (!key.success) return sendError(reply, 'invalidParameter', `${IDEMPOTENCY_HEADER} header: ${describeIssues(key.error)}`);
  const account = accountOf(request);
  return account.ok ? undefined : sendError(reply, 'invalidParameter', account.message);
}

const page = (rows: HeldOrder[]) => ({ success: true as const, data: { rows }, timestamp: Date.now() });

/** GET /api/held-orders and /api/held-orders/:id: the person's accounts' held orders only. */
function heldReads(app: Parameters<ZodRoutes>[0]) {
  const access = { access: 'session' as const };
  app.get(
    '/api/held-orders',
    { config: access, schema: { querystring: heldOrdersQuerySchema, response: { 200: heldOrdersPageSchema, ...errors } } },
    async (request, reply) => {
      const refused = unreadableAccount(request, request.query.account);
      if (refused) return sendError(reply, 'unauthorized', refused, 403);
      return page((await app.journal.held.list({ ...request.query, accounts: readableAccounts(request) })).map((order) => app.held.view(order)));
    },
  );

  app.get(
    '/api/held-orders/:id',
    { config: access, schema: { params: heldIdParamsSchema, response: { 200: heldOrderResponseSchema, ...errors } } },
    async (request, reply) => {
      const order = await app.held.get(request.params.id);
      if (!order || !mayRead(request, order.account)) return sendError(reply, 'notFound', `no held order ${request.params.id}`);
      return { success: true as const, data: order, timestamp: Date.now() };
    },
  );
}

/** /api/held-orders: arm, list, read, modify and cancel orders the proxy holds (session door). */
export const heldOrdersRoutes: ZodRoutes = async (app) => {
  const trade = { access: 'session' as const, action: 'trade' as const };
  app.post(
    '/api/held-orders',
    {
      config: { ...trade, doc: { summary: 'Arm a held order (stop, take-profit, trailing stop, TWAP…): the proxy sends it when it triggers', headers: orderHeadersDoc } },
      preValidation: checkHeaders,
      schema: { body: heldOrderRequestSchema, response: { 200: heldOrderResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER] as string;
      const orders = [await heldAtMark(app, request.body)];
      const outcome = await app.sameKey.run(key, async () => {
        const gated = await gate(request, reply, { id: key, kind: 'held', orders, heldAdding: 1, body: request.body });
        if (gated.kind === 'answered') return undefined;
        // Refused, or armed by a twin request with the same key, which holds the reservation.
        const arm = () => app.held.arm(request.body, key, gated.account, placedByOf(request));
        return releasedUnlessSent(app, { judged: gated.judged, id: key, kind: 'held' }, arm, (armed) => armed.kind !== 'refused' && !armed.replayed);
      });
      if (outcome === undefined) return reply;
      if (outcome.kind === 'refused') return sendRefusal(reply, outcome);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      else await audited(request, 'held-armed', outcome.order.id, { type: outcome.order.type, symbol: outcome.order.symbol });
      return { success: true as const, data: app.held.view(outcome.order), timestamp: Date.now() };
    },
  );

  heldReads(app);

  const patchSchema = { params: heldIdParamsSchema, body: heldOrderPatchSchema, response: { 200: heldOrderResponseSchema, ...errors } };
  app.patch(
    '/api/held-orders/:id',
    { config: trade, schema: patchSchema },
    async (request, reply) => {
      // Changes of one order one at a time: each judged on the order the one before left (two sent
      // at once, a quantity and a price, each passed alone and together took it past the limits).
      const outcome = await app.sameKey.run(`held-change:${request.params.id}`, async () => {
        const order = await heldToChange(request, reply, request.params.id);
        const change = order && (await heldChangeAllowed(request, reply, order, request.body));
        if (!change) return undefined;
        const modified = await app.held.modify(request.params.id, request.body);
        if (modified.kind !== 'done') await change.release?.();
        return modified;
      });
      if (outcome === undefined) return reply;
      if (outcome.kind === 'done') await audited(request, 'held-modified', request.params.id, { change: request.body });
      return sendSettled(reply, outcome);
    },
  );

  const cancel = { access: 'session' as const, action: 'cancelHeld' as const };
  app.delete(
    '/api/held-orders/:id',
    { config: cancel, schema: { params: heldIdParamsSchema, response: { 200: heldOrderResponseSchema, ...errors } } },
    async (request, reply) => {
      if (!(await heldToChange(request, reply, request.params.id, 'cancelHeld'))) return reply;
      const outcome = await app.held.cancel(request.params.id);
      if (outcome.kind === 'done') await audited(request, 'held-cancelled', request.params.id);
      return sendSettled(reply, outcome);
    },
  );

  app.delete(
    '/api/held-orders',
    {
      config: cancel,
      schema: { querystring: heldCancelQuerySchema, response: { 200: heldOrdersPageSchema, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } },
    },
    async (request) => {
      // Cancel-all reaches the person's own books only, as their reads do.
      const cancelled = await app.held.cancelSymbol(request.query.symbol, readableAccounts(request));
      for (const order of cancelled) await audited(request, 'held-cancelled', order.id, { symbol: order.symbol });
      return page(cancelled);
    },
  );
};
