import type Database from 'better-sqlite3';
import type { HeldOrder, HeldOrderState, HeldOrderType, Side } from '@/interface';
import type { NewTicket } from './types';

/** A held order to arm, as checked by the holder. */
export interface NewHeldOrder {
  id: string;
  idempotencyKey: string;
  bodyHash: string;
  type: HeldOrderType;
  symbol: string;
  side: Side;
  orderQuantity: number;
  triggerPrice: number | null;
  orderPrice: number | null;
  trailingDistance: number | null;
  trailingPercent: number | null;
  bestMark: number | null;
  ocoWith: string | null;
  clientRef: string | null;
  now: number;
}

/** Fields a PATCH may change (null clears nothing: undefined leaves a field as it is). */
export interface HeldChanges {
  state?: 'armed' | 'paused';
  orderQuantity?: number;
  triggerPrice?: number;
  orderPrice?: number;
  trailingDistance?: number;
  trailingPercent?: number;
  bestMark?: number | null;
}

/** An OCO partner that could not be linked: gone, settled, or already linked. */
export class HeldConflictError extends Error {}

const LIVE = "('armed', 'paused')";
const columns = `id, type, state, symbol, side, order_quantity, trigger_price, order_price, trailing_distance,
  trailing_percent, best_mark, oco_with, client_ref, client_order_id, fired_mark, fired_at, created_at, updated_at`;
type Row = Omit<HeldOrder, 'client_order_ids'> & { client_order_id: string | null };

const toHeld = ({ client_order_id, ...row }: Row): HeldOrder => ({
  ...row,
  client_order_ids: client_order_id === null ? [] : [client_order_id],
});

function prepare(db: Database.Database) {
  return {
    byId: db.prepare(`SELECT ${columns} FROM held_orders WHERE id = ?`),
    byKey: db.prepare('SELECT id, body_hash FROM held_orders WHERE idempotency_key = ?'),
    live: db.prepare(`SELECT ${columns} FROM held_orders WHERE state IN ${LIVE} ORDER BY id`),
    countLive: db.prepare(`SELECT COUNT(*) FROM held_orders WHERE state IN ${LIVE}`).pluck(),
    liveOfSymbol: db.prepare(`SELECT id FROM held_orders WHERE state IN ${LIVE} AND symbol = ?`).pluck(),
    insert: db.prepare(`INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side,
      order_quantity, trigger_price, order_price, trailing_distance, trailing_percent, best_mark, oco_with,
      client_ref, created_at, updated_at) VALUES (?, ?, ?, ?, 'armed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    link: db.prepare(`UPDATE held_orders SET oco_with = ?, updated_at = ? WHERE id = ? AND state IN ${LIVE} AND oco_with IS NULL`),
    cancel: db.prepare(`UPDATE held_orders SET state = 'cancelled', updated_at = ? WHERE id = ? AND state IN ${LIVE}`),
    fire: db.prepare(`UPDATE held_orders SET state = 'fired', client_order_id = ?, fired_mark = ?, fired_at = ?,
      updated_at = ? WHERE id = ? AND state = 'armed'`),
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

  constructor(
    private readonly db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
    private readonly insertTicket: (ticket: NewTicket) => void,
  ) {
    this.s = prepare(db);
  }

  get(id: string): HeldOrder | undefined {
    const row = this.s.byId.get(id) as Row | undefined;
    return row && toHeld(row);
  }

  byIdempotencyKey(key: string): { id: string; bodyHash: string } | undefined {
    const row = this.s.byKey.get(key) as { id: string; body_hash: string } | undefined;
    return row && { id: row.id, bodyHash: row.body_hash };
  }

  /** Armed and paused orders, for the book at start. */
  live(): HeldOrder[] {
    return (this.s.live.all() as Row[]).map(toHeld);
  }

  countLive(): number {
    return this.s.countLive.get() as number;
  }

  /** Newest first, at most `limit`. */
  list(filter: { state?: HeldOrderState; symbol?: string }, limit = 500): HeldOrder[] {
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
    const sql = `SELECT ${columns} FROM held_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...params, limit) as Row[]).map(toHeld);
  }

  /** Writes an armed order (and links its OCO partner); throws HeldConflictError, writing nothing. */
  arm(order: NewHeldOrder): HeldOrder {
    const s = this.s;
    this.write(() => {
      s.insert.run(
        order.id, order.idempotencyKey, order.bodyHash, order.type, order.symbol, order.side, order.orderQuantity,
        order.triggerPrice, order.orderPrice, order.trailingDistance, order.trailingPercent, order.bestMark,
        order.ocoWith, order.clientRef, order.now, order.now,
      );
      if (order.ocoWith !== null && s.link.run(order.id, order.now, order.ocoWith).changes !== 1) {
        throw new HeldConflictError(`oco_with: ${order.ocoWith} is not an armed or paused held order without a partner`);
      }
    });
    return this.get(order.id)!;
  }

  /** Cancels if still live; returns whether it did. */
  cancel(id: string, now: number): boolean {
    return this.write(() => this.s.cancel.run(now, id).changes === 1);
  }

  /** Ids of the live orders of a symbol (to cancel them one by one, each answer its own). */
  liveIdsOf(symbol: string): string[] {
    return this.s.liveOfSymbol.all(symbol) as string[];
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

  /**
   * Fires an armed order: marks it fired, writes the ticket that sends its order and cancels its
   * OCO partner, all in one transaction. Returns false (writing nothing) if it was no longer armed.
   */
  fire(id: string, fired: { clientOrderId: string; mark: number; ticket: NewTicket }): { fired: boolean; cancelled?: string } {
    const s = this.s;
    const now = fired.ticket.now;
    return this.write(() => {
      if (s.fire.run(fired.clientOrderId, fired.mark, now, now, id).changes !== 1) return { fired: false };
      this.insertTicket(fired.ticket);
      const partner = (s.byId.get(id) as Row).oco_with;
      if (partner !== null && s.cancel.run(now, partner).changes === 1) return { fired: true, cancelled: partner };
      return { fired: true };
    });
  }
}
