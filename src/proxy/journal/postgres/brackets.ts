import type { Postgres } from '../../postgres';
import type { BracketJournal } from '../store';
import type { AwaitingExit } from '../heldTypes';

/**
 * A bracket's exits in PostgreSQL, as SQLite's BracketStore. They are written in the transaction
 * of their entry's ticket (createTicket, tickets.ts) in state `awaiting_entry`, and leave it only
 * by the entry's answer: armed when accepted, cancelled otherwise. A trader's cancel in between
 * wins (each step is guarded by `state = 'awaiting_entry'`).
 */
export class PostgresBrackets implements BracketJournal {
  constructor(private readonly pg: Postgres) {}

  async awaiting(): Promise<AwaitingExit[]> {
    // Through the partial index of live orders: awaiting_entry is one of its states.
    const { rows } = await this.pg.query<AwaitingExit & Record<string, unknown>>(
      `SELECT id, entry_ticket_id, entry_client_order_id FROM held_orders
        WHERE state IN ('awaiting_entry', 'armed', 'paused') AND state = 'awaiting_entry' ORDER BY id`,
    );
    return rows;
  }

  /** Arms the exits still awaiting their entry; returns the ids it armed, in the order given (a cancelled one stays cancelled). */
  async arm(ids: readonly string[], now: number): Promise<string[]> {
    return this.settle(ids, "state = 'armed', updated_at = $2", [now]);
  }

  /** Cancels the exits still awaiting their entry, saying why; returns the ids it cancelled. */
  async cancel(ids: readonly string[], reason: string, now: number): Promise<string[]> {
    return this.settle(ids, "state = 'cancelled', updated_at = $2, reason = $3", [now, reason]);
  }

  /** One statement for all the ids: each row changes only if it still awaits its entry. */
  private async settle(ids: readonly string[], set: string, params: unknown[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pg.query<{ id: string }>(
      `UPDATE held_orders SET ${set} WHERE id = ANY($1::text[]) AND state = 'awaiting_entry' RETURNING id`,
      [ids, ...params],
    );
    const changed = new Set(rows.map((row) => row.id));
    // delete: an id given twice is reported once, as SQLite's second UPDATE of it changes nothing.
    return ids.filter((id) => changed.delete(id));
  }
}
