import type Database from 'better-sqlite3';
import type { NewTicket } from '../types';
import type { JournaledSlice, TwapChanges, TwapColumns } from '../heldTypes';

const LIVE = "('armed', 'paused')";

function prepare(db: Database.Database) {
  return {
    columns: db.prepare(`UPDATE held_orders SET duration_ms = ?, slice_ms = ?, max_slippage_percent = ?, price_limit = ?,
      randomize_percent = ?, started_at = ? WHERE id = ?`),
    slice: db.prepare(`UPDATE held_orders SET next_slice = ?, slices_sent = slices_sent + 1, slices_missed = slices_missed + ?,
      quantity_sent = ?, state = CASE WHEN ? THEN 'fired' ELSE state END, fired_mark = CASE WHEN ? THEN ? ELSE fired_mark END,
      fired_at = CASE WHEN ? THEN ? ELSE fired_at END, updated_at = ? WHERE id = ? AND state = 'armed' AND next_slice = ?
      AND order_quantity = ? AND price_limit IS ? AND max_slippage_percent IS ?`),
    pass: db.prepare(`UPDATE held_orders SET next_slice = ?, slices_skipped = slices_skipped + ?, slices_missed = slices_missed + ?,
      updated_at = ? WHERE id = ? AND state = 'armed' AND next_slice = ?`),
    end: db.prepare(`UPDATE held_orders SET state = ?, reason = ?, slices_missed = slices_missed + ?, updated_at = ?
      WHERE id = ? AND state IN ${LIVE} AND next_slice = ?`),
    change: db.prepare(`UPDATE held_orders SET state = coalesce(?, state), order_quantity = coalesce(?, order_quantity),
      price_limit = coalesce(?, price_limit), max_slippage_percent = coalesce(?, max_slippage_percent), updated_at = ?
      WHERE id = ? AND type = 'TWAP' AND state IN ${LIVE} AND (? IS NULL OR quantity_sent <= ?)`),
    liveSliceMs: db.prepare(`SELECT slice_ms FROM held_orders WHERE type = 'TWAP' AND state IN ${LIVE}`).pluck(),
  };
}

/**
 * The journal's side of a TWAP. Each step of its schedule is one write guarded by the slice it
 * starts from (`next_slice`), so a slice is journaled once however often it is judged; a sent
 * slice's counts and its ticket (`<id>-s<n>`, client order id `<id>-<n>`) commit together, before
 * the request leaves, and a cancel committed first wins. A slice is also guarded by the terms it
 * was sized on (a PATCH committed first wins), and a PATCH by what the slices sent (never below it).
 */
export class TwapStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
    private readonly insertTicket: (ticket: NewTicket) => void,
  ) {
    this.s = prepare(db);
  }

  /** Inside the transaction that arms the row. */
  armColumns(id: string, twap: TwapColumns): void {
    this.s.columns.run(twap.durationMs, twap.sliceMs, twap.maxSlippagePercent, twap.priceLimit, twap.randomizePercent, twap.startedAt, id);
  }

  /** Journals a slice and its ticket; false (writing nothing) if the TWAP moved on, was paused or ended. */
  slice(slice: JournaledSlice): boolean {
    const { ticket, last } = slice;
    const now = ticket.now;
    return this.write(() => {
      const changed = this.s.slice.run(
        slice.next, slice.missed, slice.quantitySent, last ? 1 : 0, last ? 1 : 0, slice.mark, last ? 1 : 0, now, now, slice.id, slice.from,
        slice.terms.order_quantity, slice.terms.price_limit, slice.terms.max_slippage_percent,
      ).changes;
      if (changed !== 1) return false;
      this.insertTicket(ticket);
      return true;
    });
  }

  /** Slices handled without sending: skipped beyond the price limit, or missed. */
  pass(id: string, from: number, next: number, counts: { skipped: number; missed: number }, now: number): boolean {
    return this.write(() => this.s.pass.run(next, counts.skipped, counts.missed, now, id, from).changes === 1);
  }

  /** Ends a TWAP (fired with nothing left, or expired), counting the slices it never reached as missed. */
  end(id: string, from: number, ending: { state: 'fired' | 'expired'; reason: string | null; missed: number }, now: number): boolean {
    return this.write(() => this.s.end.run(ending.state, ending.reason, ending.missed, now, id, from).changes === 1);
  }

  change(id: string, changes: TwapChanges, now: number): boolean {
    return this.write(
      () =>
        this.s.change.run(
          changes.state ?? null, changes.orderQuantity ?? null, changes.priceLimit ?? null, changes.maxSlippagePercent ?? null, now, id,
          changes.orderQuantity ?? null, changes.orderQuantity ?? null,
        ).changes === 1,
    );
  }

  /** The slice_ms of every armed or paused TWAP (their share of the request budget). */
  liveSliceMs(): number[] {
    return this.s.liveSliceMs.all() as number[];
  }
}
