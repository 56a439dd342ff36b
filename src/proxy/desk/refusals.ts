import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, type LimitIssue } from '../../interface';
import { sendError } from '../http/replies';
import { audited } from './audit';

/**
 * Refusals by the desk's rules (issue 30), answered and kept in the audit as `refused`: a risk
 * manager reads who tried to send what past which limit, or on an account not theirs, beside what
 * was sent; a refusal leaves no other trace (nothing is journaled).
 */

/** What was refused: its idempotency key or held order id, what it was, and its account. */
export interface Refused {
  subject: string;
  kind: 'ticket' | 'held' | 'bracket' | 'held-change' | 'held-cancel';
  account: string;
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
  await audited(request, 'refused', refused.subject, { kind: refused.kind, account: refused.account, limits: issues });
  return reply.code(403).send({
    success: false,
    code: errorCodes.rejected.code,
    message: `over the desk's limits: ${limitWords(issues)}; ${changed}`,
    limits: issues,
  });
}

/** 403 for a refusal said in words (an account not theirs, what cannot wait for approval); audited first. */
export async function sendDeskRefusal(request: FastifyRequest, reply: FastifyReply, refused: Refused, code: 'unauthorized' | 'rejected', message: string) {
  await audited(request, 'refused', refused.subject, { kind: refused.kind, account: refused.account, reason: message });
  return sendError(reply, code, message, 403);
}
