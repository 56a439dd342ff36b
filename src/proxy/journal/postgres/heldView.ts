import type { HeldOrder } from '@/interface';
import type { HeldRow } from '../heldTypes';

/** States of a held order still waiting (the partial index held_live's states). */
export const HELD_LIVE = "('awaiting_entry', 'armed', 'paused')";

/** The stored row's columns, as HeldRow has them (`h.` for the view's query). */
export const HELD_COLUMNS = `id, type, state, symbol, side, order_quantity, trigger_price, order_price, trailing_distance,
  trailing_percent, best_mark, oco_with, client_ref, client_order_id, fired_mark, fired_at, created_at, updated_at,
  reason, entry_ticket_id, entry_client_order_id, duration_ms, slice_ms, max_slippage_percent, price_limit,
  randomize_percent, started_at, next_slice, slices_sent, slices_skipped, slices_missed, quantity_sent, fire_count, fired_ticket_id`;

const ALIASED = HELD_COLUMNS.split(',').map((column) => `h.${column.trim()}`).join(', ');

/**
 * A TWAP's slice tickets are `<id>-s<n>`: the range is the index's way in, as in SQLite. SQLite
 * compares bytes, PostgreSQL by the database's collation: under a locale's collation the range
 * alone could take in a ticket that does not begin `<id>-s`, so the prefix is also checked,
 * byte for byte (starts_with), which makes the set exactly SQLite's.
 */
const SLICES = "o.ticket_id >= h.id || '-s' AND o.ticket_id < h.id || '-t' AND starts_with(o.ticket_id, h.id || '-s')";

/** What the view reads from the orders, beside the row. */
interface Looked {
  fired_status: string | null;
  entry_status: string | null;
  last_slice_status: string | null;
  slices_accepted: number | null;
  slices_rejected: number | null;
  quantity_accepted: number | null;
}

export type ViewRow = HeldRow & Looked;

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

type Status = HeldOrder['last_order_status'];

/** A row as the API shows it, with its orders' journal statuses (mark fields are the holder's). */
export function heldOf(view: ViewRow): HeldOrder {
  const { client_order_id, entry_ticket_id, entry_client_order_id, ...row } = view;
  const twap = row.type === 'TWAP' ? twapProgress(view) : null;
  const last = twap ? view.last_slice_status : client_order_id && row.fired_ticket_id ? view.fired_status : null;
  return {
    id: row.id, type: row.type, state: row.state, symbol: row.symbol, side: row.side,
    order_quantity: row.order_quantity, trigger_price: row.trigger_price, order_price: row.order_price,
    trailing_distance: row.trailing_distance, trailing_percent: row.trailing_percent, best_mark: row.best_mark,
    oco_with: row.oco_with, client_ref: row.client_ref,
    client_order_ids: twap ? sliceOrderIds(view) : client_order_id === null ? [] : [client_order_id],
    fired_mark: row.fired_mark, fired_at: row.fired_at, created_at: row.created_at, updated_at: row.updated_at,
    reason: row.reason,
    last_order_status: (last as Status | null) ?? null,
    mark: null,
    mark_age_ms: null,
    waiting_for_fresh_price: false,
    entry:
      entry_ticket_id && entry_client_order_id
        ? { ticket_id: entry_ticket_id, client_order_id: entry_client_order_id, status: (view.entry_status as Status | null) ?? 'pending' }
        : null,
    twap,
  };
}

/** The client order ids of a TWAP's slices sent so far (the last 50: a long TWAP sends thousands). */
function sliceOrderIds(row: HeldRow): string[] {
  const first = Math.max(1, row.slices_sent - 49);
  const ids: string[] = [];
  for (let slice = first; slice <= row.slices_sent; slice++) ids.push(`${row.id}-${slice}`);
  return ids;
}

function twapProgress(row: ViewRow): NonNullable<HeldOrder['twap']> {
  const startedAt = row.started_at ?? row.created_at;
  const duration = row.duration_ms ?? 0;
  const slice = row.slice_ms ?? duration;
  const total = Math.max(1, Math.ceil(duration / Math.max(1, slice)));
  const live = row.state === 'armed' || row.state === 'paused';
  return {
    duration_ms: duration,
    slice_ms: slice,
    max_slippage_percent: row.max_slippage_percent,
    price_limit: row.price_limit,
    randomize_percent: row.randomize_percent,
    started_at: startedAt,
    ends_at: startedAt + duration,
    next_slice_at: live && row.next_slice < total ? startedAt + row.next_slice * slice : null,
    slices_total: total,
    slices_sent: row.slices_sent,
    slices_accepted: row.slices_accepted ?? 0,
    slices_rejected: row.slices_rejected ?? 0,
    slices_skipped: row.slices_skipped,
    slices_missed: row.slices_missed,
    quantity_sent: row.quantity_sent,
    // Summed in floats, as SQLite's TOTAL: 0.1 + 0.2 would show 0.30000000000000004.
    quantity_accepted: Number((row.quantity_accepted ?? 0).toFixed(12)),
  };
}
