import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, IMPLICIT_PERSON, type LimitIssue } from '../../interface';
import { sendError } from '../http/replies';
import { audited } from './audit';

/**
 * Refusals by the desk's rules (issue 30), answered and kept in the audit as `refused`: a risk
 * manager reads who tried to send what past which limit, or on an account not theirs, beside what
 * was sent; a refusal leaves no other trace (nothing is journaled).
 */

/** What was refused: its idempotency key, held order, approval or user; what it was; its account. */
export interface Refused {
  subject: string;
  kind: 'ticket' | 'held' | 'bracket' | 'held-change' | 'held-cancel' | 'approve' | 'reject' | 'limits';
  account?: string;
}

/**
 * Refusal records one person leaves in a minute, at most: a trader (or a script) hammering a
 * limit would otherwise write millions of rows a day into a trail nobody may delete. Past it a
 * refusal is logged only, and the next record kept says how many were not (`notKept`).
 */
export const REFUSALS_KEPT_PER_MINUTE = 30;

interface Budget {
  minute: number;
  kept: number;
  notKept: number;
}
const budgets = new WeakMap<object, Map<string, Budget>>();

/** Whether this refusal of `actor` is kept in the audit, and how many were not since the last kept. */
function spend(request: FastifyRequest, actor: string): { keep: boolean; notKept: number } {
  let byActor = budgets.get(request.server);
  if (!byActor) budgets.set(request.server, (byActor = new Map()));
  const minute = Math.floor(Date.now() / 60_000);
  const budget = byActor.get(actor);
  if (!budget || budget.minute !== minute) {
    byActor.set(actor, { minute, kept: 1, notKept: 0 });
    return { keep: true, notKept: budget?.notKept ?? 0 };
  }
  if (budget.kept >= REFUSALS_KEPT_PER_MINUTE) {
    budget.notKept += 1;
    return { keep: false, notKept: budget.notKept };
  }
  budget.kept += 1;
  const notKept = budget.notKept;
  budget.notKept = 0;
  return { keep: true, notKept };
}

/** Keeps a refusal by the desk's rules in the audit, within the person's budget (else logged). */
export async function auditRefusal(request: FastifyRequest, refused: Refused, why: Record<string, unknown>): Promise<void> {
  const actor = request.person?.name ?? IMPLICIT_PERSON.name;
  const { keep, notKept } = spend(request, actor);
  if (!keep) {
    request.log.info({ actor, refused, why }, 'refused by the desk (not audited: over the refusals kept a minute)');
    return;
  }
  const detail = { kind: refused.kind, ...(refused.account !== undefined && { account: refused.account }), ...why, ...(notKept > 0 && { notKept }) };
  await audited(request, 'refused', refused.subject, detail, actor);
}

/** Words of a limit refusal for logs and the envelope's message (the terminal words the issues itself). */
export function limitWords(issues: readonly LimitIssue[]): string {
  return issues
    .map((issue) => {
      const row = issue.row === undefined ? '' : `orders[${issue.row}] `;
      const amount = issue.limit === undefined ? '' : ` (${issue.value ?? '?'} over ${issue.limit})`;
      return `${row}${issue.code} of ${issue.scope} ${issue.name}${issue.symbol ? ` ${issue.symbol}` : ''}${amount}`;
    })
    .join('; ');
}

/** 403 with every limit broken, as data; audited first. */
export async function sendLimitRefusal(request: FastifyRequest, reply: FastifyReply, refused: Refused, issues: LimitIssue[]) {
  const changed = refused.kind === 'held-change' ? 'nothing was changed' : 'nothing was sent';
  await auditRefusal(request, refused, { limits: issues });
  return reply.code(403).send({
    success: false,
    code: errorCodes.rejected.code,
    message: `over the desk's limits: ${limitWords(issues)}; ${changed}`,
    limits: issues,
  });
}

/** A refusal said in words (an account not theirs, what cannot wait for approval), 403 unless said; audited first. */
export async function sendDeskRefusal(request: FastifyRequest, reply: FastifyReply, refused: Refused, code: 'unauthorized' | 'rejected', message: string, status = 403) {
  await auditRefusal(request, refused, { reason: message });
  return sendError(reply, code, message, status);
}
