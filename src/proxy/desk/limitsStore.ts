import Big from 'big.js';
import { approvalStates, limitSetSchema, type Approval, type ApprovalState, type LimitScope, type LimitSet } from '../../interface';

/**
 * Where the desk keeps limits, each day's use of them, and approvals (issue 30): SQLite's
 * desk.sqlite for one proxy (sqliteLimits.ts), the desk's PostgreSQL for several
 * (postgresLimits.ts). Amounts are decimal text in and out, never floats.
 */

/** What the stores log: pino's shape (Fastify's `app.log` fits). */
export interface DeskLog {
  warn(fields: object, message: string): void;
}

/** A user's or an account's limits, as stored, with who changed them last and when. */
export interface StoredLimits {
  scope: LimitScope;
  name: string;
  limits: LimitSet;
  updatedBy: string;
  updatedAt: number;
  /** Set when the stored value did not read as a limit set: `limits` is then trading off. */
  unreadable?: string;
}

/**
 * What a day's use is counted for: a user, an account, a user's use sent without approval
 * (`approvalFree`, against their `approvalFreeDay`: past it a ticket waits for approval, it is not
 * refused), or what a held order armed on an earlier day has counted today by its changes (`held`,
 * by its id: counted once a day, see heldGate.ts countedToday).
 */
export type UsageKind = LimitScope | 'approvalFree' | 'held';

/** A scope a ticket's notional counts against, with its day limit (absent: counted, never refused). */
export interface UsageScope {
  scope: UsageKind;
  name: string;
  max?: string;
}

export type Reservation =
  | { ok: true }
  /** The first scope (in the order given) the amount would take over its day limit: nothing was added anywhere. */
  | { ok: false; scope: UsageKind; name: string; used: string; max: string };

export interface LimitsStore {
  get(scope: LimitScope, name: string): Promise<StoredLimits | undefined>;
  /** Every stored set, of one scope or both, by scope and name. */
  list(scope?: LimitScope): Promise<StoredLimits[]>;
  /** Replaces the whole set (absent keys lift a limit). */
  set(scope: LimitScope, name: string, limits: LimitSet, by: string, now: number): Promise<StoredLimits>;
  /**
   * Adds `amount` to the day's use of every scope at once, or to none when one would pass its
   * `max`: atomic, so two tickets sent at once cannot both pass a day limit only one fits.
   */
  reserve(day: string, scopes: readonly UsageScope[], amount: string): Promise<Reservation>;
  /** Takes a reserved amount back (a ticket refused after its reservation); never below 0. */
  release(day: string, scopes: readonly UsageScope[], amount: string): Promise<void>;
  /** The day's use of one scope, decimal text ("0" when none). */
  usage(day: string, scope: UsageKind, name: string): Promise<string>;
}

/**
 * A stored limit set, read back. A value that does not read (a bad edit of the database, a
 * downgrade) fails CLOSED: trading off for that user or account, with a logged notice, until a risk
 * user sets its limits again. Reading it as "no limits" would lift every limit of someone the desk
 * meant to restrict.
 */
export function readLimits(scope: LimitScope, name: string, stored: unknown, log: DeskLog | undefined): { limits: LimitSet; unreadable?: string } {
  let value = stored;
  try {
    if (typeof stored === 'string') value = JSON.parse(stored);
  } catch {
    value = undefined;
  }
  const parsed = limitSetSchema.safeParse(value);
  if (parsed.success) return { limits: parsed.data };
  const unreadable = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'limits'}: ${issue.message}`).join('; ');
  log?.warn({ scope, name, unreadable }, `the stored limits of ${scope} ${name} do not read: trading is off for it until its limits are set again`);
  return { limits: { tradingOff: true }, unreadable };
}

/** A decimal amount from text, refused unless a non-negative decimal (a reservation of "-5" would free room). */
export function amountOf(amount: string): Big {
  let big: Big;
  try {
    big = new Big(amount);
  } catch {
    throw new RangeError(`amount: expected a non-negative decimal, not "${amount}"`);
  }
  if (big.lt(0)) throw new RangeError(`amount: expected a non-negative decimal, not "${amount}"`);
  return big;
}

/** What a scope's day use would be after `amount`, or the refusal when it passes its max. */
export function overMax(scope: UsageScope, used: Big, amount: Big): Reservation | undefined {
  if (scope.max === undefined) return undefined;
  const after = used.plus(amount);
  if (!after.gt(scope.max)) return undefined;
  return { ok: false, scope: scope.scope, name: scope.name, used: used.toFixed(), max: new Big(scope.max).toFixed() };
}

/** Scopes in one order (scope, then name) for every writer: two reservations lock rows alike, never crosswise. */
export function lockOrder(scopes: readonly UsageScope[]): UsageScope[] {
  const key = (scope: UsageScope) => `${scope.scope}\u0000${scope.name}`;
  const seen = new Map(scopes.map((scope) => [key(scope), scope]));
  return [...seen.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

// ---- approvals ----

export interface NewApproval {
  /** The ticket's idempotency key: approved, the ticket is submitted with it, so it is sent once. */
  id: string;
  kind: Approval['kind'];
  account: string;
  author: string;
  notional: string;
  /** Why it waits (see approvalSchema). */
  reason?: 'ticket' | 'day';
  body: unknown;
  createdAt: number;
  expiresAt: number;
}

/** Why a decision did not happen. */
export type DecisionRefusal = 'not-found' | 'own' | 'not-author' | 'expired' | `decided:${ApprovalState}`;
export type Decision = { ok: true; approval: Approval } | { ok: false; why: DecisionRefusal };

export interface ApprovalFilter {
  state?: ApprovalState | 'all';
  author?: string;
  /** At most this many, newest first (default 500). */
  limit?: number;
}

/**
 * Approvals. Every decision is ONE conditional update (`... WHERE id = ? AND state = 'awaiting'
 * AND expires_at > now`, approve also `AND author <> approver`), so an approval racing an expiry,
 * a withdrawal or a second approver ends exactly one way, on one proxy or several.
 */
export interface ApprovalStore {
  /** Keeps a new approval; an id already asked returns the stored one, `fresh` false. */
  ask(approval: NewApproval): Promise<{ approval: Approval; fresh: boolean }>;
  get(id: string): Promise<Approval | undefined>;
  list(filter?: ApprovalFilter): Promise<Approval[]>;
  approve(id: string, by: string, now: number, note: string | null): Promise<Decision>;
  reject(id: string, by: string, now: number, note: string | null): Promise<Decision>;
  /** Only the author withdraws. */
  withdraw(id: string, author: string, now: number): Promise<Decision>;
  /** Ends every approval whose time is up; returns those it ended now. */
  expireDue(now: number): Promise<Approval[]>;
  /** Records the ticket an approved approval became; false when it was not approved or already sent. */
  markSent(id: string, ticketId: string): Promise<boolean>;
  /**
   * Ends an approved, unsent approval as `failed`, its note saying why (what it would send was
   * refused for good: resubmitting could not change that); undefined when it was not approved and unsent.
   */
  fail(id: string, reason: string): Promise<Approval | undefined>;
  /** Approved but with no ticket yet (a crash between approval and sending), oldest decision first. */
  approvedUnsent(): Promise<Approval[]>;
}

/** A row of the approvals table, as both engines return it. */
export interface ApprovalRow {
  id: string;
  kind: string;
  account: string;
  author: string;
  state: string;
  notional: string;
  body: string;
  created_at: number;
  expires_at: number;
  decided_by: string | null;
  decided_at: number | null;
  note: string | null;
  ticket_id: string | null;
  reason: string | null;
}

export function approvalOf(row: ApprovalRow): Approval {
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    // Never written so: kept as text, an approver sees it and rejects it.
    body = row.body;
  }
  return {
    id: row.id,
    kind: row.kind === 'held' ? 'held' : 'ticket',
    account: row.account,
    author: row.author,
    state: (approvalStates as readonly string[]).includes(row.state) ? (row.state as ApprovalState) : 'rejected',
    notional: row.notional,
    body,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    note: row.note,
    ticketId: row.ticket_id,
    reason: row.reason === 'ticket' || row.reason === 'day' ? row.reason : null,
  };
}

/** Why a conditional decision matched no row, from the row as it is now (undefined: none). */
export function refusalOf(row: ApprovalRow | undefined, who: string, now: number, needsAuthor: boolean): DecisionRefusal {
  if (row === undefined) return 'not-found';
  if (row.state !== 'awaiting') return `decided:${approvalOf(row).state}`;
  if (needsAuthor && row.author !== who) return 'not-author';
  if (!needsAuthor && row.author === who) return 'own';
  if (row.expires_at <= now) return 'expired';
  // The row was awaiting when the update ran too; nothing else refuses it.
  return 'not-found';
}

/** The note of a failed approval: the approver's note (if any), then why it failed. */
export const FAILED_NOTE = (note: string | null, reason: string) => (note ? `${note} — ${reason}` : reason).slice(0, 1000);

export const APPROVAL_COLUMNS = 'id, kind, account, author, state, notional, body, created_at, expires_at, decided_by, decided_at, note, ticket_id, reason';
export const DEFAULT_LIST_LIMIT = 500;
