import type { HeldOrder, HeldOrderState, JournalOrder, OrderRequest, OrdersQuery, TicketResult } from '@/interface';
import type {
  AwaitingExit,
  FiredGroup,
  FiringOrder,
  HeldChanges,
  HeldRow,
  JournaledSlice,
  NewExit,
  NewHeldOrder,
  Rearmed,
  TwapChanges,
} from './heldTypes';
import type { NewTicket, OrderOutcome, RequestProblem, TicketRecord } from './types';

/** A journaled request as a sender resuming its ticket sees it. */
export interface RequestState {
  requestNo: number;
  body: string;
  /** Orders in its body: the rows its answer must have. */
  orders: number;
  /** pending: never sent; sent: sent without an answer; else its recorded outcome. */
  state: 'pending' | 'sent' | 'answered' | 'failed' | 'unknown';
}

/**
 * A condition the journal's "sent" statement must meet, judged by the database: the sending
 * lease of the ticket's account still this proxy's (see sending/lease.ts). Only a shared store
 * judges one; each account's sender passes its own.
 */
export interface SendFence {
  readonly accountId: string;
  guardedSql(paramOffset: number): { sql: string; params: unknown[] };
}

/** Orders being sent or of unknown outcome, by status. */
export type LiveCounts = Record<'pending' | 'sent' | 'unknown', number>;

/**
 * What a ticket's insert came to. It is one atomic step in the store, never a read then a write:
 * two proxies (or two double-clicks) with the same key or the same client order id cannot both
 * write, whatever runs between their checks.
 */
export type CreateTicketOutcome =
  | { kind: 'created' }
  /** The idempotency key is taken: by this same ticket (a replay) when the hashes agree. */
  | { kind: 'exists'; bodyHash: string }
  /** An order of the journal that is or may be live holds this client order id. */
  | { kind: 'client-order-id-taken'; index: number; clientOrderId: string; ticketId: string };

/** Written in the ticket's own transaction: a bracket's exits, held until the entry's answer. */
export interface TicketExtras {
  bracketExits?: { entry: { ticketId: string; clientOrderId: string }; exits: readonly NewExit[]; now: number };
}

/** The journal's side of held orders: each change one write, guarded so that the first to commit wins. */
export interface HeldJournal {
  row(id: string): Promise<HeldRow | undefined>;
  get(id: string): Promise<HeldOrder | undefined>;
  byIdempotencyKey(key: string): Promise<{ id: string; bodyHash: string } | undefined>;
  /** Awaiting, armed and paused orders (for the book at start). */
  live(): Promise<HeldOrder[]>;
  /** Awaiting, armed and paused orders, of one account (by name) or of all. */
  countLive(account?: string): Promise<number>;
  /** Awaiting, armed and paused orders placed by one person (by name), of every account (a desk's maxOpenHeld). */
  countLivePlacedBy(placedBy: string): Promise<number>;
  /** Newest first, at most `limit`. */
  list(filter: HeldListing, limit?: number): Promise<HeldOrder[]>;
  /** Throws HeldConflictError, HeldLimitError or HeldKeyTakenError, writing nothing. */
  arm(order: NewHeldOrder): Promise<HeldOrder>;
  cancel(id: string, now: number, reason?: string): Promise<boolean>;
  liveIdsOf(symbol?: string): Promise<string[]>;
  change(id: string, changes: HeldChanges, now: number): Promise<boolean>;
  setBestMark(id: string, mark: number): Promise<void>;
  readonly twap: {
    slice(slice: JournaledSlice): Promise<boolean>;
    pass(id: string, from: number, next: number, counts: { skipped: number; missed: number }, now: number): Promise<boolean>;
    end(id: string, from: number, ending: { state: 'fired' | 'expired'; reason: string | null; missed: number }, now: number): Promise<boolean>;
    change(id: string, changes: TwapChanges, now: number): Promise<boolean>;
    liveSliceMs(): Promise<number[]>;
  };
  readonly rearm: {
    unsent(): Promise<string[]>;
    rearmIfNotSent(id: string, now: number): Promise<Rearmed | undefined>;
    /** A cancel asked of a fired order (not a TWAP): noted, so it is not armed again (CANCEL_AFTER_FIRING). */
    askCancelFired(id: string, now: number): Promise<boolean>;
    /**
     * A cancel of an OCO partner its partner's firing cancelled already: it stays cancelled, as
     * the trader asked, even if that firing's order turns out never sent (no re-arm puts it back).
     */
    keepCancelled(id: string, now: number): Promise<boolean>;
  };
  readonly firing: {
    fire(group: readonly FiringOrder[], now: number, ticketOf: (id: string, orders: OrderRequest[]) => NewTicket): Promise<FiredGroup>;
  };
}

/** A bracket's exits between their entry's ticket and its answer. */
export interface BracketJournal {
  awaiting(): Promise<AwaitingExit[]>;
  arm(ids: readonly string[], now: number): Promise<string[]>;
  cancel(ids: readonly string[], reason: string, now: number): Promise<string[]>;
}

/**
 * The journal of every ticket, as the sender, the held orders and the routes use it: one interface,
 * two adapters (`sqlite/`: files in DATA_DIR, one process; `postgres/`: one database for a desk's
 * proxies). A ticket and its orders are written before anything is sent and durable before its
 * first request leaves; each step of each request is recorded as it happens.
 */
export interface JournalStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Orders whose answer never came become unknown; with `keepPending`, orders never sent stay
   * pending (a new sender of a desk sends them). Returns how many became unknown. With `account`
   * (a desk's sender taking one account over), only that account's sent orders: the pending stay.
   */
  recover(now: number, options?: { keepPending?: boolean; account?: string }): Promise<number>;
  /** Tickets with orders never sent, oldest first (for the sender that takes over), of one account or all. */
  pendingTickets(limit: number, account?: string): Promise<string[]>;
  requestStates(ticketId: string): Promise<RequestState[]>;
  /** Throws JournalFullError when the journal cannot take a ticket (its disk below the floor). */
  checkDisk(): Promise<void>;
  findTicket(id: string): Promise<TicketRecord | undefined>;
  createTicket(ticket: NewTicket, extras?: TicketExtras): Promise<CreateTicketOutcome>;
  /** Resolves once every write so far survives a power cut. */
  durable(): Promise<void>;
  /** Makes the writes so far durable soon, with nobody waiting. */
  flushSoon(): void;
  /**
   * Just before a request leaves. `retry`: it left before and the service refused it unseen (429).
   * With `fence` (a desk's lease of the ticket's account) it throws LeaseLostError when this proxy
   * may not send it (see postgres/sending.ts).
   */
  markSent(ticketId: string, requestNo: number, serviceTimestamp: number, now: number, retry?: boolean, fence?: SendFence): Promise<void>;
  /**
   * The service's answer to a request, one row per order. With `withResult` (the ticket's last
   * request: its reply) it resolves with the ticket's result as it now stands; else undefined.
   */
  recordAnswer(ticketId: string, requestNo: number, httpStatus: number, outcomes: OrderOutcome[], now: number, withResult?: boolean): Promise<TicketResult | undefined>;
  recordRequestOutcome(
    ticketId: string,
    requestNo: number,
    outcome: 'failed' | 'unknown',
    detail: RequestProblem,
    now: number,
  ): Promise<void>;
  firstProblem(ticketId: string): Promise<RequestProblem | undefined>;
  ticketResult(ticketId: string): Promise<TicketResult | undefined>;
  listOrders(query: OrdersListing): Promise<{ rows: JournalOrder[]; next_cursor: string | null }>;
  countLive(): Promise<LiveCounts>;
  /** Deletes up to `limit` finished tickets created before `before`; returns how many. */
  pruneFinished(before: number, limit: number): Promise<number>;
  /** Tells `listener` of a write or flush that failed with nobody waiting. */
  onBackgroundError(listener: (error: Error) => void): void;
  readonly held: HeldJournal;
  readonly brackets: BracketJournal;
  close(): Promise<void>;
}

/** The orders query, kept to `accounts` when given (the ones the asker may read; empty: none). */
export type OrdersListing = OrdersQuery & { accounts?: readonly string[] };

/** Which held orders to list, kept to `accounts` when given (as OrdersListing). */
export interface HeldListing {
  state?: HeldOrderState;
  symbol?: string;
  account?: string;
  accounts?: readonly string[];
}
