import type { FastifyReply, FastifyRequest } from 'fastify';
import Big from 'big.js';
import { IMPLICIT_PERSON, namedPlacer, orderNotional, refusalOf, utcDay, type HeldOrder, type HeldOrderPatch, type Person } from '../../interface';
import { sendError } from '../http/replies';
import { heldAsOrder } from './gate';
import { sendDeskRefusal, sendLimitRefusal, type Refused } from './refusals';
import type { Judged } from './rules';

const personOf = (request: FastifyRequest): Person => request.person ?? IMPLICIT_PERSON;

/**
 * The held order `id` when the signed-in person may do `action` on its account (issue 30: a trader
 * changes or cancels only what is on the accounts given to them; a risk user cancels); else the
 * answer went out (404 or 403).
 */
export async function heldToChange(request: FastifyRequest, reply: FastifyReply, id: string, action: 'trade' | 'cancelHeld' = 'trade'): Promise<HeldOrder | undefined> {
  const order = await request.server.held.get(id);
  if (!order) {
    await sendError(reply, 'notFound', `no held order ${id}`);
    return undefined;
  }
  const account = order.account ?? request.server.accountBook.main;
  const refusal = refusalOf(personOf(request), action, account);
  if (refusal) {
    const refused: Refused = { subject: id, kind: action === 'trade' ? 'held-change' : 'held-cancel', account };
    await sendDeskRefusal(request, reply, refused, 'unauthorized', `${refusal}; nothing was changed`);
    return undefined;
  }
  return order;
}

/** The fields a held order's notional is counted by, after `patch` (none: as it is). */
function fieldsOf(order: HeldOrder, patch: HeldOrderPatch = {}) {
  return {
    symbol: order.symbol,
    side: order.side,
    order_quantity: patch.order_quantity ?? order.order_quantity,
    order_price: patch.order_price ?? order.order_price ?? undefined,
    trigger_price: patch.trigger_price ?? order.trigger_price ?? undefined,
    price_limit: patch.price_limit ?? order.twap?.price_limit ?? undefined,
  };
}

/** What a change allowed needs undone when it is not made after all: today's use it reserved. */
export type HeldChange = false | { release?: () => Promise<void> };

/**
 * A change of what an armed order will send (its prices or quantity) passes the person's and the
 * account's limits as a new order would: the kill switch, per order and per ticket (at the mark
 * now, as an arm is), the approval threshold and the approval-free day (past either the change is
 * refused: cancel and arm it again, and it waits for a risk user). What it adds to the order's
 * notional is reserved against today's use and the approval-free day (the rest was counted when
 * it was armed). Pausing and resuming change nothing sent.
 * False: the answer went out.
 */
export async function heldChangeAllowed(request: FastifyRequest, reply: FastifyReply, order: HeldOrder, patch: HeldOrderPatch): Promise<HeldChange> {
  const person = personOf(request);
  const { state: _state, ...sends } = patch;
  const app = request.server;
  const account = order.account ?? app.accountBook.main;
  const refused: Refused = { subject: order.id, kind: 'held-change', account };
  // Its placer's limits, approval and kill switch govern it: another trader of the account may
  // cancel it, not resize, move or pause it under their own name. One placed before the desk named
  // people (by the terminal's token, or before placers were kept) is anyone's of the account.
  const placer = namedPlacer(order);
  if (!person.implicit && placer !== undefined && placer !== person.name) {
    const words = `${placer} placed held order ${order.id}: only they change or pause it (you may cancel it); nothing was changed`;
    await sendDeskRefusal(request, reply, refused, 'unauthorized', words);
    return false;
  }
  // The route's action is 'trade': the door let through only a person who may trade.
  if (person.implicit || Object.keys(sends).length === 0) return {};
  const mark = (await app.held.freshMark(order.symbol))?.mark;
  const after = heldAsOrder(fieldsOf(order, patch), mark);
  const judged = await app.deskRules.judge({ user: person.name, account, orders: [after], heldAdding: 0 });
  const issues = judged.issues.filter((issue) => issue.code !== 'maxDayNotional');
  if (issues.length > 0) {
    await sendLimitRefusal(request, reply, refused, issues);
    return false;
  }
  // Past the approval-free day is judged below, on what the change adds, not on the whole order.
  if (judged.approvalFor === 'ticket') return refusedForApproval(request, reply, refused, 'over your approval threshold');
  const earlier = utcDay(order.created_at) !== judged.day;
  const counted = earlier ? await app.limits.usage(judged.day, 'held', order.id) : '0';
  const added = countedToday(order, patch, judged, mark, counted);
  if (added.lte(0)) return {};
  // What an order of an earlier day has counted today is kept under its id: counted once a day.
  const scopes = earlier ? [...judged.scopes, { scope: 'held' as const, name: order.id }] : judged.scopes;
  const more = app.deskRules.withoutApproval({ ...judged, scopes, notional: added.toFixed() });
  const over = await app.deskRules.reserve(more);
  if (over === 'approval') return refusedForApproval(request, reply, refused, 'past what you may send today without approval');
  if (over) {
    await sendLimitRefusal(request, reply, refused, [over]);
    return false;
  }
  return { release: () => app.deskRules.release(more) };
}

async function refusedForApproval(request: FastifyRequest, reply: FastifyReply, refused: Refused, why: string): Promise<false> {
  const words = `this change takes the order ${why}: cancel it and arm it again, and it waits for a risk user; nothing was changed`;
  await sendDeskRefusal(request, reply, refused, 'rejected', words);
  return false;
}

/**
 * What a change counts against today's use: what it adds to the order's notional. An order armed
 * on an earlier day was counted on that day; the first change that brings it into today's trading
 * counts its whole notional today, once (`countedAlready`: what its changes have counted today),
 * so stops armed far away on several days, then moved next to the mark on one, cannot pass that
 * day's limits, and moving one again the same day counts only what it adds. A smaller quantity
 * counts nothing.
 */
export function countedToday(order: HeldOrder, patch: HeldOrderPatch, judged: Judged, mark: number | undefined, countedAlready = '0'): Big {
  const { state: _state, order_quantity: quantity, ...prices } = patch;
  if (Object.keys(prices).length === 0 && quantity !== undefined && quantity <= order.order_quantity) return new Big(0);
  if (utcDay(order.created_at) !== judged.day) return new Big(judged.notional).minus(countedAlready);
  const before = orderNotional(heldAsOrder(fieldsOf(order), mark), {}) ?? new Big(0);
  return new Big(judged.notional).minus(before);
}
