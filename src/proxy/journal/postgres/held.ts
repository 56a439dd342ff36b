import type { HeldOrder } from '@/interface';
import type { Postgres } from '../../postgres';
import type { BracketJournal, HeldJournal, HeldListing } from '../store';
import type { HeldChanges, HeldRow, NewHeldOrder } from '../heldTypes';
import { armHeld } from './arm';
import { PostgresBrackets } from './brackets';
import { PostgresFiring } from './firing';
import { HELD_COLUMNS, HELD_LIVE, heldOf, viewQuery, type ViewRow } from './heldView';
import { PostgresRearm } from './rearm';
import { PostgresTwap } from './twap';

/**
 * The held orders of a desk's journal in PostgreSQL: SQLite's HeldStore statement for statement.
 * Every change is one statement (or one transaction) guarded in its WHERE by the states it may
 * change, so a cancel and a firing of the same order, from this proxy or another, are ordered by
 * the database: the first to commit wins, the other's UPDATE waits for its row lock, reads the
 * committed row again and finds the order no longer live.
 */
export class PostgresHeld implements HeldJournal {
  readonly twap: PostgresTwap;
  readonly rearm: PostgresRearm;
  readonly firing: PostgresFiring;

  constructor(private readonly pg: Postgres) {
    this.twap = new PostgresTwap(pg);
    this.rearm = new PostgresRearm(pg);
    this.firing = new PostgresFiring(pg);
  }

  /** The stored row, flat (the TWAP and bracket columns as they are). */
  async row(id: string): Promise<HeldRow | undefined> {
    const { rows } = await this.pg.query<HeldRow>(`SELECT ${HELD_COLUMNS} FROM held_orders WHERE id = $1`, [id]);
    return rows[0];
  }

  /** Held orders as the API shows them: `rows` picks them (with its order and limit), one query in all. */
  private async views(rows: string, order: string, params: unknown[]): Promise<HeldOrder[]> {
    const { rows: found } = await this.pg.query<ViewRow>(viewQuery(rows, order), params);
    return found.map(heldOf);
  }

  async get(id: string): Promise<HeldOrder | undefined> {
    const [order] = await this.views(`SELECT ${HELD_COLUMNS} FROM held_orders WHERE id = $1`, 'h.id', [id]);
    return order;
  }

  async byIdempotencyKey(key: string): Promise<{ id: string; bodyHash: string } | undefined> {
    const { rows } = await this.pg.query<{ id: string; body_hash: string }>('SELECT id, body_hash FROM held_orders WHERE idempotency_key = $1', [key]);
    const row = rows[0];
    return row && { id: row.id, bodyHash: row.body_hash };
  }

  /** Awaiting, armed and paused orders, for the book at start. */
  live(): Promise<HeldOrder[]> {
    return this.views(`SELECT ${HELD_COLUMNS} FROM held_orders WHERE state IN ${HELD_LIVE}`, 'h.id', []);
  }

  /** Awaiting, armed and paused orders, of one account or of all. */
  async countLive(account?: string): Promise<number> {
    const { rows } =
      account === undefined
        ? await this.pg.query<{ n: number }>(`SELECT count(*) AS n FROM held_orders WHERE state IN ${HELD_LIVE}`)
        : await this.pg.query<{ n: number }>(`SELECT count(*) AS n FROM held_orders WHERE state IN ${HELD_LIVE} AND account = $1`, [account]);
    return rows[0]!.n;
  }

  /** Awaiting, armed and paused orders placed by one person (by name), of every account. */
  async countLivePlacedBy(placedBy: string): Promise<number> {
    const { rows } = await this.pg.query<{ n: number }>(`SELECT count(*) AS n FROM held_orders WHERE state IN ${HELD_LIVE} AND placed_by = $1`, [placedBy]);
    return rows[0]!.n;
  }

  /** Newest first, at most `limit`: the rows are picked (and limited) before their orders are read. */
  list(filter: HeldListing, limit = 500): Promise<HeldOrder[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.state) where.push(`state = $${params.push(filter.state)}`);
    if (filter.symbol) where.push(`symbol = $${params.push(filter.symbol)}`);
    if (filter.account) where.push(`account = $${params.push(filter.account)}`);
    if (filter.accounts) where.push(`account = ANY($${params.push([...filter.accounts])}::text[])`);
    const rows = `SELECT ${HELD_COLUMNS} FROM held_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit)}`;
    return this.views(rows, 'h.created_at DESC, h.id DESC', params);
  }

  /** Writes an armed order (and links its OCO partner) in one transaction; throws, writing nothing (see armHeld). */
  async arm(order: NewHeldOrder): Promise<HeldOrder> {
    await this.pg.transaction((client) => armHeld(client, order));
    return (await this.get(order.id))!;
  }

  /** Cancels if still live, saying why; returns whether it did. */
  async cancel(id: string, now: number, reason = 'cancelled by the trader'): Promise<boolean> {
    const cancelled = await this.pg.query(
      `UPDATE held_orders SET state = 'cancelled', reason = $1, updated_at = $2 WHERE id = $3 AND state IN ${HELD_LIVE}`,
      [reason, now, id],
    );
    return cancelled.rowCount === 1;
  }

  /** Ids of the live orders of a symbol, or of every symbol (to cancel them one by one, each answer its own). */
  async liveIdsOf(symbol?: string): Promise<string[]> {
    const { rows } =
      symbol === undefined
        ? await this.pg.query<{ id: string }>(`SELECT id FROM held_orders WHERE state IN ${HELD_LIVE}`)
        : await this.pg.query<{ id: string }>(`SELECT id FROM held_orders WHERE state IN ${HELD_LIVE} AND symbol = $1`, [symbol]);
    return rows.map((row) => row.id);
  }

  /** Changes a live order; returns whether it was live. */
  async change(id: string, changes: HeldChanges, now: number): Promise<boolean> {
    const changed = await this.pg.query(
      `UPDATE held_orders SET state = coalesce($1, state), order_quantity = coalesce($2, order_quantity),
        trigger_price = coalesce($3, trigger_price), order_price = coalesce($4, order_price),
        trailing_distance = coalesce($5, trailing_distance), trailing_percent = coalesce($6, trailing_percent),
        best_mark = CASE WHEN $7::boolean THEN $8::double precision ELSE best_mark END, updated_at = $9
        WHERE id = $10 AND state IN ${HELD_LIVE}`,
      [
        changes.state ?? null, changes.orderQuantity ?? null, changes.triggerPrice ?? null, changes.orderPrice ?? null,
        changes.trailingDistance ?? null, changes.trailingPercent ?? null, changes.bestMark !== undefined, changes.bestMark ?? null,
        now, id,
      ],
    );
    return changed.rowCount === 1;
  }

  /** A trailing stop's best mark so far. */
  async setBestMark(id: string, mark: number): Promise<void> {
    await this.pg.query(`UPDATE held_orders SET best_mark = $1 WHERE id = $2 AND state IN ${HELD_LIVE}`, [mark, id]);
  }
}

/** The held orders and a bracket's exits of a desk's journal, for openPostgresJournal's parts. */
export function openPostgresHeld(pg: Postgres): { held: HeldJournal; brackets: BracketJournal } {
  return { held: new PostgresHeld(pg), brackets: new PostgresBrackets(pg) };
}
