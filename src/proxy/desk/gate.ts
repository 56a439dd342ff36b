import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMPLICIT_PERSON, refusalOf, type Approval, type HeldOrderRequest, type OrderRequest } from '../../interface';
import { accountOf } from '../http/accountOf';
import { sendError } from '../http/replies';
import { MAX_AWAITING_PER_AUTHOR } from './approvals';
import { sendDeskRefusal, sendLimitRefusal, type Refused } from './refusals';
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

/**
 * A held order as the order it would send, for its notional: at the highest of its limit, trigger
 * or TWAP price limit and the mark now. A stop or a TWAP sends at market, so a trigger or price
 * limit set far from the mark (a buy stop at 1, already crossed, fires at once at the mark) must
 * not count as a small order; a marketable limit fills at the mark. Without any: a MARKET order,
 * priced at the mark by the rules (and refused when a limit needs a mark there is none of).
 */
export function heldAsOrder(held: Pick<HeldOrderRequest, 'symbol' | 'side' | 'order_quantity' | 'order_price' | 'trigger_price' | 'price_limit'>, mark?: number): OrderRequest {
  const prices = [held.order_price, held.trigger_price, held.price_limit, mark].filter((price): price is number => price !== undefined && price !== null && price > 0);
  const base = { symbol: held.symbol, side: held.side, order_quantity: held.order_quantity };
  return prices.length === 0 ? { ...base, order_type: 'MARKET' } : { ...base, order_type: 'LIMIT', order_price: Math.max(...prices) };
}

/** heldAsOrder at the proxy's fresh mark of its symbol. */
export async function heldAtMark(app: FastifyInstance, held: Parameters<typeof heldAsOrder>[0]): Promise<OrderRequest> {
  return heldAsOrder(held, (await app.held.freshMark(held.symbol))?.mark);
}

/**
 * A key that was asked for approval: only its author, with the same kind, account and body, is
 * answered with it (202 while it waits or until its ticket is journaled; once journaled, the
 * ticket's own replay). Anything else under that key is refused, 409: an approved key must never
 * carry another body past the limits, nor show someone else's approval.
 */
async function answerAsked(reply: FastifyReply, asked: Approval, gated: Gated, author: string, account: string): Promise<GateOutcome> {
  const same = asked.kind === gated.kind && asked.author === author && asked.account === account && JSON.stringify(asked.body) === JSON.stringify(gated.body);
  if (!same) {
    await sendError(reply, 'duplicate', `idempotency key ${gated.id} was already used for another ticket; nothing was sent`);
    return { kind: 'answered' };
  }
  if (asked.state === 'approved' && asked.ticketId !== null) return { kind: 'send', account };
  await reply.code(202).send({ success: true, data: { approval: asked }, timestamp: Date.now() });
  return { kind: 'answered' };
}

/**
 * The desk's rules for a ticket, held order or bracket (issue 30), before anything is signed: the
 * account (the header, else the person's first), whether the person may trade it, then, for a desk's
 * user, the limits read fresh; over the person's approval threshold, or past what they may send in
 * a day without approval, it waits for a risk user (202); else today's use is reserved (the
 * approval-free day's too) and it may be sent. Single-token mode: the account only, as before.
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
  const refused: Refused = { subject: gated.id, kind: gated.kind, account };
  if (refusal) {
    await sendDeskRefusal(request, reply, refused, 'unauthorized', `${refusal}; nothing was sent`);
    return { kind: 'answered' };
  }
  if (person.implicit) return { kind: 'send', account };
  const asked = await app.approvals.get(gated.id);
  if (asked) return answerAsked(reply, asked, gated, person.name, account);
  if (await app.deskRules.sentAlready(gated.id, gated.kind)) return { kind: 'send', account };
  const judged = await app.deskRules.judge({ user: person.name, account, orders: gated.orders, heldAdding: gated.heldAdding });
  // Before a refusal or an approval asked: its twin on another proxy of the desk (a double click
  // that reached both) may have taken the room and been journaled meanwhile; then it is a replay.
  const twinSent = () => app.deskRules.sentAlready(gated.id, gated.kind);
  if ((judged.issues.length > 0 || judged.needsApproval) && (await twinSent())) return { kind: 'send', account };
  if (judged.issues.length > 0) {
    request.log.info({ user: person.name, account, limits: judged.issues }, 'ticket refused: over the desk limits');
    await sendLimitRefusal(request, reply, refused, judged.issues);
    return { kind: 'answered' };
  }
  if (judged.needsApproval) return askApproval(request, reply, gated, account, judged);
  const sent = app.deskRules.withoutApproval(judged);
  const over = await app.deskRules.reserve(sent);
  // The room went to this key's own twin, journaled meanwhile by another proxy of the desk: a replay.
  if (over && (await twinSent())) return { kind: 'send', account };
  // Another ticket sent at once took the rest of the approval-free day: this one waits instead.
  if (over === 'approval') return askApproval(request, reply, gated, account, { ...judged, approvalFor: 'day' });
  if (over) {
    await sendLimitRefusal(request, reply, refused, [over]);
    return { kind: 'answered' };
  }
  return { kind: 'send', account, judged: sent };
}

/** Why a ticket waits, in words for a refusal: over the threshold, or past the approval-free day. */
const approvalWords = (judged: Pick<Judged, 'approvalFor'>) =>
  judged.approvalFor === 'day' ? 'past what you may send today without approval' : 'over your approval threshold';

/** Keeps a gated request awaiting a risk user's approval (202); a bracket cannot wait (403). */
async function askApproval(request: FastifyRequest, reply: FastifyReply, gated: Gated, account: string, judged: Judged): Promise<GateOutcome> {
  const person = request.person ?? IMPLICIT_PERSON;
  if (gated.kind === 'bracket') {
    const words = `a bracket ${approvalWords(judged)} cannot wait for approval; send its entry as a ticket (it will wait) and arm the exits after; nothing was sent`;
    await sendDeskRefusal(request, reply, { subject: gated.id, kind: 'bracket', account }, 'rejected', words);
    return { kind: 'answered' };
  }
  const { approvals, sameKey } = request.server;
  const kind = gated.kind;
  // One author's asks one at a time here, so tickets sent at once cannot together pass the cap.
  const approval = await sameKey.run(`approvals-of:${person.name}`, async () => {
    if (await approvals.authorIsFull(person.name)) return undefined;
    const asked = { id: gated.id, kind, account, author: person.name, notional: judged.notional, reason: judged.approvalFor ?? 'ticket', body: gated.body };
    return (await approvals.ask(asked, request.ip)).approval;
  });
  if (!approval) {
    const words = `you have ${MAX_AWAITING_PER_AUTHOR} tickets awaiting approval: withdraw some or wait for a risk user; nothing was sent`;
    await sendDeskRefusal(request, reply, { subject: gated.id, kind: gated.kind, account }, 'rejected', words);
    return { kind: 'answered' };
  }
  await reply.code(202).send({ success: true, data: { approval }, timestamp: Date.now() });
  return { kind: 'answered' };
}

/**
 * Runs what sends a gated request and gives today's use reserved for it back when it was not sent
 * after all (`sent` says no: refused, or a twin's replay, which holds its own), or when sending
 * threw before it was journaled. Thrown after (the answer could not be recorded: its orders may
 * have been placed), it is kept: a retry of the key is a replay, which reserves nothing again.
 */
export async function releasedUnlessSent<T>(
  app: FastifyInstance,
  gated: { judged?: Judged; id: string; kind: Gated['kind'] },
  send: () => Promise<T>,
  sent: (outcome: T) => boolean,
): Promise<T> {
  const { judged } = gated;
  let outcome: T;
  try {
    outcome = await send();
  } catch (error) {
    const journaled = await app.deskRules.sentAlready(gated.id, gated.kind).catch(() => true);
    if (judged && !journaled) await app.deskRules.release(judged);
    throw error;
  }
  if (judged && !sent(outcome)) await app.deskRules.release(judged);
  return outcome;
}
