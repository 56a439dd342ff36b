import type { Postgres } from '../../postgres';
import type { RequestState, SendFence } from '../store';
import { UNKNOWN_AFTER_RESTART } from '../types';

/**
 * Marks a request sent, just before it leaves, alone (markSentGroup: several). With a fence (the
 * desk's sending lease) the database itself refuses it once the lease is another proxy's: a proxy
 * cut off from the database past its lease, or paused and resumed, cannot mark anything sent, and
 * so sends nothing. A request is marked sent once: a second sender finds it marked and sends
 * nothing either. Resolves whether it was marked: the caller throws LeaseLostError when not.
 */
export async function markSentAlone(pg: Postgres, fence: SendFence | undefined, sent: SentMark): Promise<boolean> {
  const params: unknown[] = [sent.serviceTimestamp, sent.now, sent.ticketId, sent.requestNo];
  const guard = fence?.guardedSql(params.length);
  if (guard) params.push(...guard.params);
  const { rows } = await pg.query<{ marked: number }>(
    `WITH request AS (UPDATE requests SET service_timestamp = $1, sent_at = $2 WHERE ticket_id = $3 AND request_no = $4
        ${sent.retry ? '' : 'AND sent_at IS NULL'} ${guard ? `AND ${guard.sql}` : ''} RETURNING 1),
      orders AS (UPDATE orders SET status = 'sent', updated_at = $2 WHERE status = 'pending' AND EXISTS (SELECT 1 FROM request)
        AND id IN (SELECT id FROM orders WHERE ticket_id = $3 AND request_no = $4 OFFSET 0))
      SELECT count(*) AS marked FROM request`,
    params,
  );
  // (The orders are found by the ticket's index, their status checked on the row, as in
  // markSentGroup: not through the pending orders' index, which holds every order that was ever
  // pending until a vacuum.)
  // Refused: the lease is another's, or the request was marked sent already (by a sender that
  // believed it held the lease): either way it must not leave from here.
  return rows[0]?.marked === 1;
}

/** One request to mark sent, as markSent takes it. */
export interface SentMark {
  ticketId: string;
  requestNo: number;
  serviceTimestamp: number;
  now: number;
  retry: boolean;
}

/**
 * Requests of one fence (one account's lease, or none) marked sent in ONE statement and one commit
 * (see GroupWrite), each as markSent would alone: marked only if not marked before (unless a
 * retry) and only while the lease holds. Resolves, per mark, whether it was marked; one not
 * marked must not leave. A request twice in the group fails it (the caller marks each alone, so
 * that the database marks it once).
 */
export async function markSentGroup(pg: Postgres, fence: SendFence | undefined, group: readonly SentMark[]): Promise<boolean[]> {
  const key = (ticketId: string, requestNo: number) => `${requestNo} ${ticketId}`;
  if (new Set(group.map((mark) => key(mark.ticketId, mark.requestNo))).size < group.length) throw new Error('a request twice in one group');
  // In the order of their keys, as the tickets' group (ticketGroup.ts): rows locked in one order.
  const marks = [...group].sort((a, b) => (a.ticketId < b.ticketId ? -1 : a.ticketId > b.ticketId ? 1 : a.requestNo - b.requestNo));
  const params: unknown[] = [
    marks.map((mark) => mark.ticketId), marks.map((mark) => mark.requestNo), marks.map((mark) => mark.serviceTimestamp),
    marks.map((mark) => mark.now), marks.map((mark) => mark.retry),
  ];
  const guard = fence?.guardedSql(params.length);
  if (guard) params.push(...guard.params);
  const { rows } = await pg.query<{ ticket_id: string; request_no: number }>(
    `WITH mark AS (SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[], $5::bool[])
        AS m(ticket_id, request_no, service_timestamp, sent_at, retry)),
      request AS (UPDATE requests r SET service_timestamp = m.service_timestamp, sent_at = m.sent_at FROM mark m
        WHERE r.ticket_id = m.ticket_id AND r.request_no = m.request_no AND (m.retry OR r.sent_at IS NULL)
        ${guard ? `AND ${guard.sql}` : ''} RETURNING r.ticket_id, r.request_no, m.sent_at),
      marked AS (SELECT o.id, request.sent_at FROM request, LATERAL (SELECT id FROM orders
        WHERE ticket_id = request.ticket_id AND request_no = request.request_no OFFSET 0) o),
      orders AS (UPDATE orders o SET status = 'sent', updated_at = marked.sent_at FROM marked WHERE o.id = marked.id AND o.status = 'pending')
      SELECT ticket_id, request_no FROM request`,
    params,
    // Planned at each run: a kept plan made while the tables were small scans them whole as they
    // grow. The orders are found per request (LATERAL, by the ticket's index), their status checked
    // on the row: joined whole, a table without statistics yet (a new desk) is scanned whole, or
    // the pending orders' index with every order that was ever pending (until a vacuum) instead.
    true,
  );
  const marked = new Set(rows.map((row) => key(row.ticket_id, row.request_no)));
  return group.map((mark) => marked.has(key(mark.ticketId, mark.requestNo)));
}

/**
 * In-flight orders become unknown; with `keepPending`, never-sent ones stay for the next sender.
 * With `account`, only that account's: the others' senders may have theirs in flight right now.
 */
export async function recover(pg: Postgres, now: number, keepPending: boolean, account?: string): Promise<number> {
  const statuses = keepPending ? "('sent')" : "('pending', 'sent')";
  const ofAccount = (table: string) => (account === undefined ? '' : `AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = ${table}.ticket_id AND t.account = $3)`);
  const extra = account === undefined ? [] : [account];
  return pg.transaction(async (client) => {
    const orders = await client.query(
      `UPDATE orders SET status = 'unknown', error_message = $1, updated_at = $2 WHERE status IN ${statuses} ${ofAccount('orders')}`,
      [UNKNOWN_AFTER_RESTART, now, ...extra],
    );
    await client.query(
      `UPDATE requests SET outcome = 'unknown', reason = 'restart', error_message = $1 WHERE outcome IS NULL
        ${keepPending ? 'AND sent_at IS NOT NULL' : ''} ${ofAccount('requests').replace('$3', '$2')}`,
      [UNKNOWN_AFTER_RESTART, ...extra],
    );
    return orders.rowCount ?? 0;
  });
}

/** Tickets with orders never sent, oldest first (through the partial index of live orders). */
export async function pendingTickets(pg: Postgres, limit: number, account?: string): Promise<string[]> {
  const { rows } = await pg.query<{ ticket_id: string }>(
    `SELECT o.ticket_id FROM orders o WHERE o.status IN ('pending', 'sent', 'unknown') AND o.status = 'pending'
      ${account === undefined ? '' : 'AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = o.ticket_id AND t.account = $2)'}
      GROUP BY o.ticket_id ORDER BY min(o.id) LIMIT $1`,
    account === undefined ? [limit] : [limit, account],
  );
  return rows.map((row) => row.ticket_id);
}

export async function requestStates(pg: Postgres, ticketId: string): Promise<RequestState[]> {
  const { rows } = await pg.query<{
    request_no: number; body: string; outcome: RequestState['state'] | null; orders: number; pending: number; sent: number;
  }>(
    `SELECT r.request_no, r.body, r.outcome, count(o.id) AS orders, count(*) FILTER (WHERE o.status = 'pending') AS pending,
      count(*) FILTER (WHERE o.status = 'sent') AS sent FROM requests r
      JOIN orders o ON o.ticket_id = r.ticket_id AND o.request_no = r.request_no
      WHERE r.ticket_id = $1 GROUP BY r.request_no, r.body, r.outcome ORDER BY r.request_no`,
    [ticketId],
  );
  return rows.map((row) => ({
    requestNo: row.request_no,
    body: row.body,
    orders: row.orders,
    state: row.pending > 0 ? 'pending' : row.sent > 0 ? 'sent' : (row.outcome ?? 'sent'),
  }));
}
