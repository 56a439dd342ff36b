import type Database from 'better-sqlite3';
import type { OrderRequest } from '@/interface';
import type { NewTicket } from '../types';
import { partnerFired, partnerFiredWhilePaused, type FiredGroup, type FiringOrder } from '../heldTypes';

function prepare(db: Database.Database) {
  return {
    fire: db.prepare(`UPDATE held_orders SET state = 'fired', client_order_id = ?, fired_ticket_id = ?, fired_mark = ?,
      fired_at = ?, updated_at = ? WHERE id = ? AND state = 'armed' AND order_quantity = ? AND trigger_price IS ?
      AND order_price IS ? AND trailing_distance IS ? AND trailing_percent IS ?`),
    armed: db.prepare(`SELECT 1 FROM held_orders WHERE id = ? AND state = 'armed'`).pluck(),
    partner: db.prepare('SELECT oco_with FROM held_orders WHERE id = ?').pluck(),
    cancel: db.prepare(`UPDATE held_orders SET state = 'cancelled', reason = CASE WHEN state = 'paused' THEN @paused ELSE @reason END,
      updated_at = @now WHERE id = @id AND state IN ('awaiting_entry', 'armed', 'paused')`),
  };
}

/**
 * The firings of held orders: the orders one poll fires go in tickets of up to 10 orders (one
 * batch request each), each ticket one transaction with the firing of its held orders and the
 * cancel of their OCO partners. A firing is guarded by `state = 'armed'` and by the terms it was
 * decided on: a PATCH that commits between the read and the fire leaves the order armed, as changed.
 */
export class FiringStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
    private readonly insertTicket: (ticket: NewTicket) => void,
  ) {
    this.s = prepare(db);
  }

  /**
   * Fires those of `group` still armed, in order (one whose OCO partner fired before it in the
   * group is cancelled, not fired), and writes the ticket `ticketOf` makes of their orders, whose
   * id is the first fired's ticket id; all in one transaction, nothing written if it throws.
   */
  fire(group: readonly FiringOrder[], now: number, ticketOf: (id: string, orders: OrderRequest[]) => NewTicket): FiredGroup {
    const s = this.s;
    return this.write(() => {
      const fired: FiringOrder[] = [];
      const cancelled: string[] = [];
      const changed: string[] = [];
      for (const firing of group) {
        const ticketId = fired[0]?.ticketId ?? firing.ticketId;
        const { order_quantity, trigger_price, order_price, trailing_distance, trailing_percent } = firing.terms;
        const terms = [order_quantity, trigger_price, order_price, trailing_distance, trailing_percent];
        if (s.fire.run(firing.order.client_order_id!, ticketId, firing.mark, now, now, firing.id, ...terms).changes !== 1) {
          if (s.armed.get(firing.id) !== undefined) changed.push(firing.id);
          continue;
        }
        fired.push(firing);
        const partner = s.partner.get(firing.id) as string | null;
        const reasons = { reason: partnerFired(firing.id), paused: partnerFiredWhilePaused(firing.id) };
        if (partner !== null && s.cancel.run({ ...reasons, now, id: partner }).changes === 1) cancelled.push(partner);
      }
      if (fired.length === 0) return { fired, cancelled, changed };
      const ticket = ticketOf(fired[0]!.ticketId, fired.map((firing) => firing.order));
      this.insertTicket(ticket);
      return { fired, ticket, cancelled, changed };
    });
  }
}
