import type { PostgresClient } from '../../postgres';
import type { NewTicket } from '../types';

/** `($1, $2, …), (…)`: `rows` groups of `width` numbered parameters, each made by `group`. */
function placeholders(rows: number, width: number, group: (n: (i: number) => string) => string): string {
  return Array.from({ length: rows }, (_, row) => group((i) => `$${row * width + i + 1}`)).join(', ');
}

const list = (n: (i: number) => string, from: number, count: number) => Array.from({ length: count }, (_, i) => n(from + i)).join(', ');

/**
 * The ticket of a firing or a TWAP's slice: the ticket, its requests and its orders (all pending),
 * inside the caller's transaction, as `createTicket` writes them (tickets.ts). No check first:
 * its id and client order ids are the held order's own, and a clash (the ticket's key, the
 * unique index of live client order ids) fails the insert and undoes the caller's transaction.
 * Held tickets carry one request of at most 10 orders: one INSERT each.
 */
export async function insertHeldTicket(client: PostgresClient, ticket: NewTicket): Promise<void> {
  const { id, now } = ticket;
  await client.query('INSERT INTO tickets (id, body_hash, recv_window, requests, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, now,
  ]);
  const bodies = ticket.requests.map((request, index) => [id, index + 1, request.body]);
  await client.query(`INSERT INTO requests (ticket_id, request_no, body) VALUES ${placeholders(bodies.length, 3, (n) => `(${list(n, 0, 3)})`)}`, bodies.flat());
  let seq = 0;
  const orders = ticket.requests.flatMap((request, index) =>
    request.orders.map((order, i) => [
      id, seq++, index + 1, order.symbol, order.side, order.order_type, order.order_price ?? null,
      order.order_quantity ?? null, order.order_amount ?? null, order.visible_quantity ?? null,
      order.order_tag ?? null, order.margin_mode ?? null, order.client_order_id ?? null, request.orderJson[i]!, now, now,
    ]),
  );
  if (orders.length === 0) return;
  await client.query(
    `INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, order_quantity,
      order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, created_at, updated_at)
      VALUES ${placeholders(orders.length, 16, (n) => `(${list(n, 0, 3)}, 'pending', ${list(n, 3, 13)})`)}`,
    orders.flat(),
  );
}
