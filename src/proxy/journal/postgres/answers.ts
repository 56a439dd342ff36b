import { ticketStatusOf, type JournalOrder, type TicketResult } from '@/interface';
import type { Postgres } from '../../postgres';
import type { OrderOutcome } from '../types';
import { VIEW_COLUMNS } from './tickets';

/** The service's answer to one request, as recordAnswer takes it. */
export interface Answer {
  ticketId: string;
  requestNo: number;
  httpStatus: number;
  outcomes: readonly OrderOutcome[];
  now: number;
  /** The ticket's last request: its result comes back with the write. */
  withResult: boolean;
}

type ResultRow = JournalOrder & { ticket_requests: number };

function resultOf(ticketId: string, rows: readonly ResultRow[]): TicketResult | undefined {
  if (rows.length === 0) return undefined;
  const orders = rows.map(({ ticket_requests: _requests, ...order }) => order as JournalOrder);
  return { ticket_id: ticketId, status: ticketStatusOf(orders.map((row) => row.status)), requests: rows[0]!.ticket_requests, rows: orders };
}

/**
 * One answer. Row i of the answer is the i-th order of the request, by seq. Written without
 * waiting for the disk, as SQLite's journal does: lost to a crash of the server, the order reads as
 * unknown. For the ticket's last request its result comes back with it (the answered rows as
 * written, its other requests' as they are): one round trip, not a write and then a read.
 */
export async function recordAnswerAlone(pg: Postgres, answer: Answer): Promise<TicketResult | undefined> {
  const { ticketId, requestNo, httpStatus, outcomes, now, withResult } = answer;
  const finish = `UPDATE requests SET answered_at = $1, http_status = $4, outcome = 'answered', reason = NULL, error_code = NULL,
    error_message = NULL WHERE ticket_id = $2 AND request_no = $3`;
  const { rows } = await pg.writeSoon<ResultRow>(
    `WITH answer AS (SELECT * FROM unnest($5::text[], $6::bigint[], $7::text[]) WITH ORDINALITY AS a(status, order_id, error_message, n)),
      numbered AS (SELECT id, row_number() OVER (ORDER BY seq) AS n FROM orders WHERE ticket_id = $2 AND request_no = $3),
      answered AS (UPDATE orders o SET status = a.status, order_id = a.order_id, error_message = a.error_message, updated_at = $1
        FROM numbered JOIN answer a USING (n) WHERE o.id = numbered.id RETURNING o.*)
      ${withResult
        ? `, finished AS (${finish})
          SELECT t.requests AS ticket_requests, ${VIEW_COLUMNS} FROM tickets t
            JOIN (SELECT * FROM answered UNION ALL SELECT * FROM orders WHERE ticket_id = $2 AND request_no <> $3) o ON o.ticket_id = t.id
            WHERE t.id = $2 ORDER BY o.seq`
        : finish}`,
    [
      now, ticketId, requestNo, httpStatus,
      outcomes.map((outcome) => outcome.status), outcomes.map((outcome) => outcome.orderId), outcomes.map((outcome) => outcome.errorMessage),
    ],
  );
  return withResult ? resultOf(ticketId, rows) : undefined;
}

/**
 * Answers of several tickets in ONE statement (see GroupWrite), each as recordAnswerAlone writes
 * it, the results of those that ask for one read back with it. A ticket twice in the group fails
 * it (its result would mix two answers): the caller then writes each alone.
 */
export async function recordAnswerGroup(pg: Postgres, answers: readonly Answer[]): Promise<(TicketResult | undefined)[]> {
  if (new Set(answers.map((answer) => answer.ticketId)).size < answers.length) throw new Error('a ticket twice in one group');
  const rows = answers.flatMap((answer) => answer.outcomes.map((outcome, index) => ({ answer, outcome, n: index + 1 })));
  const { rows: found } = await pg.writeSoon<ResultRow>(
    `WITH answer AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[])
        AS a(ticket_id, request_no, n, status, order_id, error_message)),
      request AS (SELECT * FROM unnest($7::text[], $8::int[], $9::int[], $10::bigint[], $11::bool[])
        AS q(ticket_id, request_no, http_status, answered_at, with_result)),
      numbered AS (SELECT o.id, q.ticket_id, q.request_no, q.answered_at, o.n FROM request q, LATERAL (SELECT id,
        row_number() OVER (ORDER BY seq) AS n FROM orders WHERE ticket_id = q.ticket_id AND request_no = q.request_no) o),
      answered AS (UPDATE orders o SET status = a.status, order_id = a.order_id, error_message = a.error_message, updated_at = numbered.answered_at
        FROM numbered JOIN answer a USING (ticket_id, request_no, n) WHERE o.id = numbered.id RETURNING o.*),
      finished AS (UPDATE requests r SET answered_at = q.answered_at, http_status = q.http_status, outcome = 'answered', reason = NULL,
        error_code = NULL, error_message = NULL FROM request q WHERE r.ticket_id = q.ticket_id AND r.request_no = q.request_no)
      SELECT t.requests AS ticket_requests, ${VIEW_COLUMNS} FROM request q JOIN tickets t ON t.id = q.ticket_id
        JOIN (SELECT * FROM answered UNION ALL SELECT o.* FROM request q2, LATERAL (SELECT * FROM orders
          WHERE ticket_id = q2.ticket_id AND request_no <> q2.request_no OFFSET 0) o WHERE q2.with_result) o ON o.ticket_id = t.id
        WHERE q.with_result ORDER BY t.id, o.seq`,
    [
      rows.map((row) => row.answer.ticketId), rows.map((row) => row.answer.requestNo), rows.map((row) => row.n),
      rows.map((row) => row.outcome.status), rows.map((row) => row.outcome.orderId), rows.map((row) => row.outcome.errorMessage),
      answers.map((answer) => answer.ticketId), answers.map((answer) => answer.requestNo), answers.map((answer) => answer.httpStatus),
      answers.map((answer) => answer.now), answers.map((answer) => answer.withResult),
    ],
    // Planned at each run (see markSentGroup). Each request's orders, and the other requests'
    // orders of a ticket read back, are looked up per request (LATERAL; OFFSET 0 keeps the planner
    // from folding the look into a join): joined whole, `orders` was scanned whole at every answer
    // (a table without statistics yet; the other requests' even with them: 1.6 ms of a 1.8 ms
    // statement at 6,000 orders, auto_explain).
    true,
  );
  const byTicket = new Map<string, ResultRow[]>();
  for (const row of found) {
    const list = byTicket.get(row.ticket_id);
    if (list) list.push(row);
    else byTicket.set(row.ticket_id, [row]);
  }
  return answers.map((answer) => (answer.withResult ? resultOf(answer.ticketId, byTicket.get(answer.ticketId) ?? []) : undefined));
}
