import { orderStatuses, ticketStatusOf, type JournalOrder, type TicketResult } from '@/interface';
import type { Postgres } from '../../postgres';
import type { BracketJournal, CreateTicketOutcome, HeldJournal, JournalStore, LiveCounts, OrdersListing, RequestState, SendFence, TicketExtras } from '../store';
import {
  type NewTicket,
  type OrderOutcome,
  type ProblemReason,
  type RequestProblem,
  type TicketRecord,
} from '../types';
import { LeaseLostError } from '../../sending/lease';
import { recordAnswerAlone, recordAnswerGroup, type Answer } from './answers';
import { GroupWrite } from '../../postgres/groupWrite';
import { markSentAlone, markSentGroup, pendingTickets, recover, requestStates, type SentMark } from './sending';
import { createTicketGroup } from './ticketGroup';
import { createTicket, LIVE, VIEW_COLUMNS } from './tickets';

/** Statuses as SQL literals: only known ones (the schema allows no others) get here. */
const sqlStatuses = (statuses: readonly string[]) =>
  statuses.filter((status) => (orderStatuses as readonly string[]).includes(status)).map((status) => `'${status}'`).join(', ') || 'NULL';

/**
 * The journal in PostgreSQL, for a desk's proxies sharing one database. A commit is the
 * durability point (with `synchronous_commit` on, the server's default: see docs/desk.md), so
 * `durable()` has nothing left to wait for; every step is one statement or one transaction, and
 * what two proxies must not both do (a key, a live client order id) the database decides.
 */
export class PostgresJournal implements JournalStore {
  readonly kind = 'postgres' as const;
  readonly held: HeldJournal;
  readonly brackets: BracketJournal;
  /** Plain tickets of one turn (or written while the last group was on the database): one insert, one commit. */
  private readonly ticketGroup: GroupWrite<NewTicket, CreateTicketOutcome>;
  /** Marks "sent", grouped likewise, one group per fence (its guard is one condition of the statement). */
  private readonly sentGroups = new Map<SendFence | undefined, GroupWrite<SentMark, boolean>>();
  /** The services' answers, grouped likewise (written without waiting for the disk, as alone). */
  private readonly answerGroup: GroupWrite<Answer, TicketResult | undefined>;

  constructor(
    private readonly pg: Postgres,
    parts: { held: HeldJournal; brackets: BracketJournal },
  ) {
    this.held = parts.held;
    this.brackets = parts.brackets;
    const alone = (ticket: NewTicket) => createTicket(this.pg, (work) => this.pg.transaction(work), ticket);
    this.ticketGroup = new GroupWrite((tickets) => createTicketGroup(this.pg, tickets), alone);
    this.answerGroup = new GroupWrite((answers) => recordAnswerGroup(this.pg, answers), (answer) => recordAnswerAlone(this.pg, answer));
  }

  private async one<R extends object>(text: string, params: unknown[]): Promise<R | undefined> {
    return (await this.pg.query<R & Record<string, unknown>>(text, params)).rows[0];
  }

  async findTicket(id: string): Promise<TicketRecord | undefined> {
    const row = await this.one<{ id: string; body_hash: string; recv_window: number | null; requests: number; created_at: number; account: string }>(
      'SELECT id, body_hash, recv_window, requests, created_at, account FROM tickets WHERE id = $1',
      [id],
    );
    return row && { id: row.id, bodyHash: row.body_hash, recvWindow: row.recv_window, requests: row.requests, createdAt: row.created_at, account: row.account };
  }

  /** The ticket and its orders in one round trip. */
  async ticketResult(ticketId: string): Promise<TicketResult | undefined> {
    const { rows } = await this.pg.query<JournalOrder & { ticket_requests: number; seq: number | null }>(
      `SELECT t.requests AS ticket_requests, o.* FROM tickets t
        LEFT JOIN LATERAL (SELECT ${VIEW_COLUMNS} FROM orders o WHERE o.ticket_id = t.id) o ON true
        WHERE t.id = $1 ORDER BY o.seq`,
      [ticketId],
    );
    if (rows.length === 0) return undefined;
    const requests = rows[0]!.ticket_requests;
    const orders = rows.filter((row) => row.seq !== null).map(({ ticket_requests: _requests, ...order }) => order as JournalOrder);
    return { ticket_id: ticketId, status: ticketStatusOf(orders.map((row) => row.status)), requests, rows: orders };
  }

  async recover(now: number, options: { keepPending?: boolean; account?: string } = {}): Promise<number> {
    return recover(this.pg, now, options.keepPending ?? false, options.account);
  }

  pendingTickets(limit: number, account?: string): Promise<string[]> {
    return pendingTickets(this.pg, limit, account);
  }

  requestStates(ticketId: string): Promise<RequestState[]> {
    return requestStates(this.pg, ticketId);
  }

  /** The database's disk is its operator's: a full one fails the insert, and the ticket with it. */
  async checkDisk(): Promise<void> {}

  /** A bracket's entry is written alone: its exits are a transaction of their own. */
  createTicket(ticket: NewTicket, extras?: TicketExtras): Promise<CreateTicketOutcome> {
    if (extras?.bracketExits) return createTicket(this.pg, (work) => this.pg.transaction(work), ticket, extras);
    return this.ticketGroup.write(ticket);
  }

  /** Committed is durable (synchronous_commit on): nothing is left to wait for. */
  async durable(): Promise<void> {}

  flushSoon(): void {}

  async markSent(ticketId: string, requestNo: number, serviceTimestamp: number, now: number, retry = false, fence?: SendFence): Promise<void> {
    let group = this.sentGroups.get(fence);
    if (!group) {
      group = new GroupWrite((marks) => markSentGroup(this.pg, fence, marks), (mark) => markSentAlone(this.pg, fence, mark));
      this.sentGroups.set(fence, group);
    }
    if (!(await group.write({ ticketId, requestNo, serviceTimestamp, now, retry }))) throw new LeaseLostError(fence?.accountId ?? 'this account');
  }

  recordAnswer(ticketId: string, requestNo: number, httpStatus: number, outcomes: OrderOutcome[], now: number, withResult = false): Promise<TicketResult | undefined> {
    return this.answerGroup.write({ ticketId, requestNo, httpStatus, outcomes, now, withResult });
  }

  async recordRequestOutcome(ticketId: string, requestNo: number, outcome: 'failed' | 'unknown', detail: RequestProblem, now: number): Promise<void> {
    await this.pg.query(
      `WITH settled AS (UPDATE orders SET status = $1, error_code = $2, error_message = $3, updated_at = $4
          WHERE ticket_id = $5 AND request_no = $6 AND status IN ('pending', 'sent'))
        UPDATE requests SET answered_at = $4, http_status = $7, outcome = $1, reason = $8, error_code = $2, error_message = $3
          WHERE ticket_id = $5 AND request_no = $6`,
      [outcome, detail.code, detail.message, now, ticketId, requestNo, detail.httpStatus, detail.reason],
    );
  }

  async firstProblem(ticketId: string): Promise<RequestProblem | undefined> {
    const row = await this.one<{ reason: ProblemReason | null; http_status: number | null; error_code: number | null; error_message: string | null }>(
      `SELECT reason, http_status, error_code, error_message FROM requests
        WHERE ticket_id = $1 AND outcome IN ('failed', 'unknown') ORDER BY request_no LIMIT 1`,
      [ticketId],
    );
    return row && { reason: row.reason ?? 'restart', httpStatus: row.http_status, code: row.error_code, message: row.error_message ?? '' };
  }

  async listOrders(query: OrdersListing): Promise<{ rows: JournalOrder[]; next_cursor: string | null }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (query.cursor !== undefined) where.push(`o.id < ${param(Number(query.cursor))}`);
    if (query.status && query.status.length > 0) where.push(`o.status IN (${sqlStatuses(query.status)})`);
    if (query.symbol) where.push(`o.symbol = ${param(query.symbol)}`);
    if (query.ticket) where.push(`o.ticket_id = ${param(query.ticket)}`);
    if (query.account) where.push(`t.account = ${param(query.account)}`);
    if (query.accounts) where.push(`t.account = ANY(${param([...query.accounts])}::text[])`);
    const { rows: found } = await this.pg.query<JournalOrder & { id: number }>(
      `SELECT o.id, ${VIEW_COLUMNS} FROM orders o JOIN tickets t ON t.id = o.ticket_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY o.id DESC LIMIT ${param(query.limit + 1)}`,
      params,
    );
    const page = found.slice(0, query.limit);
    const last = page[page.length - 1];
    return { rows: page.map(({ id: _id, ...row }) => row), next_cursor: found.length > query.limit && last ? String(last.id) : null };
  }

  async countLive(): Promise<LiveCounts> {
    const counts: LiveCounts = { pending: 0, sent: 0, unknown: 0 };
    const { rows } = await this.pg.query<{ status: keyof LiveCounts; n: number }>(
      `SELECT status, count(*) AS n FROM orders WHERE status IN ${LIVE} GROUP BY status`,
    );
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  async pruneFinished(before: number, limit: number): Promise<number> {
    return this.pg.transaction(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM tickets t WHERE created_at < $1 AND NOT EXISTS
          (SELECT 1 FROM orders o WHERE o.ticket_id = t.id AND o.status IN ${LIVE})
          ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [before, limit],
      );
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      await client.query('DELETE FROM orders WHERE ticket_id = ANY($1::text[])', [ids]);
      await client.query('DELETE FROM requests WHERE ticket_id = ANY($1::text[])', [ids]);
      await client.query('DELETE FROM tickets WHERE id = ANY($1::text[])', [ids]);
      return ids.length;
    });
  }

  /** Nothing is written in the background here: every write is awaited by whoever made it. */
  onBackgroundError(): void {}

  /** The pool is the postgres plugin's: it closes it after every part has stopped. */
  async close(): Promise<void> {}
}

/** The journal in the desk's database, with its held orders and brackets (see openPostgresHeld). */
export const openPostgresJournal = (pg: Postgres, parts: { held: HeldJournal; brackets: BracketJournal }): JournalStore =>
  new PostgresJournal(pg, parts);
