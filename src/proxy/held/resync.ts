import type { JournalStore } from '../journal';
import { bestOfBoth } from './book';
import type { Brackets } from './brackets';
import type { HeldOrders } from './holder';

/**
 * A desk sender's round, every second while it holds a lease: its book brought in step with the
 * journal, then what another proxy's sending settled without a word to the held orders. A bracket
 * posted to a proxy that does not send is answered "sending" when its hand-over wait runs out (or
 * its lease is lost mid-send); its entry is then sent and answered by the holder's dispatcher, and
 * its exits would wait for the next take-over. So exits whose entry is final are armed (or
 * cancelled) here, and fired orders whose ticket the dispatcher settled as never sent are armed again.
 */
export async function keepInStep(held: HeldOrders, brackets: Pick<Brackets, 'recover'>, journal: JournalStore): Promise<void> {
  await resyncBook(held, journal);
  await brackets.recover();
  await held.rearmAllUnsent();
}

/**
 * A desk's sender keeps its book in step with the journal: held orders armed, changed, paused or
 * cancelled through another proxy of the desk are in the database, not in this process. Armed
 * ones go into the book as the journal has them now (a moved trigger with them); the rest leave.
 * A firing reads its row again before it fires (see firing.ts), so a book a poll behind fires
 * nothing the journal no longer holds.
 */
export async function resyncBook(held: HeldOrders, journal: JournalStore): Promise<number> {
  const live = await journal.held.live();
  const armed = new Set<string>();
  for (const order of live) {
    if (order.state !== 'armed') continue;
    armed.add(order.id);
    held.track(order.type === 'TRAILING_STOP' ? { ...order, best_mark: bestOfBoth(order.side, order.best_mark, held.view(order).best_mark) } : order);
  }
  for (const id of held.trackedIds) if (!armed.has(id)) held.untrack(id);
  return armed.size;
}
