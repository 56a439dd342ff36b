import Database from 'better-sqlite3';
import { ticketStatusOf, type JournalOrder, type TicketResult } from '@/interface';
import { preparePrivateFile } from '../../files';
import { GroupCommit } from './groupCommit';
import { DiskFloor } from './disk';
import { migrate } from './migrations';
import type { LIVE_STATUSES} from './statements';
import { insertTicketRows, listOrders, prepareStatements, type JournalStatements } from './statements';
import { BracketStore } from './bracketStore';
import { HeldStore } from './heldStore';
import type { CreateTicketOutcome, OrdersListing, RequestState, TicketExtras } from '../store';
import {
  MAIN_ACCOUNT,
  UNKNOWN_AFTER_RESTART,
  type NewTicket,
  type OrderOutcome,
  type ProblemReason,
  type RequestProblem,
  type TicketRecord,
} from '../types';

/** How long an answer may wait for the disk: a power cut within it reads the order as unknown. */
const ANSWER_FLUSH_DELAY_MS = 100;

/**
 * The durable journal of every ticket (SQLite, WAL). A ticket and its orders are written before
 * anything is sent and made durable (`durable()`) before its first request leaves; each step of each
 * request is recorded as it happens, and on start-up whatever was still pending or sent becomes
 * unknown: it is never resent on its own.
 */
export class SqliteJournal {
  private readonly db: Database.Database;
  private readonly statements: JournalStatements;
  private readonly writes: GroupCommit;
  /**
   * Client order ids of orders that are or may be live, and their ticket: read once at start and
   * kept as tickets are written, so a ticket is checked against the whole journal without a query
   * (or an index that every order would pay for). A hit is confirmed against its ticket's rows.
   */
  private readonly clientIds = new Map<string, string>();

  private readonly disk: DiskFloor;
  /** Orders the proxy holds, in the same file: a firing and its ticket commit together. */
  readonly held: HeldStore;
  /** A bracket's exits, written with their entry's ticket and settled by its answer. */
  readonly brackets: BracketStore;

  constructor(
    readonly path: string,
    options: { minFreeBytes?: number } = {},
  ) {
    preparePrivateFile(path);
    this.disk = new DiskFloor(path, options.minFreeBytes ?? 0);
    this.db = new Database(path);
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    // NORMAL: a commit does not fsync on the event loop; durable() flushes the WAL where it
    // matters, before an order leaves (see GroupCommit).
    this.db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    // The migration's write transaction has created the WAL file beside the database.
    this.writes = new GroupCommit(this.db, mode === 'wal' && path !== ':memory:' ? `${path}-wal` : undefined);
    this.statements = prepareStatements(this.db);
    this.brackets = new BracketStore(this.db, (work) => this.write(work));
    this.held = new HeldStore(this.db, (work) => this.write(work), (ticket) =>
      insertTicketRows(this.statements, ticket, (clientOrderId) => this.clientIds.set(clientOrderId, ticket.id)),
    );
    for (const row of this.statements.liveClientIds.iterate() as Iterable<{ client_order_id: string; ticket_id: string }>) {
      this.clientIds.set(row.client_order_id, row.ticket_id);
    }
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
  recover(now: number, options: { keepPending?: boolean; account?: string } = {}): number {
    const s = this.statements;
    const { account } = options;
    const changed = this.write(() => {
      if (account !== undefined) {
        const count = s.unsentOf.run(UNKNOWN_AFTER_RESTART, now, account).changes;
        s.unsentRequestsOf.run(UNKNOWN_AFTER_RESTART, account);
        return count;
      }
      const orders = options.keepPending ? s.unsent : s.unfinished;
      const count = orders.run(UNKNOWN_AFTER_RESTART, now).changes;
      (options.keepPending ? s.unsentRequests : s.unfinishedRequests).run(UNKNOWN_AFTER_RESTART);
      return count;
    });
    this.writes.commit();
    return changed;
  }

  pendingTickets(limit: number, account?: string): string[] {
    const s = this.statements;
    const rows = account === undefined ? s.pendingTickets.all(limit) : s.pendingTicketsOf.all(account, limit);
    return (rows as { ticket_id: string }[]).map((row) => row.ticket_id);
  }

  requestStates(ticketId: string): RequestState[] {
    const rows = this.statements.requestStates.all(ticketId) as {
      request_no: number; body: string; outcome: RequestState['state'] | null; orders: number; pending: number; sent: number;
    }[];
    return rows.map((row) => ({
      requestNo: row.request_no,
      body: row.body,
      orders: row.orders,
      state: row.pending > 0 ? 'pending' : row.sent > 0 ? 'sent' : (row.outcome ?? 'sent'),
    }));
  }

  /** Throws JournalFullError when the journal's disk is below its floor. */
  checkDisk(): void {
    this.disk.check();
  }

  findTicket(id: string): TicketRecord | undefined {
    const row = this.statements.ticket.get(id) as
      | { id: string; body_hash: string; recv_window: number | null; requests: number; created_at: number; account: string }
      | undefined;
    return row && { id: row.id, bodyHash: row.body_hash, recvWindow: row.recv_window, requests: row.requests, createdAt: row.created_at, account: row.account };
  }

  /**
   * Writes the ticket, its requests and its orders (all pending) in one transaction, unless its id
   * or one of its client order ids is taken; throws JournalFullError, writing nothing, when the disk
   * is below its floor. A bracket's exits are written in the same transaction.
   */
  createTicket(ticket: NewTicket, extras: TicketExtras = {}): CreateTicketOutcome {
    this.disk.check();
    const s = this.statements;
    return this.write((): CreateTicketOutcome => {
      const existing = this.findTicket(ticket.id);
      if (existing) return { kind: 'exists', bodyHash: existing.bodyHash };
      const taken = this.takenClientOrderId(ticket);
      if (taken) return taken;
      insertTicketRows(s, ticket, (clientOrderId) => this.clientIds.set(clientOrderId, ticket.id));
      const bracket = extras.bracketExits;
      if (bracket) this.brackets.insertExits(bracket.entry, bracket.exits, bracket.now, { account: ticket.account ?? MAIN_ACCOUNT, placedBy: ticket.placedBy ?? null });
      return { kind: 'created' };
    });
  }

  private takenClientOrderId(ticket: NewTicket): CreateTicketOutcome | undefined {
    let index = 0;
    for (const request of ticket.requests) {
      for (const order of request.orders) {
        const holder = order.client_order_id ? this.clientOrderIdHolder(order.client_order_id) : undefined;
        if (holder !== undefined) return { kind: 'client-order-id-taken', index, clientOrderId: order.client_order_id!, ticketId: holder };
        index += 1;
      }
    }
    return undefined;
  }

  /**
   * Recorded just before the request leaves, while its ticket's flush may still run (if that fails,
   * or the proxy stops meanwhile, the request becomes failed, not sent): from here on, its outcome
   * can only be learned.
   */
  markSent(ticketId: string, requestNo: number, serviceTimestamp: number, now: number): void {
    const s = this.statements;
    this.write(() => {
      s.markRequestSent.run(serviceTimestamp, now, ticketId, requestNo);
      s.markOrdersSent.run(now, ticketId, requestNo);
    });
  }

  /** The service answered with one row per order (with `withResult`, the ticket's result after it). */
  recordAnswer(ticketId: string, requestNo: number, httpStatus: number, outcomes: OrderOutcome[], now: number, withResult = false): TicketResult | undefined {
    const s = this.statements;
    this.write(() => {
      const first = s.firstSeq.get(ticketId, requestNo) as number | null;
      if (first !== null) {
        outcomes.forEach((outcome, i) => s.answerOutcome.run(outcome.status, outcome.orderId, outcome.errorMessage, now, ticketId, first + i, requestNo));
      }
      s.finishRequest.run(now, httpStatus, 'answered', null, null, null, ticketId, requestNo);
    });
    return withResult ? this.ticketResult(ticketId) : undefined;
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
  listOrders(query: OrdersListing): { rows: JournalOrder[]; next_cursor: string | null } {
    return listOrders(this.db, query);
  }

  /** The ticket whose order holds this client order id and is or may be live (not rejected or failed). */
  private clientOrderIdHolder(clientOrderId: string): string | undefined {
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

  /**
   * Deletes up to `limit` tickets created before `before` whose orders all have an outcome (none
   * pending, sent or unknown), with their requests and orders. Returns how many were deleted; the
   * caller repeats in later turns of the event loop, so pruning never holds the journal long.
   */
  pruneFinished(before: number, limit: number): number {
    const s = this.statements;
    return this.write(() => {
      const ids = (s.expiredTickets.all(before, limit) as { id: string }[]).map((row) => row.id);
      for (const id of ids) {
        s.deleteOrders.run(id);
        s.deleteRequests.run(id);
        s.deleteTicket.run(id);
      }
      return ids.length;
    });
  }

  close(): void {
    try {
      this.writes.close();
    } finally {
      if (this.db.open) this.db.close();
    }
  }
}

