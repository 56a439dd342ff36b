import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorCodes,
  IMPLICIT_PERSON,
  refusalOf,
  type HeldOrderRequest,
  type LimitIssue,
  type OrderRequest,
} from '../../interface';
import { accountOf } from '../http/accountOf';
import { sendError } from '../http/replies';
import type { Judged } from './rules';

/** What a gated request would send, as the desk's rules read it. */
export interface Gated {
  id: string;
  kind: 'ticket' | 'held' | 'bracket';
  orders: readonly OrderRequest[];
  /** Held orders it would add. */
  heldAdding: number;
  /** Exactly what will be sent once approved (kept byte for byte with the approval). */
  body: unknown;
}

export type GateOutcome =
  /** Send it on `account`; `judged` is the reservation against today's use to give back if it is not sent. */
  | { kind: 'send'; account: string; judged?: Judged }
  /** The answer went out (refused, or kept awaiting approval). */
  | { kind: 'answered' };

/** A held order as the order it would send, for its notional: its limit, trigger or TWAP price limit (else the mark). */
export function heldAsOrder(held: HeldOrderRequest): OrderRequest {
  const price = held.order_price ?? held.trigger_price ?? held.price_limit;
  return price === undefined
    ? { symbol: held.symbol, side: held.side, order_type: 'MARKET', order_quantity: held.order_quantity }
    : { symbol: held.symbol, side: held.side, order_type: 'LIMIT', order_price: price, order_quantity: held.order_quantity };
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

export function sendLimitRefusal(reply: FastifyReply, issues: LimitIssue[]) {
  return reply.code(403).send({
    success: false,
    code: errorCodes.rejected.code,
    message: `over the desk's limits: ${limitWords(issues)}; nothing was sent`,
    limits: issues,
  });
}

/**
 * The desk's rules for a ticket, held order or bracket (issue 30), before anything is signed: the
 * account (the header, else the person's first), whether the person may trade it, then, for a desk's
 * user, the limits read fresh; over the person's approval threshold it waits for a risk user (202);
 * else today's use is reserved and it may be sent. Single-token mode: the account only, as before.
 * A replay (its key already journaled or asked) is not judged again: it is answered as it was.
 */
export async function gate(request: FastifyRequest, reply: FastifyReply, gated: Gated): Promise<GateOutcome> {
  const app = request.server;
  const person = request.person ?? IMPLICIT_PERSON;
  const choice = accountOf(request, person);
  if (!choice.ok) {
    await sendError(reply, 'invalidParameter', choice.message);
    return { kind: 'answered' };
  }
  const account = choice.name;
  const refusal = refusalOf(person, 'trade', account);
  if (refusal) {
    await sendError(reply, 'unauthorized', `${refusal}; nothing was sent`, 403);
    return { kind: 'answered' };
  }
  if (person.implicit) return { kind: 'send', account };
  const asked = await app.approvals.get(gated.id);
  if (asked && asked.state !== 'approved') {
    await reply.code(202).send({ success: true, data: { approval: asked }, timestamp: Date.now() });
    return { kind: 'answered' };
  }
  if (asked || (await app.deskRules.sentAlready(gated.id, gated.kind))) return { kind: 'send', account };
  const judged = await app.deskRules.judge({ user: person.name, account, orders: gated.orders, heldAdding: gated.heldAdding });
  if (judged.issues.length > 0) {
    request.log.info({ user: person.name, account, limits: judged.issues }, 'ticket refused: over the desk limits');
    await sendLimitRefusal(reply, judged.issues);
    return { kind: 'answered' };
  }
  if (judged.needsApproval) {
    if (gated.kind === 'bracket') {
      await sendError(reply, 'rejected', `a bracket over your approval threshold cannot wait for approval; send its entry as a ticket (it will wait) and arm the exits after; nothing was sent`, 403);
      return { kind: 'answered' };
    }
    const { approval } = await app.approvals.ask(
      { id: gated.id, kind: gated.kind, account, author: person.name, notional: judged.notional, body: gated.body },
      request.ip,
    );
    await reply.code(202).send({ success: true, data: { approval }, timestamp: Date.now() });
    return { kind: 'answered' };
  }
  const over = await app.deskRules.reserve(judged);
  if (over) {
    await sendLimitRefusal(reply, [over]);
    return { kind: 'answered' };
  }
  return { kind: 'send', account, judged };
}
