import { LeaseLostError } from '../../sending/lease';
import type { Postgres } from '../../postgres';
import type { RequestState, SendFence } from '../store';
import { UNKNOWN_AFTER_RESTART } from '../types';

/**
 * Marks a request sent, just before it leaves. With a fence (the desk's sending lease) the
 * database itself refuses it once the lease is another proxy's: a proxy cut off from the database
 * past its lease, or paused and resumed, cannot mark anything sent, and so sends nothing. A
 * request is marked sent once: a second sender finds it marked and sends nothing either.
 */
export async function markSent(
  pg: Postgres,
  fence: SendFence | undefined,
  sent: { ticketId: string; requestNo: number; serviceTimestamp: number; now: number; retry: boolean },
): Promise<void> {
  const params: unknown[] = [sent.serviceTimestamp, sent.now, sent.ticketId, sent.requestNo];
  const guard = fence?.guardedSql(params.length);
  if (guard) params.push(...guard.params);
  const { rows } = await pg.query<{ marked: number }>(
    `WITH request AS (UPDATE requests SET service_timestamp = $1, sent_at = $2 WHERE ticket_id = $3 AND request_no = $4
        ${sent.retry ? '' : 'AND sent_at IS NULL'} ${guard ? `AND ${guard.sql}` : ''} RETURNING 1),
      orders AS (UPDATE orders SET status = 'sent', updated_at = $2 WHERE ticket_id = $3 AND request_no = $4 AND status = 'pending'
        AND EXISTS (SELECT 1 FROM request))
      SELECT count(*) AS marked FROM request`,
    params,
  );
  // Refused: the lease is another's, or the request was marked sent already (by a sender that
  // believed it held the lease): either way it must not leave from here.
  if (rows[0]?.marked !== 1) throw new LeaseLostError(fence?.accountId ?? 'this account');
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
