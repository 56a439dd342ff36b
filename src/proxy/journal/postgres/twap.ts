import type { Postgres } from '../../postgres';
import type { HeldJournal } from '../store';
import type { JournaledSlice, TwapChanges } from '../heldTypes';
import { insertHeldTicket } from './tickets';

const LIVE = "('armed', 'paused')";

type TwapJournal = HeldJournal['twap'];

const sliceTerms = ({ terms }: JournaledSlice) => [terms.order_quantity, terms.price_limit, terms.max_slippage_percent];

/**
 * The journal's side of a TWAP in PostgreSQL, statement for statement SQLite's TwapStore. Each
 * step of its schedule is one write guarded by the slice it starts from (`next_slice`): of two
 * proxies (or two judgements) stepping from the same slice, the second's UPDATE waits for the
 * first's row lock, finds `next_slice` moved on and changes nothing. A sent slice's counts and its
 * ticket (`<id>-s<n>`, client order id `<id>-<n>`) commit in one transaction, before the request
 * leaves; a cancel committed first wins. A slice is also guarded by the terms it was sized on (a
 * PATCH committed first wins), and a PATCH by what the slices sent (never below it).
 */
export class PostgresTwap implements TwapJournal {
  constructor(private readonly pg: Postgres) {}

  /** Journals a slice and its ticket; false (writing nothing) if the TWAP moved on, was paused or ended. */
  slice(slice: JournaledSlice): Promise<boolean> {
    const { ticket, last } = slice;
    const now = ticket.now;
    return this.pg.transaction(async (client) => {
      const stepped = await client.query(
        `UPDATE held_orders SET next_slice = $1, slices_sent = slices_sent + 1, slices_missed = slices_missed + $2,
          quantity_sent = $3, state = CASE WHEN $4::boolean THEN 'fired' ELSE state END,
          fired_mark = CASE WHEN $4::boolean THEN $5::double precision ELSE fired_mark END,
          fired_at = CASE WHEN $4::boolean THEN $6::bigint ELSE fired_at END, updated_at = $6
          WHERE id = $7 AND state = 'armed' AND next_slice = $8 AND order_quantity = $9
          AND price_limit IS NOT DISTINCT FROM $10 AND max_slippage_percent IS NOT DISTINCT FROM $11`,
        [slice.next, slice.missed, slice.quantitySent, last, slice.mark, now, slice.id, slice.from, ...sliceTerms(slice)],
      );
      if (stepped.rowCount !== 1) return false;
      await insertHeldTicket(client, ticket);
      return true;
    });
  }

  /** Slices handled without sending: skipped beyond the price limit, or missed. */
  async pass(id: string, from: number, next: number, counts: { skipped: number; missed: number }, now: number): Promise<boolean> {
    const passed = await this.pg.query(
      `UPDATE held_orders SET next_slice = $1, slices_skipped = slices_skipped + $2, slices_missed = slices_missed + $3,
        updated_at = $4 WHERE id = $5 AND state = 'armed' AND next_slice = $6`,
      [next, counts.skipped, counts.missed, now, id, from],
    );
    return passed.rowCount === 1;
  }

  /** Ends a TWAP (fired with nothing left, or expired), counting the slices it never reached as missed. */
  async end(id: string, from: number, ending: { state: 'fired' | 'expired'; reason: string | null; missed: number }, now: number): Promise<boolean> {
    const ended = await this.pg.query(
      `UPDATE held_orders SET state = $1, reason = $2, slices_missed = slices_missed + $3, updated_at = $4
        WHERE id = $5 AND state IN ${LIVE} AND next_slice = $6`,
      [ending.state, ending.reason, ending.missed, now, id, from],
    );
    return ended.rowCount === 1;
  }

  async change(id: string, changes: TwapChanges, now: number): Promise<boolean> {
    const changed = await this.pg.query(
      `UPDATE held_orders SET state = coalesce($1, state), order_quantity = coalesce($2, order_quantity),
        price_limit = coalesce($3, price_limit), max_slippage_percent = coalesce($4, max_slippage_percent), updated_at = $5
        WHERE id = $6 AND type = 'TWAP' AND state IN ${LIVE} AND ($2::double precision IS NULL OR quantity_sent <= $2)`,
      [changes.state ?? null, changes.orderQuantity ?? null, changes.priceLimit ?? null, changes.maxSlippagePercent ?? null, now, id],
    );
    return changed.rowCount === 1;
  }

  /** The slice_ms of every armed or paused TWAP (their share of the request budget). */
  async liveSliceMs(): Promise<number[]> {
    const { rows } = await this.pg.query<{ slice_ms: number }>(`SELECT slice_ms FROM held_orders WHERE type = 'TWAP' AND state IN ${LIVE}`);
    return rows.map((row) => row.slice_ms);
  }
}
