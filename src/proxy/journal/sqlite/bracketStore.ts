import type Database from 'better-sqlite3';
import type { AwaitingExit, NewExit } from '../heldTypes';

function prepare(db: Database.Database) {
  return {
    insert: db.prepare(`INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side,
      order_quantity, trigger_price, order_price, oco_with, client_ref, entry_ticket_id, entry_client_order_id,
      created_at, updated_at, account, placed_by) VALUES (?, ?, ?, ?, 'awaiting_entry', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    // Through the partial index of live orders: awaiting_entry is one of its states.
    awaiting: db.prepare(`SELECT id, entry_ticket_id, entry_client_order_id FROM held_orders
      WHERE state IN ('awaiting_entry', 'armed', 'paused') AND state = 'awaiting_entry' ORDER BY id`),
    arm: db.prepare(`UPDATE held_orders SET state = 'armed', updated_at = ? WHERE id = ? AND state = 'awaiting_entry'`),
    cancel: db.prepare(`UPDATE held_orders SET state = 'cancelled', reason = ?, updated_at = ? WHERE id = ? AND state = 'awaiting_entry'`),
  };
}

/**
 * A bracket's exits in the journal. They are written in the transaction of their entry's ticket
 * (so they are on disk before the entry leaves) in state `awaiting_entry`, and leave it only by
 * the entry's answer: armed when accepted, cancelled otherwise. A trader's cancel in between wins
 * (it is a change of a live order, as any cancel).
 */
export class BracketStore {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    db: Database.Database,
    private readonly write: <T>(work: () => T) => T,
  ) {
    this.s = prepare(db);
  }

  /**
   * Inserts the exits, of the entry's account and placed by whoever placed the entry; to be called
   * inside the journal write of the entry's ticket (createTicket's `alongside`).
   */
  insertExits(entry: { ticketId: string; clientOrderId: string }, exits: readonly NewExit[], now: number, who: { account: string; placedBy: string | null }): void {
    for (const exit of exits) {
      this.s.insert.run(
        exit.id, exit.idempotencyKey, exit.bodyHash, exit.type, exit.symbol, exit.side, exit.orderQuantity,
        exit.triggerPrice, exit.orderPrice, exit.ocoWith, exit.clientRef, entry.ticketId, entry.clientOrderId, now, now, who.account, who.placedBy,
      );
    }
  }

  awaiting(): AwaitingExit[] {
    return this.s.awaiting.all() as AwaitingExit[];
  }

  /** Arms the exits still awaiting their entry; returns the ids it armed (a cancelled one stays cancelled). */
  arm(ids: readonly string[], now: number): string[] {
    return this.write(() => ids.filter((id) => this.s.arm.run(now, id).changes === 1));
  }

  /** Cancels the exits still awaiting their entry, saying why; returns the ids it cancelled. */
  cancel(ids: readonly string[], reason: string, now: number): string[] {
    return this.write(() => ids.filter((id) => this.s.cancel.run(reason, now, id).changes === 1));
  }
}
