import { DatabaseUnavailableError, type PostgresClient } from '../../postgres';
import { ItemFailed, WRITE_ALONE, type GroupAnswer } from '../../postgres/groupWrite';
import type { CreateTicketOutcome } from '../store';
import type { NewTicket } from '../types';
import { ordersOf, whoOf } from './tickets';

/**
 * Tickets without extras in ONE statement and one commit (see GroupWrite): each ticket's insert is
 * `ON CONFLICT (id) DO NOTHING`, as alone, and only the tickets it wrote get their requests and
 * orders. Any failure fails the whole statement, which then wrote nothing: a live client order id
 * taken (the unique index), or one key twice in the group (its requests' primary key); the
 * caller then writes each ticket alone, where a clash is told to its own ticket.
 */
export async function createTicketGroup(client: PostgresClient, group: readonly NewTicket[]): Promise<GroupAnswer<CreateTicketOutcome>[]> {
  // Written in the order of their keys: two proxies' groups that share keys wait on each other's
  // rows in one order, not in a circle (a deadlock would only fail both groups to one by one).
  const tickets = [...group].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const orders = tickets.flatMap((ticket) => ordersOf(ticket).map((item) => ({ ...item, ticket })));
  const requests = tickets.flatMap((ticket) => ticket.requests.map((request, index) => ({ ticket, requestNo: index + 1, body: request.body })));
  const of = <T, R>(list: readonly T[], pick: (item: T) => R) => list.map(pick);
  const { rows } = await client.query<{ id: string }>(
    `WITH ticket AS (INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account, placed_by, approved_by)
        SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::bigint[], $6::text[], $7::text[], $8::text[])
        ON CONFLICT (id) DO NOTHING RETURNING id),
      request_rows AS (INSERT INTO requests (ticket_id, request_no, body)
        SELECT r.ticket_id, r.request_no, r.body FROM unnest($9::text[], $10::int[], $11::text[]) AS r(ticket_id, request_no, body)
        WHERE r.ticket_id IN (SELECT id FROM ticket)),
      order_rows AS (INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, order_quantity,
          order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, created_at, updated_at)
        SELECT o.ticket_id, o.seq, o.request_no, 'pending', o.symbol, o.side, o.order_type, o.order_price, o.order_quantity,
          o.order_amount, o.visible_quantity, o.order_tag, o.margin_mode, o.client_order_id, o.order_json, o.created_at, o.created_at
        FROM unnest($12::text[], $13::int[], $14::int[], $15::text[], $16::text[], $17::text[], $18::float8[], $19::float8[],
          $20::float8[], $21::float8[], $22::text[], $23::text[], $24::text[], $25::text[], $26::bigint[]) AS o(ticket_id, seq,
          request_no, symbol, side, order_type, order_price, order_quantity, order_amount, visible_quantity, order_tag, margin_mode,
          client_order_id, order_json, created_at)
        WHERE o.ticket_id IN (SELECT id FROM ticket))
      SELECT id FROM ticket`,
    [
      of(tickets, (t) => t.id), of(tickets, (t) => t.bodyHash), of(tickets, (t) => t.recvWindow ?? null),
      of(tickets, (t) => t.requests.length), of(tickets, (t) => t.now),
      ...[0, 1, 2].map((i) => of(tickets, (t) => whoOf(t)[i])),
      of(requests, (r) => r.ticket.id), of(requests, (r) => r.requestNo), of(requests, (r) => r.body),
      of(orders, (o) => o.ticket.id), of(orders, (o) => o.seq), of(orders, (o) => o.requestNo), of(orders, (o) => o.order.symbol),
      of(orders, (o) => o.order.side), of(orders, (o) => o.order.order_type), of(orders, (o) => o.order.order_price ?? null),
      of(orders, (o) => o.order.order_quantity ?? null), of(orders, (o) => o.order.order_amount ?? null),
      of(orders, (o) => o.order.visible_quantity ?? null), of(orders, (o) => o.order.order_tag ?? null),
      of(orders, (o) => o.order.margin_mode ?? null), of(orders, (o) => o.order.client_order_id ?? null),
      of(orders, (o) => o.json), of(orders, (o) => o.ticket.now),
    ],
  );
  // Committed: from here on a created ticket is told so, whatever fails after.
  const created = new Set(rows.map((row) => row.id));
  const taken = tickets.filter((ticket) => !created.has(ticket.id)).map((ticket) => ticket.id);
  const hashes = await existingHashes(client, taken);
  return group.map((ticket): GroupAnswer<CreateTicketOutcome> => {
    if (created.has(ticket.id)) return { kind: 'created' };
    if (hashes instanceof ItemFailed) return hashes;
    const bodyHash = hashes.get(ticket.id);
    // Journaled, then gone (pruned) before the look: alone, it is judged again from the start.
    return bodyHash === undefined ? WRITE_ALONE : { kind: 'exists', bodyHash };
  });
}

/**
 * The body hashes of keys journaled before (a replay, another proxy's): a hash tells a replay from
 * a clash, as alone. A failed look fails those keys only: the database away refuses them (as
 * alone), anything else writes them alone.
 */
async function existingHashes(client: PostgresClient, keys: readonly string[]): Promise<Map<string, string> | ItemFailed> {
  const hashes = new Map<string, string>();
  if (keys.length === 0) return hashes;
  try {
    const existing = await client.query<{ id: string; body_hash: string }>('SELECT id, body_hash FROM tickets WHERE id = ANY($1::text[])', [keys]);
    for (const row of existing.rows) hashes.set(row.id, row.body_hash);
    return hashes;
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return new ItemFailed(error);
    return hashes;
  }
}
