import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMPLICIT_PERSON, may, refusalOf, type HeldOrder, type HeldOrderPatch, type OrderRequest, type Person } from '../../interface';
import { sendError } from '../http/replies';
import { sendLimitRefusal } from './gate';

const personOf = (request: FastifyRequest): Person => request.person ?? IMPLICIT_PERSON;

/**
 * The held order `id` when the signed-in person may trade its account (issue 30: a trader changes
 * or cancels only what is on the accounts given to them); else the answer went out (404 or 403).
 */
export async function heldToChange(request: FastifyRequest, reply: FastifyReply, id: string): Promise<HeldOrder | undefined> {
  const order = await request.server.held.get(id);
  if (!order) {
    await sendError(reply, 'notFound', `no held order ${id}`);
    return undefined;
  }
  const refusal = refusalOf(personOf(request), 'trade', order.account ?? request.server.accountBook.main);
  if (refusal) {
    await sendError(reply, 'unauthorized', `${refusal}; nothing was changed`, 403);
    return undefined;
  }
  return order;
}

/** What a held order would send after `patch`, for its notional: its limit, trigger or TWAP price limit. */
function changedOrder(order: HeldOrder, patch: HeldOrderPatch): OrderRequest {
  const quantity = patch.order_quantity ?? order.order_quantity;
  const price = patch.order_price ?? order.order_price ?? patch.trigger_price ?? order.trigger_price ?? patch.price_limit ?? order.twap?.price_limit ?? undefined;
  return price === undefined || price === null
    ? { symbol: order.symbol, side: order.side, order_type: 'MARKET', order_quantity: quantity }
    : { symbol: order.symbol, side: order.side, order_type: 'LIMIT', order_price: price, order_quantity: quantity };
}

/**
 * A change of what an armed order will send (its prices or quantity) passes the person's and the
 * account's limits as a new order would: the kill switch, per order and per ticket, and the
 * approval threshold (over it the change is refused: cancel and arm it again, and it waits for a
 * risk user). Today's use is not counted again: it was counted when the order was armed. Pausing
 * and resuming change nothing sent. True: go on; false: the answer went out.
 */
export async function heldChangeAllowed(request: FastifyRequest, reply: FastifyReply, order: HeldOrder, patch: HeldOrderPatch): Promise<boolean> {
  const person = personOf(request);
  const { state: _state, ...sends } = patch;
  if (person.implicit || Object.keys(sends).length === 0 || !may(person, 'trade')) return true;
  const account = order.account ?? request.server.accountBook.main;
  const judged = await request.server.deskRules.judge({ user: person.name, account, orders: [changedOrder(order, patch)], heldAdding: 0 });
  const issues = judged.issues.filter((issue) => issue.code !== 'maxDayNotional');
  if (issues.length > 0) {
    await sendLimitRefusal(reply, issues);
    return false;
  }
  if (judged.needsApproval) {
    await sendError(reply, 'rejected', `this change takes the order over your approval threshold: cancel it and arm it again, and it waits for a risk user; nothing was changed`, 403);
    return false;
  }
  return true;
}

/** The accounts whose held orders the person may cancel all at once: all for '*', else theirs. */
export function accountsToCancel(request: FastifyRequest): readonly string[] | undefined {
  const person = personOf(request);
  return person.accounts === '*' ? undefined : person.accounts;
}
