import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  orderStatuses,
  ticketStatusOf,
  type JournalOrder,
  type OrderRequest,
  type OrdersQuery,
  type OrderStatus,
  type TicketResult,
} from '../interface';
import { GroupCommit } from './groupCommit';

/** Schema migrations, in order; PRAGMA user_version records how many have run. */
const migrations = [
  `
CREATE TABLE IF NOT EXISTS tickets (
  id TEXT PRIMARY KEY,
  body_hash TEXT NOT NULL,
  recv_window INTEGER,
  requests INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS requests (
  ticket_id TEXT NOT NULL REFERENCES tickets(id),
  request_no INTEGER NOT NULL,
  body TEXT NOT NULL,
  service_timestamp INTEGER,
  sent_at INTEGER,
  answered_at INTEGER,
  http_status INTEGER,
  outcome TEXT,
  reason TEXT,
  error_code INTEGER,
  error_message TEXT,
  PRIMARY KEY (ticket_id, request_no)
);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id TEXT NOT NULL REFERENCES tickets(id),
  seq INTEGER NOT NULL,
  request_no INTEGER NOT NULL,
  status TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL,
  order_type TEXT NOT NULL,
  order_price REAL,
  order_quantity REAL,
  order_amount REAL,
  visible_quantity REAL,
  order_tag TEXT,
  margin_mode TEXT,
  client_order_id TEXT,
  order_json TEXT NOT NULL,
  order_id INTEGER,
  error_code INTEGER,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (ticket_id, seq)
);
CREATE INDEX IF NOT EXISTS orders_status ON orders (status, id);
CREATE INDEX IF NOT EXISTS orders_symbol ON orders (symbol, id);
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
`,
  // A commit writes every page it touched. An index on (symbol, id) put each order of a ticket on
  // its own page, and one on (status, id) moved every order three times: most of what a ticket cost
  // to journal. Only the statuses that need attention are indexed; lists by symbol or by a settled
  // status walk the journal newest first, which finds a page of them quickly.
  `
DROP INDEX IF EXISTS orders_symbol;
DROP INDEX IF EXISTS orders_status;
CREATE INDEX IF NOT EXISTS orders_live ON orders (status, id) WHERE status IN ('pending', 'sent', 'unknown');
`,
];

/** How long an answer may wait for the disk: a power cut within it reads the order as unknown. */
const ANSWER_FLUSH_DELAY_MS = 100;

/** Statuses kept in the orders_live partial index. */
const LIVE_STATUSES = ['pending', 'sent', 'unknown'] as const;
/** Statuses of an order that holds its client order id: it is, or may turn out, accepted. */
const HOLDING_STATUSES = ['pending', 'sent', 'accepted', 'unknown'] as const;

/**
 * Statuses as SQL literals, not parameters: SQLite can then see that a filter on live statuses is
 * covered by the partial index. Only known statuses (the schema allows no others) get here.
 */
const sqlStatuses = (statuses: readonly OrderStatus[]) =>
  statuses.filter((status) => orderStatuses.includes(status)).map((status) => `'${status}'`).join(', ') || 'NULL';

const orderColumns = `ticket_id, seq, request_no, status, symbol, side, order_type, order_price,
  order_quantity, order_amount, visible_quantity, order_tag, margin_mode, client_order_id,
  order_id, error_code, error_message, created_at, updated_at`;

export interface TicketRecord {
  id: string;
  bodyHash: string;
  recvWindow: number | null;
  requests: number;
  createdAt: number;
}

export interface NewTicket {
  id: string;
  bodyHash: string;
  recvWindow: number | undefined;
  /** Each request's orders, in order, and the exact body that will be signed. */
  requests: { orders: OrderRequest[]; orderJson: string[]; body: string }[];
  now: number;
}

export interface RequestRecord {
  requestNo: number;
  body: string;
}

/** What the service said of one order of a request. */
export interface OrderOutcome {
  status: 'accepted' | 'rejected';
  orderId: number | null;
  errorMessage: string | null;
}

/**
 * Why a request got no per-order answer: refused by the service (4xx), rate limited, never sent
 * (unreachable, or an earlier request of the ticket went wrong), or sent with no usable answer.
 */
export type ProblemReason =
  | 'refused'
  | 'rate-limited'
  | 'unreachable'
  | 'not-sent'
  | 'timeout'
  | 'dropped'
  | 'bad-answer'
  | 'restart';

export interface RequestProblem {
  reason: ProblemReason;
  httpStatus: number | null;
  code: number | null;
  message: string;
}

export const UNKNOWN_AFTER_RESTART =
  'The proxy stopped before the answer came, so this order may or may not have been placed. Check your open orders at the service before sending it again.';

/**
 * The durable journal of every ticket (SQLite, WAL). A ticket and its orders are written before
 * anything is sent and made durable (`durable()`) before its first request leaves; each step of each
 * request is recorded as it happens, and on start-up whatever was still pending or sent becomes
 * unknown: it is never resent on its own.
 */
export class Journal {
  private readonly db: Database.Database;
  private readonly statements;
  private readonly writes: GroupCommit;
  /**
   * Client order ids of orders that are or may be live, and their ticket: read once at start and
   * kept as tickets are written, so a ticket is checked against the whole journal without a query
   * (or an index that every order would pay for). A hit is confirmed against its ticket's rows.
   */
  private readonly clientIds = new Map<string, string>();

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    // NORMAL: a commit does not fsync on the event loop; durable() flushes the WAL where it
    // matters, before an order leaves (see GroupCommit).
    this.db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    // The migration's write transaction has created the WAL file beside the database.
    this.writes = new GroupCommit(this.db, mode === 'wal' && path !== ':memory:' ? `${path}-wal` : undefined);
    const db = this.db;
    this.statements = {
      ticket: db.prepare('SELECT id, body_hash, recv_window, requests, created_at FROM tickets WHERE id = ?'),
      insertTicket: db.prepare(
        'INSERT INTO tickets (id, body_hash, recv_window, requests, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      insertRequest: db.prepare('INSERT INTO requests (ticket_id, request_no, body) VALUES (?, ?, ?)'),
      insertOrder: db.prepare(`INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side,
        order_type, order_price, order_quantity, order_amount, visible_quantity, order_tag,
        margin_mode, client_order_id, order_json, created_at, updated_at)
        VALUES (@ticket_id, @seq, @request_no, 'pending', @symbol, @side, @order_type, @order_price,
        @order_quantity, @order_amount, @visible_quantity, @order_tag, @margin_mode,
        @client_order_id, @order_json, @now, @now)`),
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
      orderOutcome: db.prepare(`UPDATE orders SET status = ?, order_id = ?, error_message = ?,
        updated_at = ? WHERE ticket_id = ? AND request_no = ? AND seq = ?`),
      requestOutcome: db.prepare(`UPDATE orders SET status = ?, error_code = ?, error_message = ?,
        updated_at = ? WHERE ticket_id = ? AND request_no = ? AND status IN ('pending', 'sent')`),
      ordersOfTicket: db.prepare(`SELECT ${orderColumns} FROM orders WHERE ticket_id = ? ORDER BY seq`),
      seqsOfRequest: db.prepare(
        'SELECT seq FROM orders WHERE ticket_id = ? AND request_no = ? ORDER BY seq',
      ),
      unfinished: db.prepare(
        "UPDATE orders SET status = 'unknown', error_message = ?, updated_at = ? WHERE status IN ('pending', 'sent')",
      ),
      unfinishedRequests: db.prepare(
        "UPDATE requests SET outcome = 'unknown', reason = 'restart', error_message = ? WHERE outcome IS NULL",
      ),
      liveClientIds: db.prepare(
        `SELECT client_order_id, ticket_id FROM orders WHERE client_order_id IS NOT NULL AND status IN (${sqlStatuses(HOLDING_STATUSES)})`,
      ),
      clientIdStatus: db.prepare(
        `SELECT status FROM orders WHERE ticket_id = ? AND client_order_id = ? AND status IN (${sqlStatuses(HOLDING_STATUSES)}) LIMIT 1`,
      ),
      countLive: db.prepare(
        `SELECT status, COUNT(*) AS n FROM orders WHERE status IN (${sqlStatuses(LIVE_STATUSES)}) GROUP BY status`,
      ),
      insertSession: db.prepare('INSERT OR REPLACE INTO sessions (id_hash, expires_at) VALUES (?, ?)'),
      session: db.prepare('SELECT expires_at FROM sessions WHERE id_hash = ?'),
      pruneSessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    };
    for (const row of this.statements.liveClientIds.iterate() as Iterable<{ client_order_id: string; ticket_id: string }>) {
      this.clientIds.set(row.client_order_id, row.ticket_id);
    }
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      throw new Error(`the journal was written by a newer version (schema ${version}); refusing to touch it`);
    }
    this.db.transaction(() => {
      for (let i = version; i < migrations.length; i++) this.db.exec(migrations[i]!);
      this.db.pragma(`user_version = ${migrations.length}`);
    })();
  }

  /** Told about a batch that could not be committed, or a flush that failed, with nobody waiting. */
  set onBackgroundError(listener: (error: Error) => void) {
    this.writes.onBackgroundError = listener;
  }

  /** Resolves once every write so far is on disk, even if the machine loses power. */
  durable(): Promise<void> {
    return this.writes.durable();
  }

  /** Makes every write so far durable within `delayMs`, with nobody waiting (see GroupCommit). */
  flushSoon(delayMs = ANSWER_FLUSH_DELAY_MS): void {
    this.writes.flushSoon(delayMs);
  }

  /** fdatasyncs of the WAL so far. */
  get flushes(): number {
    return this.writes.flushes;
  }

  private write<T>(work: () => T): T {
    return this.writes.write(work);
  }

  /** Start-up: orders whose answer never came become unknown. Returns how many. */
  recover(now: number): number {
    const changed = this.write(() => {
      const count = this.statements.unfinished.run(UNKNOWN_AFTER_RESTART, now).changes;
      this.statements.unfinishedRequests.run(UNKNOWN_AFTER_RESTART);
      return count;
    });
    this.writes.commit();
    return changed;
  }

  findTicket(id: string): TicketRecord | undefined {
    const row = this.statements.ticket.get(id) as
      | { id: string; body_hash: string; recv_window: number | null; requests: number; created_at: number }
      | undefined;
    return (
      row && {
        id: row.id,
        bodyHash: row.body_hash,
        recvWindow: row.recv_window,
        requests: row.requests,
        createdAt: row.created_at,
      }
    );
  }

  /** Writes the ticket, its requests and its orders (all pending) in one transaction. */
  createTicket(ticket: NewTicket): void {
    const s = this.statements;
    this.write(() => {
      s.insertTicket.run(ticket.id, ticket.bodyHash, ticket.recvWindow ?? null, ticket.requests.length, ticket.now);
      let seq = 0;
      ticket.requests.forEach((request, index) => {
        const requestNo = index + 1;
        s.insertRequest.run(ticket.id, requestNo, request.body);
        request.orders.forEach((order, i) => {
          s.insertOrder.run({
            ticket_id: ticket.id,
            seq: seq++,
            request_no: requestNo,
            symbol: order.symbol,
            side: order.side,
            order_type: order.order_type,
            order_price: order.order_price ?? null,
            order_quantity: order.order_quantity ?? null,
            order_amount: order.order_amount ?? null,
            visible_quantity: order.visible_quantity ?? null,
            order_tag: order.order_tag ?? null,
            margin_mode: order.margin_mode ?? null,
            client_order_id: order.client_order_id ?? null,
            order_json: request.orderJson[i],
            now: ticket.now,
          });
          if (order.client_order_id) this.clientIds.set(order.client_order_id, ticket.id);
        });
      });
    });
  }

  /** Recorded just before the request leaves: from here on, its outcome can only be learned. */
  markSent(ticketId: string, requestNo: number, serviceTimestamp: number, now: number): void {
    const s = this.statements;
    this.write(() => {
      s.markRequestSent.run(serviceTimestamp, now, ticketId, requestNo);
      s.markOrdersSent.run(now, ticketId, requestNo);
    });
  }

  /** The service answered with one row per order. */
  recordAnswer(ticketId: string, requestNo: number, httpStatus: number, outcomes: OrderOutcome[], now: number): void {
    const s = this.statements;
    this.write(() => {
      const seqs = (s.seqsOfRequest.all(ticketId, requestNo) as { seq: number }[]).map((row) => row.seq);
      seqs.forEach((seq, i) => {
        const outcome = outcomes[i];
        if (!outcome) return;
        s.orderOutcome.run(outcome.status, outcome.orderId, outcome.errorMessage, now, ticketId, requestNo, seq);
      });
      s.finishRequest.run(now, httpStatus, 'answered', null, null, null, ticketId, requestNo);
    });
  }

  /**
   * The request as a whole failed (`failed`: known not placed) or its outcome is not known
   * (`unknown`); every order of it still pending or sent takes that status.
   */
  recordRequestOutcome(
    ticketId: string,
    requestNo: number,
    outcome: 'failed' | 'unknown',
    detail: RequestProblem,
    now: number,
  ): void {
    const s = this.statements;
    this.write(() => {
      s.requestOutcome.run(outcome, detail.code, detail.message, now, ticketId, requestNo);
      s.finishRequest.run(now, detail.httpStatus, outcome, detail.reason, detail.code, detail.message, ticketId, requestNo);
    });
  }

  /** Why the first request of a ticket that did not get an answer did not. */
  firstProblem(ticketId: string): RequestProblem | undefined {
    const row = this.statements.firstProblem.get(ticketId) as
      | { reason: ProblemReason | null; http_status: number | null; error_code: number | null; error_message: string | null }
      | undefined;
    return (
      row && {
        reason: row.reason ?? 'restart',
        httpStatus: row.http_status,
        code: row.error_code,
        message: row.error_message ?? '',
      }
    );
  }

  ticketResult(ticketId: string): TicketResult | undefined {
    const ticket = this.findTicket(ticketId);
    if (!ticket) return undefined;
    const rows = this.statements.ordersOfTicket.all(ticketId) as JournalOrder[];
    return {
      ticket_id: ticketId,
      status: ticketStatusOf(rows.map((row) => row.status)),
      requests: ticket.requests,
      rows,
    };
  }

  /** Newest first; `next_cursor` continues with older orders. */
  listOrders(query: OrdersQuery): { rows: JournalOrder[]; next_cursor: string | null } {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.cursor !== undefined) {
      where.push('id < ?');
      params.push(Number(query.cursor));
    }
    if (query.status && query.status.length > 0) {
      where.push(`status IN (${sqlStatuses(query.status)})`);
    }
    if (query.symbol) {
      where.push('symbol = ?');
      params.push(query.symbol);
    }
    if (query.ticket) {
      where.push('ticket_id = ?');
      params.push(query.ticket);
    }
    const sql = `SELECT id, ${orderColumns} FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY id DESC LIMIT ?`;
    const found = this.db.prepare(sql).all(...params, query.limit + 1) as (JournalOrder & { id: number })[];
    const page = found.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      rows: page.map(({ id: _id, ...row }) => row),
      next_cursor: found.length > query.limit && last ? String(last.id) : null,
    };
  }

  /** The ticket whose order holds this client order id and is or may be live (not rejected or failed). */
  clientOrderIdHolder(clientOrderId: string): string | undefined {
    const ticketId = this.clientIds.get(clientOrderId);
    if (ticketId === undefined) return undefined;
    if (this.statements.clientIdStatus.get(ticketId, clientOrderId) !== undefined) return ticketId;
    // Rejected or failed since: the id is free again.
    this.clientIds.delete(clientOrderId);
    return undefined;
  }

  /** Orders being sent or of unknown outcome: cheap (a partial index), for health checks. */
  countLive(): Record<(typeof LIVE_STATUSES)[number], number> {
    const counts = { pending: 0, sent: 0, unknown: 0 };
    for (const row of this.statements.countLive.all() as { status: (typeof LIVE_STATUSES)[number]; n: number }[]) {
      counts[row.status] = row.n;
    }
    return counts;
  }

  saveSession(idHash: string, expiresAt: number): void {
    this.write(() => this.statements.insertSession.run(idHash, expiresAt));
  }

  sessionExpiry(idHash: string): number | undefined {
    const row = this.statements.session.get(idHash) as { expires_at: number } | undefined;
    return row?.expires_at;
  }

  pruneSessions(now: number): void {
    this.write(() => this.statements.pruneSessions.run(now));
  }

  close(): void {
    try {
      this.writes.close();
    } finally {
      if (this.db.open) this.db.close();
    }
  }
}

export type { OrderStatus };
