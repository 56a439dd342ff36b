import type { HeldOrder } from '@/interface';
import type { HeldRow } from './heldTypes';

/** What the view reads from the orders, beside the row. */
export interface Looked {
  fired_status: string | null;
  entry_status: string | null;
  last_slice_status: string | null;
  slices_accepted: number | null;
  slices_rejected: number | null;
  quantity_accepted: number | null;
}

export type ViewRow = HeldRow & Looked;

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
    account: row.account,
    placed_by: row.placed_by,
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
