export { heldOf, type ViewRow } from '../heldView';

/** States of a held order still waiting (the partial index held_live's states). */
export const HELD_LIVE = "('awaiting_entry', 'armed', 'paused')";

/** The stored row's columns, as HeldRow has them (`h.` for the view's query). */
export const HELD_COLUMNS = `id, type, state, symbol, side, order_quantity, trigger_price, order_price, trailing_distance,
  trailing_percent, best_mark, oco_with, client_ref, client_order_id, fired_mark, fired_at, created_at, updated_at,
  reason, entry_ticket_id, entry_client_order_id, duration_ms, slice_ms, max_slippage_percent, price_limit,
  randomize_percent, started_at, next_slice, slices_sent, slices_skipped, slices_missed, quantity_sent, fire_count, fired_ticket_id, account,
  placed_by`;

const ALIASED = HELD_COLUMNS.split(',').map((column) => `h.${column.trim()}`).join(', ');

/**
 * A TWAP's slice tickets are `<id>-s<n>`: the range is the index's way in, as in SQLite. SQLite
 * compares bytes, PostgreSQL by the database's collation: under a locale's collation the range
 * alone could take in a ticket that does not begin `<id>-s`, so the prefix is also checked,
 * byte for byte (starts_with), which makes the set exactly SQLite's.
 */
const SLICES = "o.ticket_id >= h.id || '-s' AND o.ticket_id < h.id || '-t' AND starts_with(o.ticket_id, h.id || '-s')";

/**
 * The held orders `rows` selects (a query on held_orders with its columns, `WHERE`, order and
 * limit), each with what its API view needs from the orders table, in one query: each row's
 * lookups are LATERAL joins on indexed columns, run only for the rows selected (the limit is
 * applied first) and only where they apply (a TWAP's slices for a TWAP, its fired order for the
 * others), as SQLite's toHeld does them one by one.
 */
export function viewQuery(rows: string, order: string): string {
  return `SELECT ${ALIASED}, fired.status AS fired_status, entry.status AS entry_status, last_slice.status AS last_slice_status,
      slices.accepted AS slices_accepted, slices.rejected AS slices_rejected, slices.quantity AS quantity_accepted
    FROM (${rows}) h
    LEFT JOIN LATERAL (SELECT o.status FROM orders o WHERE h.type <> 'TWAP' AND o.ticket_id = h.fired_ticket_id
      AND o.client_order_id = h.client_order_id ORDER BY o.id LIMIT 1) fired ON true
    LEFT JOIN LATERAL (SELECT o.status FROM orders o WHERE o.ticket_id = h.entry_ticket_id ORDER BY o.seq LIMIT 1) entry ON true
    LEFT JOIN LATERAL (SELECT o.status FROM orders o WHERE h.type = 'TWAP' AND ${SLICES} ORDER BY o.id DESC LIMIT 1) last_slice ON true
    LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE o.status = 'accepted') AS accepted,
        count(*) FILTER (WHERE o.status = 'rejected') AS rejected,
        coalesce(sum(o.order_quantity) FILTER (WHERE o.status = 'accepted'), 0) AS quantity
      FROM orders o WHERE h.type = 'TWAP' AND ${SLICES}) slices ON true
    ORDER BY ${order}`;
}
