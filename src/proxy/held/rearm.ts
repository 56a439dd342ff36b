import type { HeldOrder } from '@/interface';
import type { JournalStore } from '../journal';
import type { Logger } from '../log';

/**
 * A fired held order whose order never left the proxy (every order of its ticket failed) is armed
 * again, with the OCO partner its firing cancelled, in one journal write; returns those armed
 * again, for the book. Called when the fired ticket settles, and at start for what a last run left
 * (the journal may be closing by the first: then the next start arms it again).
 */
export async function rearmUnsent(journal: JournalStore, log: Logger, id: string, now: number): Promise<HeldOrder[]> {
  try {
    const rearmed = await journal.held.rearm.rearmIfNotSent(id, now);
    if (!rearmed) return [];
    const what = rearmed.cancelled ? 'held order cancelled, as asked after it fired: its order was not sent' : 'held order armed again: its order was not sent';
    log.warn({ held: id, partner: rearmed.partner, reason: rearmed.reason }, what);
    const ids = [...(rearmed.cancelled ? [] : [id]), ...(rearmed.partner === undefined ? [] : [rearmed.partner])];
    const orders = await Promise.all(ids.map((armed) => journal.held.get(armed)));
    return orders.flatMap((order) => (order?.state === 'armed' ? [order] : []));
  } catch (error) {
    log.warn({ held: id, err: { message: (error as Error).message } }, 'held order not sent: armed again at the next start');
    return [];
  }
}
