import type Database from 'better-sqlite3';
import { orderStatuses, type JournalOrder, type OrderStatus } from '@/interface';
import type { OrdersListing } from '../store';
import { MAIN_ACCOUNT, type NewTicket } from '../types';

/** Statuses kept in the orders_live partial index. */
export const LIVE_STATUSES = ['pending', 'sent', 'unknown'] as const;
/** Statuses of an order that holds its client order id: it is, or may turn out, accepted. */
const HOLDING_STATUSES = ['pending', 'sent', 'accepted', 'unknown'] as const;

/**
 * Statuses as SQL literals, not parameters: SQLite can then see that a filter on live statuses is
 * covered by the partial index. Only known statuses (the schema allows no others) get here.
 */
export const sqlStatuses = (statuses: readonly OrderStatus[]) =>
  statuses.filter((status) => orderStatuses.includes(status)).map((status) => `'${status}'`).join(', ') || 'NULL';

export const orderColumns = `ticket_id, seq, request_no, status, symbol, side, order_type, order_price,
  order_quantity, order_amount, visible_quantity, order_tag, margin_mode, client_order_id,
  order_id, error_code, error_message, created_at, updated_at`;

/** An order row as the views give it: its own columns and its ticket's account and people (issue 30). */
const viewColumns = `${orderColumns.split(',').map((column) => `o.${column.trim()}`).join(', ')}, t.account, t.placed_by, t.approved_by`;
const ticketOf = 'FROM orders o JOIN tickets t ON t.id = o.ticket_id';

const ORDER_VALUES = "(?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
/** Orders per INSERT at most: a ticket's orders go in groups this size (16 parameters each, far below SQLite's limit). */
const ORDERS_PER_INSERT = 25;

/** One INSERT of `count` orders, prepared at its first use (a ticket's orders in one statement, not one each). */
function ordersInsert(db: Database.Database) {
  const prepared = new Map<number, Database.Statement>();
  return (count: number) => {
    let statement = prepared.get(count);
    if (!statement) {
      statement = db.prepare(`INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price,
        order_quantity, order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, created_at, updated_at)
        VALUES ${Array.from({ length: count }, () => ORDER_VALUES).join(', ')}`);
      prepared.set(count, statement);
    }
    return statement;
  };
}

/** Every statement the journal runs more than once, prepared once. */
export function prepareStatements(db: Database.Database) {
  return {
    insertOrders: ordersInsert(db),
    ticket: db.prepare('SELECT id, body_hash, recv_window, requests, created_at, account FROM tickets WHERE id = ?'),
    insertTicket: db.prepare(
      'INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account, placed_by, approved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertRequest: db.prepare('INSERT INTO requests (ticket_id, request_no, body) VALUES (?, ?, ?)'),
    markRequestSent: db.prepare(
      'UPDATE requests SET service_timestamp = ?, sent_at = ? WHERE ticket_id = ? AND request_no = ?',
    ),
    markOrdersSent: db.prepare(
      "UPDATE orders SET status = 'sent', updated_at = ? WHERE ticket_id = ? AND request_no = ? AND status = 'pending'",
    ),
    finishRequest: db.prepare(`UPDATE requests SET answered_at = ?, http_status = ?, outcome = ?,
      reason = ?, error_code = ?, error_message = ? WHERE ticket_id = ? AND request_no = ?`),
    firstProblem: db.prepare(`SELECT reason, http_status, error_code, error_message FROM requests
      WHERE ticket_id = ? AND outcome IN ('failed', 'unknown') ORDER BY request_no LIMIT 1`),
    // Row i of an answer is the i-th order of its request by seq (a request's seqs run on from its
    // lowest): one lookup of that seq, then each row by the (ticket_id, seq) key. One UPDATE over
    // json_each of the answer cost half as much again: SQLite read the JSON once per order.
    firstSeq: db.prepare('SELECT min(seq) FROM orders WHERE ticket_id = ? AND request_no = ?').pluck(),
    answerOutcome: db.prepare(`UPDATE orders SET status = ?, order_id = ?, error_message = ?, updated_at = ?
      WHERE ticket_id = ? AND seq = ? AND request_no = ?`),
    requestOutcome: db.prepare(`UPDATE orders SET status = ?, error_code = ?, error_message = ?,
      updated_at = ? WHERE ticket_id = ? AND request_no = ? AND status IN ('pending', 'sent')`),
    ordersOfTicket: db.prepare(`SELECT ${viewColumns} ${ticketOf} WHERE o.ticket_id = ? ORDER BY o.seq`),
    unsent: db.prepare(
      "UPDATE orders SET status = 'unknown', error_message = ?, updated_at = ? WHERE status = 'sent'",
    ),
    unsentRequests: db.prepare(
      "UPDATE requests SET outcome = 'unknown', reason = 'restart', error_message = ? WHERE outcome IS NULL AND sent_at IS NOT NULL",
    ),
    pendingTickets: db.prepare(
      "SELECT ticket_id FROM orders WHERE status IN ('pending', 'sent', 'unknown') AND status = 'pending' GROUP BY ticket_id ORDER BY min(id) LIMIT ?",
    ),
    pendingTicketsOf: db.prepare(`SELECT o.ticket_id ${ticketOf} WHERE o.status IN ('pending', 'sent', 'unknown') AND o.status = 'pending'
      AND t.account = ? GROUP BY o.ticket_id ORDER BY min(o.id) LIMIT ?`),
    requestStates: db.prepare(`SELECT r.request_no, r.body, r.outcome, count(o.id) AS orders,
      sum(o.status = 'pending') AS pending, sum(o.status = 'sent') AS sent FROM requests r
      JOIN orders o ON o.ticket_id = r.ticket_id AND o.request_no = r.request_no
      WHERE r.ticket_id = ? GROUP BY r.request_no ORDER BY r.request_no`),
    unfinished: db.prepare(
      "UPDATE orders SET status = 'unknown', error_message = ?, updated_at = ? WHERE status IN ('pending', 'sent')",
    ),
    unfinishedRequests: db.prepare(
      "UPDATE requests SET outcome = 'unknown', reason = 'restart', error_message = ? WHERE outcome IS NULL",
    ),
    // One account's (a desk's sender of that account takes over): `sent` only, the pending stay for it.
    unsentOf: db.prepare(`UPDATE orders SET status = 'unknown', error_message = ?, updated_at = ? WHERE status = 'sent'
      AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = orders.ticket_id AND t.account = ?)`),
    unsentRequestsOf: db.prepare(`UPDATE requests SET outcome = 'unknown', reason = 'restart', error_message = ?
      WHERE outcome IS NULL AND sent_at IS NOT NULL AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = requests.ticket_id AND t.account = ?)`),
    liveClientIds: db.prepare(
      `SELECT client_order_id, ticket_id FROM orders WHERE client_order_id IS NOT NULL AND status IN (${sqlStatuses(HOLDING_STATUSES)})`,
    ),
    clientIdStatus: db.prepare(
      `SELECT status FROM orders WHERE ticket_id = ? AND client_order_id = ? AND status IN (${sqlStatuses(HOLDING_STATUSES)}) LIMIT 1`,
    ),
    countLive: db.prepare(
      `SELECT status, COUNT(*) AS n FROM orders WHERE status IN (${sqlStatuses(LIVE_STATUSES)}) GROUP BY status`,
    ),
    // Retention: old tickets none of whose orders is live (pending, sent or unknown).
    expiredTickets: db.prepare(`SELECT id FROM tickets t WHERE created_at < ? AND NOT EXISTS
      (SELECT 1 FROM orders o WHERE o.ticket_id = t.id AND o.status IN (${sqlStatuses(LIVE_STATUSES)}))
      ORDER BY created_at LIMIT ?`),
    deleteOrders: db.prepare('DELETE FROM orders WHERE ticket_id = ?'),
    deleteRequests: db.prepare('DELETE FROM requests WHERE ticket_id = ?'),
    deleteTicket: db.prepare('DELETE FROM tickets WHERE id = ?'),
  };
}
export type JournalStatements = ReturnType<typeof prepareStatements>;

/**
 * A ticket, its requests and its orders (all pending), inside the caller's transaction;
 * `heldClientId` is told each client order id written.
 */
export function insertTicketRows(s: JournalStatements, ticket: NewTicket, heldClientId: (clientOrderId: string) => void): void {
  s.insertTicket.run(
    ticket.id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, ticket.now,
    ticket.account ?? MAIN_ACCOUNT, ticket.placedBy ?? null, ticket.approvedBy ?? null,
  );
  let seq = 0;
  ticket.requests.forEach((request, index) => {
    const requestNo = index + 1;
    s.insertRequest.run(ticket.id, requestNo, request.body);
    for (let from = 0; from < request.orders.length; from += ORDERS_PER_INSERT) {
      const group = request.orders.slice(from, from + ORDERS_PER_INSERT);
      // Positional: binding named parameters from objects costs more than the insert.
      const values: unknown[] = [];
      group.forEach((order, i) => {
        values.push(
          ticket.id, seq++, requestNo, order.symbol, order.side, order.order_type, order.order_price ?? null,
          order.order_quantity ?? null, order.order_amount ?? null, order.visible_quantity ?? null,
          order.order_tag ?? null, order.margin_mode ?? null, order.client_order_id ?? null,
          request.orderJson[from + i], ticket.now, ticket.now,
        );
        if (order.client_order_id) heldClientId(order.client_order_id);
      });
      s.insertOrders(group.length).run(...values);
    }
  });
}

/** Newest first; `next_cursor` continues with older orders. */
export function listOrders(db: Database.Database, query: OrdersListing): { rows: JournalOrder[]; next_cursor: string | null } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.cursor !== undefined) {
    where.push('o.id < ?');
    params.push(Number(query.cursor));
  }
  if (query.status && query.status.length > 0) {
    where.push(`o.status IN (${sqlStatuses(query.status)})`);
  }
  if (query.symbol) {
    where.push('o.symbol = ?');
    params.push(query.symbol);
  }
  if (query.ticket) {
    where.push('o.ticket_id = ?');
    params.push(query.ticket);
  }
  if (query.account) {
    where.push('t.account = ?');
    params.push(query.account);
  }
  if (query.accounts) {
    where.push(query.accounts.length ? `t.account IN (${query.accounts.map(() => '?').join(', ')})` : '0');
    params.push(...query.accounts);
  }
  const sql = `SELECT o.id, ${viewColumns} ${ticketOf} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY o.id DESC LIMIT ?`;
  const found = db.prepare(sql).all(...params, query.limit + 1) as (JournalOrder & { id: number })[];
  const page = found.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ id: _id, ...row }) => row),
    next_cursor: found.length > query.limit && last ? String(last.id) : null,
  };
}
