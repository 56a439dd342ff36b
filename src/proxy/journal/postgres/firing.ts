import type { OrderRequest } from '@/interface';
import type { Postgres } from '../../postgres';
import type { HeldJournal } from '../store';
import type { NewTicket } from '../types';
import { partnerFired, partnerFiredWhilePaused, type FiredGroup, type FiringOrder } from '../heldTypes';
import { HELD_LIVE } from './heldView';
import { insertHeldTicket } from './tickets';

type FiringJournal = HeldJournal['firing'];

/**
 * The firings of held orders in PostgreSQL, as SQLite's FiringStore: the orders one poll fires go
 * in tickets of up to 10 orders, each ticket one transaction with the firing of its held orders
 * and the cancel of their OCO partners. Each firing is guarded by `state = 'armed'`: a cancel (or
 * another proxy's firing) that commits first leaves it nothing to change, and one that comes
 * second finds the order no longer live. It is also guarded by the terms it was decided on: a
 * PATCH (from any proxy) that commits between the read and the fire leaves it armed, as changed.
 */
export class PostgresFiring implements FiringJournal {
  constructor(private readonly pg: Postgres) {}

  /**
   * Fires those of `group` still armed, in order (one whose OCO partner fired before it in the
   * group is cancelled, not fired), and writes the ticket `ticketOf` makes of their orders, whose
   * id is the first fired's ticket id; all in one transaction, nothing written if it throws.
   */
  fire(group: readonly FiringOrder[], now: number, ticketOf: (id: string, orders: OrderRequest[]) => NewTicket): Promise<FiredGroup> {
    return this.pg.transaction(async (client): Promise<FiredGroup> => {
      const fired: FiringOrder[] = [];
      const cancelled: string[] = [];
      const changed: string[] = [];
      for (const firing of group) {
        const ticketId = fired[0]?.ticketId ?? firing.ticketId;
        const { order_quantity, trigger_price, order_price, trailing_distance, trailing_percent } = firing.terms;
        const { rows } = await client.query<{ oco_with: string | null }>(
          `UPDATE held_orders SET state = 'fired', client_order_id = $1, fired_ticket_id = $2, fired_mark = $3,
            fired_at = $4, updated_at = $4 WHERE id = $5 AND state = 'armed' AND order_quantity = $6
            AND trigger_price IS NOT DISTINCT FROM $7 AND order_price IS NOT DISTINCT FROM $8
            AND trailing_distance IS NOT DISTINCT FROM $9 AND trailing_percent IS NOT DISTINCT FROM $10 RETURNING oco_with`,
          [firing.order.client_order_id!, ticketId, firing.mark, now, firing.id, order_quantity, trigger_price, order_price, trailing_distance, trailing_percent],
        );
        if (rows.length !== 1) {
          const armed = await client.query(`SELECT 1 FROM held_orders WHERE id = $1 AND state = 'armed'`, [firing.id]);
          if (armed.rowCount === 1) changed.push(firing.id);
          continue;
        }
        fired.push(firing);
        const partner = rows[0]!.oco_with;
        if (partner === null) continue;
        const cancel = await client.query(
          `UPDATE held_orders SET state = 'cancelled', reason = CASE WHEN state = 'paused' THEN $4 ELSE $1 END, updated_at = $2
           WHERE id = $3 AND state IN ${HELD_LIVE}`,
          [partnerFired(firing.id), now, partner, partnerFiredWhilePaused(firing.id)],
        );
        if (cancel.rowCount === 1) cancelled.push(partner);
      }
      if (fired.length === 0) return { fired, cancelled, changed };
      const ticket = ticketOf(fired[0]!.ticketId, fired.map((firing) => firing.order));
      await insertHeldTicket(client, ticket);
      return { fired, ticket, cancelled, changed };
    });
  }
}
