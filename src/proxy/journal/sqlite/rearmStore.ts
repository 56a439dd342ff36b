import type Database from 'better-sqlite3';
import { CANCEL_AFTER_FIRING, CANCELLED_BY_TRADER, cancelledUnsent, PARTNER_FIRED_LIKE, partnerBack, partnerFired, partnerFiredWhilePaused, type Rearmed } from '../heldTypes';

// A TWAP's slices have their own tickets: a fired TWAP has sent its last one. A held order's own
// order is the one of its fired ticket with its client order id (the others are its group's).
const OWN = 'o.ticket_id = h.fired_ticket_id AND o.client_order_id = h.client_order_id';

function prepare(db: Database.Database) {
  return {
    row: db.prepare(`SELECT id, fire_count, oco_with, fired_ticket_id, client_order_id, reason FROM held_orders
      WHERE id = ? AND state = 'fired' AND type != 'TWAP'`),
    askCancel: db.prepare(`UPDATE held_orders SET reason = ?, updated_at = ? WHERE id = ? AND state = 'fired' AND type != 'TWAP'`),
    keepCancelled: db.prepare(`UPDATE held_orders SET reason = ?, updated_at = ? WHERE id = ? AND state = 'cancelled' AND reason LIKE ?`),
    cancelUnsent: db.prepare(`UPDATE held_orders SET state = 'cancelled', reason = ?, updated_at = ?
      WHERE id = ? AND state = 'fired' AND fire_count = ?`),
    statuses: db.prepare('SELECT status, error_message FROM orders WHERE ticket_id = ? AND client_order_id = ? ORDER BY seq'),
    unsent: db.prepare(`SELECT h.id FROM held_orders h WHERE h.state = 'fired' AND h.type != 'TWAP'
      AND EXISTS (SELECT 1 FROM orders o WHERE ${OWN})
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE ${OWN} AND o.status != 'failed')`).pluck(),
    rearm: db.prepare(`UPDATE held_orders SET state = 'armed', fire_count = fire_count + 1, client_order_id = NULL,
      fired_ticket_id = NULL, fired_mark = NULL, fired_at = NULL, reason = ?, updated_at = ?
      WHERE id = ? AND state = 'fired' AND fire_count = ?`),
    // Back as it was when its partner fired: armed, or paused (the reason says which).
    rearmPartner: db.prepare(`UPDATE held_orders SET state = CASE WHEN reason = @firedPaused THEN 'paused' ELSE 'armed' END,
      reason = CASE WHEN reason = @firedPaused THEN @backPaused ELSE @backArmed END, updated_at = @now
      WHERE id = @id AND state = 'cancelled' AND reason IN (@fired, @firedPaused)`),
  };
}

/**
 * Held orders fired whose order never left the proxy (its order in the firing's ticket `failed`:
 * the proxy stopped while it waited at the pacer, rate-limit refusals ran out, the journal could
 * not be flushed). Such an order is armed again, not lost; one whose order was sent, rejected or
 * of unknown outcome stays fired.
 */
export class RearmStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
  ) {
    this.s = prepare(db);
  }

  /** Fired held orders whose order was not sent (at start, after the journal's recovery). */
  unsent(): string[] {
    return this.s.unsent.all() as string[];
  }

  /**
   * Arms a fired held order again if its current firing's order failed, with the OCO partner
   * that firing cancelled, in one write; the next firing has a new ticket and client order id.
   */
  rearmIfNotSent(id: string, now: number): Rearmed | undefined {
    const s = this.s;
    return this.write(() => {
      type Fired = { id: string; fire_count: number; oco_with: string | null; fired_ticket_id: string | null; client_order_id: string | null; reason: string | null };
      const row = s.row.get(id) as Fired | undefined;
      if (!row) return undefined;
      const orders = s.statuses.all(row.fired_ticket_id, row.client_order_id) as { status: string; error_message: string | null }[];
      if (orders.length === 0 || orders.some((order) => order.status !== 'failed')) return undefined;
      const message = (orders[0]!.error_message ?? 'no reason given').replace(/^not sent: /, '');
      const cancelled = row.reason === CANCEL_AFTER_FIRING;
      const reason = cancelled ? cancelledUnsent(message) : `its order was not sent (${message}); armed again`;
      if ((cancelled ? s.cancelUnsent : s.rearm).run(reason, now, id, row.fire_count).changes !== 1) return undefined;
      const partner = row.oco_with;
      const reasons = { fired: partnerFired(id), firedPaused: partnerFiredWhilePaused(id), backArmed: partnerBack(id, false), backPaused: partnerBack(id, true) };
      const rearmed = partner !== null && s.rearmPartner.run({ ...reasons, now, id: partner }).changes === 1;
      return { id, reason, ...(rearmed ? { partner: partner! } : {}), ...(cancelled ? { cancelled } : {}) };
    });
  }

  askCancelFired(id: string, now: number): boolean {
    return this.write(() => this.s.askCancel.run(CANCEL_AFTER_FIRING, now, id).changes === 1);
  }

  keepCancelled(id: string, now: number): boolean {
    return this.write(() => this.s.keepCancelled.run(CANCELLED_BY_TRADER, now, id, PARTNER_FIRED_LIKE).changes === 1);
  }
}
