import { MAX_ORDERS_PER_REQUEST, type HeldOrder } from '@/interface';
import { firedTicketId, firingTermsOf, type FiredGroup, type FiringOrder, type HeldRow, type JournalStore } from '../journal';
import type { Logger } from '../log';
import type { AccountSenders } from '../sending/accounts';
import { betterMark, crossingOf, trailingLevel } from './book';
import { firedOrder, firedTicket } from './outcomes';
import { rearmUnsent } from './rearm';

/** An armed order a fresh mark crossed. */
export interface Crossing {
  id: string;
  mark: number;
  /** A trailing stop's best mark as the book knows it (the journal's may be a write behind). */
  best?: number | null;
}

export interface FiringOptions {
  journal: JournalStore;
  sender: Pick<AccountSenders, 'sendFired' | 'sendingFor'>;
  log: Logger;
  now: () => number;
  /** Out of the book: fired, cancelled by its OCO partner's firing, or no longer armed. */
  untrack: (id: string) => void;
  /** Back into the book: armed again because its order was never sent. */
  track: (order: HeldOrder) => void;
  /** Why nothing of this order's account or placer may leave now (the desk's kill switch): it stays armed. */
  halted?: (row: HeldRow) => Promise<string | undefined>;
  /** The orders the last round held back (the holder's): each is logged when it is first held back. */
  heldBack: Set<string>;
}

/**
 * Fires the orders one poll crossed, in order, in tickets of up to 10 orders of one account and placer: a
 * gap through 300 stops is 30 requests of the pacer, not 300, and the trader's tickets wait behind
 * those only. Each ticket is one journal transaction (its firings, their OCO partners' cancels, the
 * ticket), then goes to its account's sender's urgent lane; each order keeps its own client order id.
 */
export async function fireCrossed(options: FiringOptions, crossings: readonly Crossing[]): Promise<void> {
  // By account and by who placed them: each fired ticket names its placer, as the trader's own do.
  const groups = new Map<string, Firing[]>();
  for (const firing of await firingsOf(options, crossings)) {
    const key = JSON.stringify([firing.account, firing.placedBy]);
    groups.set(key, [...(groups.get(key) ?? []), firing]);
  }
  for (const firings of groups.values()) {
    const { account, placedBy } = firings[0]!;
    for (let i = 0; i < firings.length; i += MAX_ORDERS_PER_REQUEST) await fireGroup(options, { account, placedBy }, firings.slice(i, i + MAX_ORDERS_PER_REQUEST));
  }
}

type Firing = FiringOrder & { account: string; placedBy: string | null };

async function firingsOf(options: FiringOptions, crossings: readonly Crossing[]): Promise<Firing[]> {
  const firings: Firing[] = [];
  const taken = new Set<string>();
  // The kill switch, read once a round per account and placer: 300 crossed stops are not 600 reads.
  const reasons = new Map<string, Promise<string | undefined>>();
  const haltedOf = (row: HeldRow) => {
    const key = JSON.stringify([row.account, row.placed_by]);
    if (!reasons.has(key)) reasons.set(key, options.halted?.(row) ?? Promise.resolve(undefined));
    return reasons.get(key)!;
  };
  const heldBack = new Set<string>();
  for (const { id, mark, best } of crossings) {
    if (taken.has(id)) continue;
    // The stored row, not the API's view: the view reads its orders' statuses, a cost per firing.
    const row = await options.journal.held.row(id);
    if (!row || row.state !== 'armed') {
      options.untrack(id);
      continue;
    }
    // The journal's trigger, not the book's: on a desk it may have been moved through another proxy.
    if (!triggerCrossed(row, mark, best)) continue;
    // On a desk, another proxy may hold this account's lease: it fires the order, not this one.
    if (!options.sender.sendingFor(row.account)) continue;
    // Trading turned off for its account or its placer: nothing leaves; judged again on the next mark.
    const halted = await haltedOf(row);
    if (halted) {
      if (!options.heldBack.has(id)) options.log.warn({ held: id, mark, reason: halted }, 'held order crossed, not fired');
      heldBack.add(id);
      continue;
    }
    taken.add(id);
    // Both legs of an OCO pair crossed: the first fires and its firing cancels the other.
    if (row.oco_with !== null) taken.add(row.oco_with);
    firings.push({ id, ticketId: firedTicketId(row), order: firedOrder(row), mark, terms: firingTermsOf(row), account: row.account, placedBy: row.placed_by });
  }
  options.heldBack.clear();
  for (const id of heldBack) options.heldBack.add(id);
  return firings;
}

async function fireGroup(options: FiringOptions, { account, placedBy }: { account: string; placedBy: string | null }, group: FiringOrder[]): Promise<void> {
  const { log } = options;
  let outcome: FiredGroup;
  try {
    outcome = await options.journal.held.firing.fire(group, options.now(), (id, orders) => firedTicket(id, orders, options.now(), account, placedBy));
  } catch (error) {
    // Left armed: they are judged again on the next fresh mark.
    log.error({ held: group.map((firing) => firing.id), err: { message: (error as Error).message } }, 'held orders could not fire');
    return;
  }
  // Those of the group not fired were no longer armed, but for those changed since they were read:
  // the book has (or its resync will have) their new terms.
  for (const firing of group) if (!outcome.changed.includes(firing.id)) options.untrack(firing.id);
  for (const id of outcome.cancelled) options.untrack(id);
  if (outcome.changed.length > 0) log.info({ held: outcome.changed }, 'held orders changed as they crossed: not fired, judged on their new terms');
  const { fired, ticket } = outcome;
  if (!ticket) return;
  for (const firing of fired) log.info({ held: firing.id, mark: firing.mark, order: firing.order.client_order_id, ticket: ticket.id }, 'held order fired');
  if (outcome.cancelled.length > 0) log.info({ cancelled: outcome.cancelled, ticket: ticket.id }, 'OCO partners cancelled');
  void options.sender.sendFired(account, ticket.id, ticket.requests[0]!.body, fired.length).then(
    async () => {
      // Per order: one of the group never sent is armed again, the others stay fired.
      for (const firing of fired) (await rearmUnsent(options.journal, log, firing.id, options.now())).forEach(options.track);
    },
    (error: Error) => log.error({ ticket: ticket.id, err: { message: error.message } }, 'fired orders could not be sent'),
  );
}

/**
 * Whether the mark crosses the row's own trigger; a trailing stop's level from the row's distance
 * and the better of its best mark and the book's (on a desk the distance may have been changed
 * through another proxy, and the book's best may be ahead of its write).
 */
function triggerCrossed(row: HeldRow, mark: number, best: number | null | undefined): boolean {
  if (row.type === 'TRAILING_STOP') {
    const level = trailingLevel(row, betterMark(row.side, row.best_mark, best ?? mark));
    return row.side === 'SELL' ? mark <= level : mark >= level;
  }
  if (row.trigger_price === null) return true;
  return crossingOf(row) === 'falls' ? mark <= row.trigger_price : mark >= row.trigger_price;
}
