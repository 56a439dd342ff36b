import type { Postgres } from '../../postgres';
import type { HeldJournal } from '../store';
import { CANCEL_AFTER_FIRING, CANCELLED_BY_TRADER, cancelledUnsent, PARTNER_FIRED_LIKE, partnerBack, partnerFired, partnerFiredWhilePaused, type Rearmed } from '../heldTypes';

// A TWAP's slices have their own tickets: a fired TWAP has sent its last one. A held order's own
// order is the one of its fired ticket with its client order id (the others are its group's).
const OWN = 'o.ticket_id = h.fired_ticket_id AND o.client_order_id = h.client_order_id';

interface Fired {
  id: string;
  fire_count: number;
  oco_with: string | null;
  fired_ticket_id: string | null;
  client_order_id: string | null;
  reason: string | null;
}

type RearmJournal = HeldJournal['rearm'];

/**
 * Held orders fired whose order never left the proxy (its order in the firing's ticket `failed`),
 * armed again, as SQLite's RearmStore; one whose order was sent, rejected or of unknown outcome
 * stays fired. The rearm is guarded by the firing it undoes (`state = 'fired' AND fire_count`):
 * of two proxies arming the same order again, one does.
 */
export class PostgresRearm implements RearmJournal {
  constructor(private readonly pg: Postgres) {}

  /** Fired held orders whose order was not sent (at start, after the journal's recovery). */
  async unsent(): Promise<string[]> {
    const { rows } = await this.pg.query<{ id: string }>(
      `SELECT h.id FROM held_orders h WHERE h.state = 'fired' AND h.type <> 'TWAP'
        AND EXISTS (SELECT 1 FROM orders o WHERE ${OWN})
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE ${OWN} AND o.status <> 'failed') ORDER BY h.id`,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Arms a fired held order again if its current firing's order failed, with the OCO partner
   * that firing cancelled, in one transaction; the next firing has a new ticket and client order id.
   */
  rearmIfNotSent(id: string, now: number): Promise<Rearmed | undefined> {
    return this.pg.transaction(async (client): Promise<Rearmed | undefined> => {
      const { rows } = await client.query<Fired & Record<string, unknown>>(
        `SELECT id, fire_count, oco_with, fired_ticket_id, client_order_id, reason FROM held_orders
          WHERE id = $1 AND state = 'fired' AND type <> 'TWAP' FOR UPDATE`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      const { rows: orders } = await client.query<{ status: string; error_message: string | null }>(
        'SELECT status, error_message FROM orders WHERE ticket_id = $1 AND client_order_id = $2 ORDER BY seq',
        [row.fired_ticket_id, row.client_order_id],
      );
      if (orders.length === 0 || orders.some((order) => order.status !== 'failed')) return undefined;
      const message = (orders[0]!.error_message ?? 'no reason given').replace(/^not sent: /, '');
      const cancelled = row.reason === CANCEL_AFTER_FIRING;
      const reason = cancelled ? cancelledUnsent(message) : `its order was not sent (${message}); armed again`;
      const settled = await client.query(
        cancelled
          ? `UPDATE held_orders SET state = 'cancelled', reason = $1, updated_at = $2 WHERE id = $3 AND state = 'fired' AND fire_count = $4`
          : `UPDATE held_orders SET state = 'armed', fire_count = fire_count + 1, client_order_id = NULL, fired_ticket_id = NULL,
          fired_mark = NULL, fired_at = NULL, reason = $1, updated_at = $2 WHERE id = $3 AND state = 'fired' AND fire_count = $4`,
        [reason, now, id, row.fire_count],
      );
      if (settled.rowCount !== 1) return undefined;
      const partner = row.oco_with;
      const partnerRearmed =
        partner !== null &&
        (await client.query(
          // Back as it was when its partner fired: armed, or paused (the reason says which).
          `UPDATE held_orders SET state = CASE WHEN reason = $5 THEN 'paused' ELSE 'armed' END,
             reason = CASE WHEN reason = $5 THEN $6 ELSE $1 END, updated_at = $2
           WHERE id = $3 AND state = 'cancelled' AND reason IN ($4, $5)`,
          [partnerBack(id, false), now, partner, partnerFired(id), partnerFiredWhilePaused(id), partnerBack(id, true)],
        )).rowCount === 1;
      return { id, reason, ...(partnerRearmed ? { partner: partner! } : {}), ...(cancelled ? { cancelled } : {}) };
    });
  }

  async keepCancelled(id: string, now: number): Promise<boolean> {
    const kept = await this.pg.query(`UPDATE held_orders SET reason = $1, updated_at = $2 WHERE id = $3 AND state = 'cancelled' AND reason LIKE $4`, [
      CANCELLED_BY_TRADER, now, id, PARTNER_FIRED_LIKE,
    ]);
    return kept.rowCount === 1;
  }

  async askCancelFired(id: string, now: number): Promise<boolean> {
    const asked = await this.pg.query(
      `UPDATE held_orders SET reason = $1, updated_at = $2 WHERE id = $3 AND state = 'fired' AND type <> 'TWAP'`,
      [CANCEL_AFTER_FIRING, now, id],
    );
    return asked.rowCount === 1;
  }
}
