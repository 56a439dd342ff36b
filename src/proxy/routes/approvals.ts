import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  approvalDecisionSchema,
  approvalIdParamsSchema,
  approvalResponseSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  errorCodes,
  errorEnvelopeSchema,
  IMPLICIT_PERSON,
  limitRefusalSchema,
  may,
  refusalOf,
  type Approval,
} from '@/interface';
import type { ZodRoutes } from '@/interface/routeSchemas';
import type { Decided } from '../desk/approvals';
import { auditRefusal, limitWords, sendDeskRefusal } from '../desk/refusals';
import type { DecisionRefusal } from '../desk/limitsStore';
import { sendError } from '../http/replies';

const errors = { '4xx': z.union([limitRefusalSchema, errorEnvelopeSchema]), '5xx': errorEnvelopeSchema };
const answer = (approval: Approval) => ({ success: true as const, data: approval, timestamp: Date.now() });
const actorOf = (request: FastifyRequest) => ({ name: request.person?.name ?? IMPLICIT_PERSON.name, address: request.ip });

/** A risk user given named accounts decides only on those accounts' tickets. */
const accountRefusal = (request: FastifyRequest, account: string) => refusalOf(request.person ?? IMPLICIT_PERSON, 'approve', account);

/** A decision that did not happen, in words and the status that says why. */
async function sendRefusal(request: FastifyRequest, reply: FastifyReply, why: DecisionRefusal) {
  const id = (request.params as { id: string }).id;
  if (why === 'not-found') return sendError(reply, 'notFound', `no approval ${id}`);
  if (why === 'own') return sendDeskRefusal(request, reply, { subject: id, kind: 'approve' }, 'unauthorized', `${id} is your own request: another risk user approves it`);
  if (why === 'not-author') return sendError(reply, 'unauthorized', `only the author of ${id} may withdraw it`, 403);
  if (why === 'expired') return sendError(reply, 'rejected', `${id} expired before it was decided; nothing was sent`, 410);
  const decided = await request.server.approvals.get(id);
  const by = decided?.decidedBy ? ` by ${decided.decidedBy}` : '';
  return sendError(reply, 'duplicate', `${id} was already ${why.slice('decided:'.length)}${by}`);
}

const decided = (request: FastifyRequest, reply: FastifyReply, outcome: Decided) =>
  outcome.ok ? answer(outcome.approval) : sendRefusal(request, reply, outcome.why);

/**
 * Four-eyes approval (issue 30). GET /api/approvals: risk users see every one, others their own.
 * POST /api/approvals/:id/approve (risk; never the author): checked again against the limits and
 * marks now, then sent once. reject (risk, with a note), withdraw (the author, while it waits).
 */
export const approvalsRoutes: ZodRoutes = async (app) => {
  const params = approvalIdParamsSchema;
  const decision = { params, body: approvalDecisionSchema, response: { 200: approvalResponseSchema, ...errors } };

  app.get('/api/approvals', { config: { access: 'session', action: 'read' }, schema: { querystring: approvalsQuerySchema, response: { 200: approvalsResponseSchema, ...errors } } }, async (request) => {
    const person = request.person ?? IMPLICIT_PERSON;
    const author = may(person, 'approve') ? undefined : person.name;
    const rows = await app.approvals.list({ state: request.query.state === 'all' ? 'all' : 'awaiting', author });
    return { success: true as const, data: { rows }, timestamp: Date.now() };
  });

  app.post('/api/approvals/:id/approve', { config: { access: 'session', action: 'approve' }, schema: decision }, async (request, reply) => {
    const asked = await app.approvals.get(request.params.id);
    const outside = asked && accountRefusal(request, asked.account);
    if (outside) return sendDeskRefusal(request, reply, { subject: request.params.id, kind: 'approve', account: asked.account }, 'unauthorized', `${outside}; nothing was changed`);
    if (asked?.state === 'awaiting') {
      const author = await app.people.user(asked.author);
      const allowed = author && !author.disabled && author.roles.includes('trader') && (author.accounts === '*' || author.accounts.includes(asked.account));
      if (!allowed) {
        return sendError(reply, 'rejected', `${asked.author} may no longer trade account ${asked.account} (removed, disabled or changed): reject it instead`, 409);
      }
    }
    const outcome = await app.approvals.approve(request.params.id, actorOf(request), request.body.note?.trim() || null);
    if (outcome.ok) return answer(outcome.approval);
    if (outcome.why === 'limits') {
      await auditRefusal(request, { subject: request.params.id, kind: 'approve', account: asked?.account }, { limits: outcome.issues });
      return reply.code(409).send({
        success: false as const,
        code: errorCodes.rejected.code,
        message: `approving it now would break the desk's limits: ${limitWords(outcome.issues)}; it still waits`,
        limits: outcome.issues,
      });
    }
    // Approved, then refused for good: the answer is the approval, ended `failed` with the reason.
    if (outcome.why === 'failed') return answer(outcome.approval);
    return sendRefusal(request, reply, outcome.why);
  });

  app.post('/api/approvals/:id/reject', { config: { access: 'session', action: 'approve' }, schema: decision }, async (request, reply) => {
    const note = request.body.note?.trim();
    if (!note) return sendError(reply, 'invalidParameter', 'note: a rejection says why (the author reads it); nothing was changed');
    const asked = await app.approvals.get(request.params.id);
    const outside = asked && accountRefusal(request, asked.account);
    if (outside) return sendDeskRefusal(request, reply, { subject: request.params.id, kind: 'reject', account: asked.account }, 'unauthorized', `${outside}; nothing was changed`);
    return decided(request, reply, await app.approvals.reject(request.params.id, actorOf(request), note));
  });

  app.post('/api/approvals/:id/withdraw', { config: { access: 'session', action: 'read' }, schema: decision }, async (request, reply) =>
    decided(request, reply, await app.approvals.withdraw(request.params.id, actorOf(request))),
  );
};
