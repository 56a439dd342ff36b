import type { PostgresClient } from '../../postgres';
import type { CreateTicketOutcome, TicketExtras } from '../store';
import { MAIN_ACCOUNT, type NewTicket } from '../types';

/** Statuses of an order that holds its client order id (the unique partial index's statuses). */
const HOLDING = "('pending', 'sent', 'accepted', 'unknown')";
/** Statuses that need attention: being sent, or of unknown outcome. */
export const LIVE = "('pending', 'sent', 'unknown')";

export const ORDER_COLUMNS = `ticket_id, seq, request_no, status, symbol, side, order_type, order_price,
  order_quantity, order_amount, visible_quantity, order_tag, margin_mode, client_order_id,
  order_id, error_code, error_message, created_at, updated_at`;

/** An order row as the views give it (`o` the order, `t` its ticket): its ticket's account and people too (issue 30). */
export const VIEW_COLUMNS = `${ORDER_COLUMNS.split(',').map((column) => `o.${column.trim()}`).join(', ')}, t.account, t.placed_by, t.approved_by`;

/** SQLSTATE of a unique violation, and the index that keeps live client order ids unique. */
const UNIQUE_VIOLATION = '23505';
const CLIENT_ID_INDEX = 'orders_live_client_order_id';
/** Rows per INSERT: 16 parameters an order stays far below PostgreSQL's 65535. */
const ORDERS_PER_INSERT = 500;

/** `($1, $2, …), (…)`: `rows` groups of `width` numbered parameters, from `$start`. */
function placeholders(rows: number, width: number, start = 1, template?: (n: (i: number) => string) => string): string {
  const groups: string[] = [];
  for (let row = 0; row < rows; row++) {
    const base = start + row * width;
    const n = (i: number) => `$${base + i}`;
    groups.push(template ? template(n) : `(${Array.from({ length: width }, (_, i) => n(i)).join(', ')})`);
  }
  return groups.join(', ');
}

/** Every order of the ticket, flat, with its request number and the JSON that will be signed. */
export function ordersOf(ticket: NewTicket) {
  let seq = 0;
  return ticket.requests.flatMap((request, index) =>
    request.orders.map((order, i) => ({ order, json: request.orderJson[i]!, seq: seq++, requestNo: index + 1 })),
  );
}

/** The first order of the ticket whose client order id an order of the journal holds. */
async function takenClientOrderId(client: PostgresClient, ticket: NewTicket): Promise<CreateTicketOutcome | undefined> {
  const orders = ordersOf(ticket);
  const ids = orders.flatMap(({ order }) => (order.client_order_id ? [order.client_order_id] : []));
  if (ids.length === 0) return undefined;
  const { rows } = await client.query<{ client_order_id: string; ticket_id: string }>(
    `SELECT client_order_id, ticket_id FROM orders WHERE client_order_id = ANY($1::text[]) AND status IN ${HOLDING}`,
    [ids],
  );
  if (rows.length === 0) return undefined;
  const holders = new Map(rows.map((row) => [row.client_order_id, row.ticket_id]));
  const index = orders.findIndex(({ order }) => order.client_order_id !== undefined && holders.has(order.client_order_id));
  const clientOrderId = orders[index]!.order.client_order_id!;
  return { kind: 'client-order-id-taken', index, clientOrderId, ticketId: holders.get(clientOrderId)! };
}

/**
 * The ticket of a firing or a TWAP's slice, inside the caller's transaction, as `createTicket`
 * writes a trader's. No check first: its id and client order ids are the held order's own, and a
 * clash (the key, the unique index of live client order ids) fails the insert and undoes the
 * caller's transaction.
 */
export async function insertHeldTicket(client: PostgresClient, ticket: NewTicket): Promise<void> {
  await client.query(
    'INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account, placed_by, approved_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [ticket.id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, ticket.now, ...whoOf(ticket)],
  );
  await insertRows(client, ticket);
}

async function insertRows(client: PostgresClient, ticket: NewTicket): Promise<void> {
  const { id, now } = ticket;
  const bodies = ticket.requests.map((request, index) => [id, index + 1, request.body]);
  await client.query(`INSERT INTO requests (ticket_id, request_no, body) VALUES ${placeholders(bodies.length, 3)}`, bodies.flat());
  const orders = ordersOf(ticket);
  for (let from = 0; from < orders.length; from += ORDERS_PER_INSERT) {
    const chunk = orders.slice(from, from + ORDERS_PER_INSERT);
    const values = chunk.flatMap(({ order, json, seq, requestNo }) => [
      id, seq, requestNo, order.symbol, order.side, order.order_type, order.order_price ?? null,
      order.order_quantity ?? null, order.order_amount ?? null, order.visible_quantity ?? null,
      order.order_tag ?? null, order.margin_mode ?? null, order.client_order_id ?? null, json, now, now,
    ]);
    const rows = placeholders(chunk.length, 16, 1, (n) =>
      `(${n(0)}, ${n(1)}, ${n(2)}, 'pending', ${Array.from({ length: 13 }, (_, i) => n(i + 3)).join(', ')})`,
    );
    await client.query(
      `INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, order_quantity,
        order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, created_at, updated_at)
        VALUES ${rows}`,
      values,
    );
  }
}

/** The ticket's account, who placed it and who approved it, as its insert's last three values. */
export const whoOf = (ticket: NewTicket) => [ticket.account ?? MAIN_ACCOUNT, ticket.placedBy ?? null, ticket.approvedBy ?? null];

/** A bracket's exits, awaiting their entry, in the entry's own transaction (of the entry's account, placed by its placer). */
async function insertExits(client: PostgresClient, extras: TicketExtras, ticket: NewTicket): Promise<void> {
  const bracket = extras.bracketExits;
  if (!bracket || bracket.exits.length === 0) return;
  const { entry, now } = bracket;
  const values = bracket.exits.flatMap((exit) => [
    exit.id, exit.idempotencyKey, exit.bodyHash, exit.type, exit.symbol, exit.side, exit.orderQuantity, exit.triggerPrice,
    exit.orderPrice, exit.ocoWith, exit.clientRef, entry.ticketId, entry.clientOrderId, now, now,
    ticket.account ?? MAIN_ACCOUNT, ticket.placedBy ?? null,
  ]);
  const rows = placeholders(bracket.exits.length, 17, 1, (n) =>
    `(${n(0)}, ${n(1)}, ${n(2)}, ${n(3)}, 'awaiting_entry', ${Array.from({ length: 13 }, (_, i) => n(i + 4)).join(', ')})`,
  );
  await client.query(
    `INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side, order_quantity, trigger_price,
      order_price, oco_with, client_ref, entry_ticket_id, entry_client_order_id, created_at, updated_at, account, placed_by)
      VALUES ${rows}`,
    values,
  );
}

/** Thrown inside the transaction to undo it when a client order id was taken between check and insert. */
class ClientIdRace extends Error {}

/**
 * A ticket without extras in ONE statement (one round trip, one commit): the ticket's insert
 * decides whether its requests and orders are written, and the unique index of live client order
 * ids fails the whole statement when one is taken.
 */
async function createPlainTicket(client: PostgresClient, ticket: NewTicket): Promise<CreateTicketOutcome | 'client-id-race'> {
  const orders = ordersOf(ticket);
  const column = <T>(pick: (item: (typeof orders)[number]) => T) => orders.map(pick);
  try {
    const { rows } = await client.query<{ created: number }>(
      `WITH ticket AS (INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account, placed_by, approved_by)
          VALUES ($1, $2, $3, $4, $5, $19, $20, $21) ON CONFLICT (id) DO NOTHING RETURNING id),
        request_rows AS (INSERT INTO requests (ticket_id, request_no, body)
          SELECT $1, n, body FROM unnest($6::text[]) WITH ORDINALITY AS r(body, n) WHERE EXISTS (SELECT 1 FROM ticket)),
        order_rows AS (INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, order_quantity,
            order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, created_at, updated_at)
          SELECT $1, o.n - 1, o.request_no, 'pending', o.symbol, o.side, o.order_type, o.order_price, o.order_quantity, o.order_amount,
            o.visible_quantity, o.order_tag, o.margin_mode, o.client_order_id, o.order_json, $5, $5
          FROM unnest($7::int[], $8::text[], $9::text[], $10::text[], $11::float8[], $12::float8[], $13::float8[], $14::float8[],
            $15::text[], $16::text[], $17::text[], $18::text[]) WITH ORDINALITY AS o(request_no, symbol, side, order_type, order_price,
            order_quantity, order_amount, visible_quantity, order_tag, margin_mode, client_order_id, order_json, n)
          WHERE EXISTS (SELECT 1 FROM ticket))
        SELECT count(*) AS created FROM ticket`,
      [
        ticket.id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, ticket.now,
        ticket.requests.map((request) => request.body),
        column((item) => item.requestNo), column((item) => item.order.symbol), column((item) => item.order.side),
        column((item) => item.order.order_type), column((item) => item.order.order_price ?? null),
        column((item) => item.order.order_quantity ?? null), column((item) => item.order.order_amount ?? null),
        column((item) => item.order.visible_quantity ?? null), column((item) => item.order.order_tag ?? null),
        column((item) => item.order.margin_mode ?? null), column((item) => item.order.client_order_id ?? null), column((item) => item.json),
        ...whoOf(ticket),
      ],
    );
    if (rows[0]!.created === 1) return { kind: 'created' };
    const existing = await client.query<{ body_hash: string }>('SELECT body_hash FROM tickets WHERE id = $1', [ticket.id]);
    return { kind: 'exists', bodyHash: existing.rows[0]!.body_hash };
  } catch (error) {
    const failure = error as { code?: string; constraint?: string };
    if (failure.code !== UNIQUE_VIOLATION || failure.constraint !== CLIENT_ID_INDEX) throw error;
    return (await takenClientOrderId(client, ticket)) ?? 'client-id-race';
  }
}

/**
 * A ticket, its requests and orders (all pending) and a bracket's exits, in one transaction, unless
 * the key or a live client order id is taken. Both are decided by the database: the ticket's
 * primary key (`ON CONFLICT DO NOTHING` waits for a concurrent insert of the same key to commit or
 * roll back) and the partial unique index on live client order ids. Another proxy inserting the
 * same client order id between our check and our insert fails ours with a unique violation: the
 * transaction is undone and the check runs again, naming the ticket that holds the id.
 */
export async function createTicket(
  query: PostgresClient,
  transaction: <T>(work: (client: PostgresClient) => Promise<T>) => Promise<T>,
  ticket: NewTicket,
  extras: TicketExtras = {},
): Promise<CreateTicketOutcome> {
  for (let attempt = 0; ; attempt++) {
    if (!extras.bracketExits) {
      const plain = await createPlainTicket(query, ticket);
      if (plain !== 'client-id-race') return plain;
      if (attempt >= 3) throw new Error(`ticket ${ticket.id}: a client order id was taken and freed again while it was written`);
      continue;
    }
    try {
      return await transaction(async (client) => {
        const inserted = await client.query(
          `INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account, placed_by, approved_by)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [ticket.id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, ticket.now, ...whoOf(ticket)],
        );
        if (inserted.rowCount === 0) {
          const { rows } = await client.query<{ body_hash: string }>('SELECT body_hash FROM tickets WHERE id = $1', [ticket.id]);
          return { kind: 'exists', bodyHash: rows[0]!.body_hash } as const;
        }
        // Read before writing: the common refusal costs no failed insert. The insert decides.
        const taken = await takenClientOrderId(client, ticket);
        if (taken) throw Object.assign(new ClientIdRace(), { outcome: taken });
        try {
          await insertRows(client, ticket);
        } catch (error) {
          const failure = error as { code?: string; constraint?: string };
          if (failure.code === UNIQUE_VIOLATION && failure.constraint === CLIENT_ID_INDEX) throw new ClientIdRace();
          throw error;
        }
        await insertExits(client, extras, ticket);
        return { kind: 'created' } as const;
      });
    } catch (error) {
      if (!(error instanceof ClientIdRace)) throw error;
      const outcome = (error as ClientIdRace & { outcome?: CreateTicketOutcome }).outcome;
      if (outcome) return outcome;
      // The holder may have settled since (rejected frees its id): try again, a few times.
      if (attempt >= 3) throw new Error(`ticket ${ticket.id}: a client order id was taken and freed again while it was written`, { cause: error });
    }
  }
}
