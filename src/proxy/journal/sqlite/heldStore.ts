import type Database from 'better-sqlite3';
import type { HeldOrder } from '@/interface';
import type { HeldListing } from '../store';
import { MAIN_ACCOUNT, type NewTicket } from '../types';
import { FiringStore } from './firingStore';
import { RearmStore } from './rearmStore';
import { heldOf } from '../heldView';
import { TwapStore } from './twapStore';
import {
  HeldConflictError,
  HeldKeyTakenError,
  HeldLimitError,
  heldLimitMessage,
  type HeldChanges,
  type HeldRow,
  type NewHeldOrder,
} from '../heldTypes';

const LIVE = "('awaiting_entry', 'armed', 'paused')";
const columns = `id, type, state, symbol, side, order_quantity, trigger_price, order_price, trailing_distance,
  trailing_percent, best_mark, oco_with, client_ref, client_order_id, fired_mark, fired_at, created_at, updated_at,
  reason, entry_ticket_id, entry_client_order_id, duration_ms, slice_ms, max_slippage_percent, price_limit,
  randomize_percent, started_at, next_slice, slices_sent, slices_skipped, slices_missed, quantity_sent, fire_count, fired_ticket_id, account,
  placed_by`;

function prepare(db: Database.Database) {
  return {
    orderStatus: db.prepare('SELECT status FROM orders WHERE ticket_id = ? ORDER BY seq LIMIT 1').pluck(),
    firedStatus: db.prepare('SELECT status FROM orders WHERE ticket_id = ? AND client_order_id = ? LIMIT 1').pluck(),
    sliceCounts: db.prepare(`SELECT status, COUNT(*) AS n, TOTAL(order_quantity) AS quantity FROM orders
      WHERE ticket_id >= ? AND ticket_id < ? GROUP BY status`),
    lastSlice: db.prepare('SELECT status FROM orders WHERE ticket_id >= ? AND ticket_id < ? ORDER BY id DESC LIMIT 1').pluck(),
    byId: db.prepare(`SELECT ${columns} FROM held_orders WHERE id = ?`),
    byKey: db.prepare('SELECT id, body_hash FROM held_orders WHERE idempotency_key = ?'),
    live: db.prepare(`SELECT ${columns} FROM held_orders WHERE state IN ${LIVE} ORDER BY id`),
    countLive: db.prepare(`SELECT COUNT(*) FROM held_orders WHERE state IN ${LIVE}`).pluck(),
    countLiveOf: db.prepare(`SELECT COUNT(*) FROM held_orders WHERE state IN ${LIVE} AND account = ?`).pluck(),
    countLivePlacedBy: db.prepare(`SELECT COUNT(*) FROM held_orders WHERE state IN ${LIVE} AND placed_by = ?`).pluck(),
    liveOfSymbol: db.prepare(`SELECT id FROM held_orders WHERE state IN ${LIVE} AND symbol = ?`).pluck(),
    liveIds: db.prepare(`SELECT id FROM held_orders WHERE state IN ${LIVE}`).pluck(),
    insert: db.prepare(`INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side,
      order_quantity, trigger_price, order_price, trailing_distance, trailing_percent, best_mark, oco_with,
      client_ref, created_at, updated_at, account, placed_by) VALUES (?, ?, ?, ?, 'armed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    link: db.prepare(`UPDATE held_orders SET oco_with = ?, updated_at = ? WHERE id = ? AND state IN ${LIVE} AND oco_with IS NULL`),
    cancel: db.prepare(`UPDATE held_orders SET state = 'cancelled', reason = ?, updated_at = ? WHERE id = ? AND state IN ${LIVE}`),
    change: db.prepare(`UPDATE held_orders SET state = coalesce(?, state), order_quantity = coalesce(?, order_quantity),
      trigger_price = coalesce(?, trigger_price), order_price = coalesce(?, order_price),
      trailing_distance = coalesce(?, trailing_distance), trailing_percent = coalesce(?, trailing_percent),
      best_mark = CASE WHEN ? THEN ? ELSE best_mark END, updated_at = ? WHERE id = ? AND state IN ${LIVE}`),
    bestMark: db.prepare(`UPDATE held_orders SET best_mark = ? WHERE id = ? AND state IN ${LIVE}`),
  };
}

/**
 * The journal's table of held orders. Every change is one write of the journal's group commit
 * (see GroupCommit), so a cancel and a firing of the same order are ordered by the journal: the
 * first to commit wins and the other finds the order no longer live.
 */
export class HeldStore {
  private readonly s: ReturnType<typeof prepare>;
  /** A TWAP's schedule steps, each one write (see TwapStore). */
  readonly twap: TwapStore;
  /** Fired orders never sent, armed again (see RearmStore). */
  readonly rearm: RearmStore;
  /** Armed orders fired, up to 10 a ticket (see FiringStore). */
  readonly firing: FiringStore;

  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
    insertTicket: (ticket: NewTicket) => void,
  ) {
    this.s = prepare(db);
    this.twap = new TwapStore(db, write, insertTicket);
    this.rearm = new RearmStore(db, write);
    this.firing = new FiringStore(db, write, insertTicket);
  }

  /** The stored row, flat (the TWAP and bracket columns as they are). */
  row(id: string): HeldRow | undefined {
    return this.s.byId.get(id) as HeldRow | undefined;
  }

  /** A row as the API shows it, with its orders' journal statuses (mark fields are the holder's). */
  toHeld(row: HeldRow): HeldOrder {
    const twap = row.type === 'TWAP';
    const counts = twap ? (this.s.sliceCounts.all(`${row.id}-s`, `${row.id}-t`) as { status: string; n: number; quantity: number }[]) : [];
    const of = (status: string) => counts.find((count) => count.status === status);
    const fired = !twap && row.client_order_id && row.fired_ticket_id ? this.s.firedStatus.get(row.fired_ticket_id, row.client_order_id) : null;
    return heldOf({
      ...row,
      fired_status: (fired as string | undefined) ?? null,
      entry_status: row.entry_ticket_id ? ((this.s.orderStatus.get(row.entry_ticket_id) as string | undefined) ?? null) : null,
      last_slice_status: twap ? ((this.s.lastSlice.get(`${row.id}-s`, `${row.id}-t`) as string | undefined) ?? null) : null,
      slices_accepted: of('accepted')?.n ?? 0,
      slices_rejected: of('rejected')?.n ?? 0,
      quantity_accepted: of('accepted')?.quantity ?? 0,
    });
  }

  get(id: string): HeldOrder | undefined {
    const row = this.s.byId.get(id) as HeldRow | undefined;
    return row && this.toHeld(row);
  }

  byIdempotencyKey(key: string): { id: string; bodyHash: string } | undefined {
    const row = this.s.byKey.get(key) as { id: string; body_hash: string } | undefined;
    return row && { id: row.id, bodyHash: row.body_hash };
  }

  /** Armed and paused orders, for the book at start. */
  live(): HeldOrder[] {
    return (this.s.live.all() as HeldRow[]).map((row) => this.toHeld(row));
  }

  /** Awaiting, armed and paused orders, of one account or of all. */
  countLive(account?: string): number {
    return (account === undefined ? this.s.countLive.get() : this.s.countLiveOf.get(account)) as number;
  }

  /** Awaiting, armed and paused orders placed by one person (by name), of every account. */
  countLivePlacedBy(placedBy: string): number {
    return this.s.countLivePlacedBy.get(placedBy) as number;
  }

  /** Newest first, at most `limit`. */
  list(filter: HeldListing, limit = 500): HeldOrder[] {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.state) {
      where.push('state = ?');
      params.push(filter.state);
    }
    if (filter.symbol) {
      where.push('symbol = ?');
      params.push(filter.symbol);
    }
    if (filter.account) {
      where.push('account = ?');
      params.push(filter.account);
    }
    if (filter.accounts) {
      where.push(filter.accounts.length ? `account IN (${filter.accounts.map(() => '?').join(', ')})` : '0');
      params.push(...filter.accounts);
    }
    const sql = `SELECT ${columns} FROM held_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...params, limit) as HeldRow[]).map((row) => this.toHeld(row));
  }

  /** Writes an armed order (and links its OCO partner); throws HeldConflictError, writing nothing. */
  arm(order: NewHeldOrder): HeldOrder {
    const s = this.s;
    this.write(() => {
      // Checked again inside the write: two arms awaiting a price at once both passed the early check.
      if (s.byKey.get(order.idempotencyKey)) throw new HeldKeyTakenError(order.idempotencyKey);
      if (order.maxLive !== undefined && this.countLive(order.account ?? MAIN_ACCOUNT) >= order.maxLive) {
        throw new HeldLimitError(heldLimitMessage(order.maxLive, order.account ?? MAIN_ACCOUNT));
      }
      s.insert.run(
        order.id, order.idempotencyKey, order.bodyHash, order.type, order.symbol, order.side, order.orderQuantity,
        order.triggerPrice, order.orderPrice, order.trailingDistance, order.trailingPercent, order.bestMark,
        order.ocoWith, order.clientRef, order.now, order.now, order.account ?? MAIN_ACCOUNT,
        order.placedBy ?? null,
      );
      if (order.twap) this.twap.armColumns(order.id, order.twap);
      if (order.ocoWith !== null && s.link.run(order.id, order.now, order.ocoWith).changes !== 1) {
        throw new HeldConflictError(`oco_with: ${order.ocoWith} is not an armed or paused held order without a partner`);
      }
    });
    return this.get(order.id)!;
  }

  /** Cancels if still live, saying why; returns whether it did. */
  cancel(id: string, now: number, reason = 'cancelled by the trader'): boolean {
    return this.write(() => this.s.cancel.run(reason, now, id).changes === 1);
  }

  /** Ids of the live orders of a symbol, or of every symbol (to cancel them one by one, each answer its own). */
  liveIdsOf(symbol?: string): string[] {
    return (symbol === undefined ? this.s.liveIds.all() : this.s.liveOfSymbol.all(symbol)) as string[];
  }

  /** Changes a live order; returns whether it was live. */
  change(id: string, changes: HeldChanges, now: number): boolean {
    const best = changes.bestMark !== undefined;
    return this.write(
      () =>
        this.s.change.run(
          changes.state ?? null, changes.orderQuantity ?? null, changes.triggerPrice ?? null,
          changes.orderPrice ?? null, changes.trailingDistance ?? null, changes.trailingPercent ?? null,
          best ? 1 : 0, changes.bestMark ?? null, now, id,
        ).changes === 1,
    );
  }

  /** A trailing stop's best mark so far (not flushed: lost to a power cut, it only trails less far). */
  setBestMark(id: string, mark: number): void {
    this.write(() => this.s.bestMark.run(mark, id));
  }
}
