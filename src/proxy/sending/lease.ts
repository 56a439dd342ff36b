import { performance } from 'node:perf_hooks';
import type { Postgres, PostgresLog } from '../postgres';

import { DB_NOW, HOLDER_OF, RELEASE, TAKE_OR_RENEW } from './leaseStatements';

/** Why this proxy stopped sending for the account: a value to switch on, not a message to compare. */
export type LeaseLossReason =
  /** No renew succeeded in time (the database unreachable, or this process paused). */
  | 'not-renewed'
  /** The database gave the lease to another holder (or to a new token of this one). */
  | 'taken'
  /** `stop()`: this proxy is shutting down. */
  | 'stopped';

export class LeaseLostError extends Error {
  constructor(readonly accountId: string) {
    super(`this proxy no longer holds the sending lease for account ${accountId}; another proxy sends now`);
    this.name = 'LeaseLostError';
  }
}

export interface SenderLeaseOptions {
  pg: Pick<Postgres, 'query'>;
  accountId: string;
  /** This proxy's name, unique per process (e.g. `${hostname}:${port}:${pid}:${random}`): it is who holds. */
  holder: string;
  /** How long a lease lasts in the database without a renew (default 5 s): the failover time. */
  ttlMs?: number;
  /** How often to take or renew (default ttl / 3: two renews may fail before the margin is reached). */
  renewEveryMs?: number;
  /** How long before the database's expiry this proxy stops calling itself the holder (default ttl / 5). */
  marginMs?: number;
  log?: PostgresLog;
  /** The local monotonic clock in ms (default `performance.now`); tests move it to simulate a pause. */
  now?: () => number;
}

/** Who sends for the account, as the database says (for /api/health). */
export interface LeaseHolder {
  holder: string;
  token: number;
  /** The database's clock, ms since the epoch. */
  expiresAt: number;
}

/**
 * One account's sending lease: at most one proxy of a desk sends for an account at a time.
 *
 * Two guards, because either alone fails somewhere. Locally, `held` turns false a margin BEFORE
 * the database may give the lease to another: it is measured from the START of the last renew
 * that succeeded (the database's expiry is later than that), on the monotonic clock, and read
 * afresh on every access, so a process that was paused and resumes sees the loss before its
 * timers run. In the database, `guardedSql()` makes a send's journal statement conditional on the
 * lease still being this holder's with this token: whatever this process believes, a proxy that
 * lost the lease cannot mark anything sent once another took it.
 */
export class SenderLease {
  readonly accountId: string;
  readonly holder: string;
  readonly ttlMs: number;
  readonly renewEveryMs: number;
  readonly marginMs: number;
  private readonly pg: Pick<Postgres, 'query'>;
  private readonly log: PostgresLog | undefined;
  private readonly now: () => number;
  private holding = false;
  /** The token of the current or last hold: a guard built with it is judged by the database. */
  private lastToken: number | null = null;
  /** Local time after which this proxy no longer calls itself the holder. */
  private heldUntil = -Infinity;
  /** Bumped on every loss and on stop: an answer to an attempt begun before it is stale. */
  private generation = 0;
  private attempt: Promise<void> | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  private readonly acquiredListeners = new Set<(token: number) => void>();
  private readonly lostListeners = new Set<(reason: LeaseLossReason) => void>();

  constructor(options: SenderLeaseOptions) {
    this.pg = options.pg;
    this.accountId = options.accountId;
    this.holder = options.holder;
    this.ttlMs = options.ttlMs ?? 5000;
    this.renewEveryMs = options.renewEveryMs ?? this.ttlMs / 3;
    this.marginMs = options.marginMs ?? this.ttlMs / 5;
    this.log = options.log;
    this.now = options.now ?? (() => performance.now());
    if (!(this.ttlMs > 0) || !(this.renewEveryMs > 0) || !(this.marginMs >= 0)) {
      throw new Error('the sending lease needs a positive ttl and renew interval and a margin of 0 or more');
    }
    // Renewing less often than the local hold lasts would drop the lease between every two renews.
    if (this.renewEveryMs >= this.ttlMs - this.marginMs) {
      throw new Error(
        `the sending lease renews every ${this.renewEveryMs} ms but is held locally for only ${this.ttlMs - this.marginMs} ms (ttl ${this.ttlMs} − margin ${this.marginMs}): renew more often`,
      );
    }
  }

  /** True while this proxy may send for the account; checked against the clock on every read. */
  get held(): boolean {
    if (this.holding && this.now() >= this.heldUntil) this.lose('not-renewed');
    return this.holding;
  }

  /** The token of the current hold, or null when not held. */
  get token(): number | null {
    return this.held ? this.lastToken : null;
  }

  /** Calls `listener` with the token each time this proxy takes the lease; returns an unsubscribe. */
  onAcquired(listener: (token: number) => void): () => void {
    this.acquiredListeners.add(listener);
    return () => this.acquiredListeners.delete(listener);
  }

  /** Calls `listener` each time this proxy stops holding the lease; returns an unsubscribe. */
  onLost(listener: (reason: LeaseLossReason) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Takes the lease if free, then keeps taking or renewing it; resolves after the first try. */
  async start(): Promise<void> {
    if (this.renewTimer !== undefined || this.stopped) return;
    this.renewTimer = setInterval(() => void this.tryNow(), this.renewEveryMs);
    this.renewTimer.unref();
    await this.tryNow();
  }

  /**
   * Stops renewing and releases the lease if this proxy holds it in the database, so another takes
   * it at its next try rather than after the ttl. Not held from the moment this is called.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.renewTimer);
    clearTimeout(this.expiryTimer);
    if (this.holding) this.lose('stopped');
    this.generation++;
    await this.attempt;
    // By holder, not token: an attempt whose answer was ignored as stale may have taken it anew.
    try {
      // Bounded: a proxy stopping while cut off from the database does not wait for it.
      await this.inTime(this.pg.query(RELEASE, [this.accountId, this.holder]));
    } catch (error) {
      this.log?.warn(
        { accountId: this.accountId, holder: this.holder, error: String(error) },
        'could not release the sending lease: another proxy takes it when it expires',
      );
    }
  }

  /** Throws `LeaseLostError` unless this proxy holds the lease now. */
  assertHeld(): void {
    if (!this.held) throw new LeaseLostError(this.accountId);
  }

  /**
   * An SQL condition true only while the database still gives the lease to this holder with the
   * token held now, for a send's journal statement to include (`UPDATE … WHERE … AND <sql>`): its
   * placeholders are numbered from `paramOffset + 1`, and `params` follow the statement's own.
   */
  guardedSql(paramOffset: number): { sql: string; params: unknown[] } {
    const [account, holder, token] = [1, 2, 3].map((n) => `$${paramOffset + n}`);
    return {
      sql: `EXISTS (SELECT 1 FROM sender_lease WHERE account_id = ${account} AND holder = ${holder} AND token = ${token}::bigint AND expires_at > ${DB_NOW})`,
      params: [this.accountId, this.holder, this.lastToken],
    };
  }

  /** Who holds the lease now according to the database, or undefined when nobody does. */
  async holderOf(): Promise<LeaseHolder | undefined> {
    const { rows } = await this.pg.query<{ holder: string; token: number; expires_at: number }>(HOLDER_OF, [this.accountId]);
    const row = rows[0];
    return row && { holder: row.holder, token: row.token, expiresAt: row.expires_at };
  }

  /** One take-or-renew, unless one is still under way (a slow database must not pile them up). */
  private tryNow(): Promise<void> {
    this.attempt ??= this.takeOrRenew().finally(() => {
      this.attempt = undefined;
    });
    return this.attempt;
  }

  private async takeOrRenew(): Promise<void> {
    const renewing = this.held ? this.lastToken : null;
    const generation = this.generation;
    // Before the statement: the database's expiry is measured later, so this one is on the safe side.
    const startedAt = this.now();
    let token: number | undefined;
    try {
      const rows = await this.inTime(this.pg.query<{ token: number }>(TAKE_OR_RENEW, [this.accountId, this.holder, this.ttlMs, renewing]));
      token = rows[0]?.token;
      this.recovered();
    } catch (error) {
      // Not extended: the hold runs out on its own time, and the expiry timer says so.
      this.failed(error);
      return;
    }
    // A loss or stop while the statement ran: a token once lost is never held again. The row
    // (if ours) is taken anew with a new token at the next try, or released by stop().
    if (generation !== this.generation || this.stopped) return;
    if (token === undefined) {
      if (this.holding) this.lose('taken');
      return;
    }
    if (this.holding && token !== renewing) this.lose('taken');
    if (this.holding) this.extend(startedAt);
    else this.acquire(token, startedAt);
  }

  /**
   * The statement's rows, or a failure once no answer could still extend a hold (ttl − margin):
   * a try stuck on a partition that drops packets would otherwise hold up every later try until
   * pg's own timeout, long after the database has a new holder. A late answer is ignored.
   */
  private async inTime<R extends object>(query: Promise<{ rows: R[] }>): Promise<R[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the database did not answer the lease in time')), this.ttlMs - this.marginMs);
    });
    query.catch(() => undefined);
    try {
      return (await Promise.race([query, late])).rows;
    } finally {
      clearTimeout(timer);
    }
  }

  private acquire(token: number, startedAt: number): void {
    this.lastToken = token;
    // An answer so late that the hold it began is already over never counts as held.
    if (this.now() >= startedAt + this.ttlMs - this.marginMs) return;
    this.holding = true;
    this.extend(startedAt);
    this.log?.info({ accountId: this.accountId, holder: this.holder, token }, 'this proxy now sends for the account (sending lease taken)');
    for (const listener of this.acquiredListeners) this.call(() => listener(token));
  }

  private extend(startedAt: number): void {
    this.heldUntil = startedAt + this.ttlMs - this.marginMs;
    clearTimeout(this.expiryTimer);
    // +1: a timer may fire a hair early; `held` then finds the hold not yet over and nothing fires.
    this.expiryTimer = setTimeout(() => this.checkExpiry(), Math.max(0, this.heldUntil - this.now()) + 1);
    this.expiryTimer.unref();
  }

  /** Reading `held` is the check: it turns false and tells the listeners when the hold is over. */
  private checkExpiry(): void {
    void this.held;
  }

  private lose(reason: LeaseLossReason): void {
    this.holding = false;
    this.generation++;
    clearTimeout(this.expiryTimer);
    const fields = { accountId: this.accountId, holder: this.holder, token: this.lastToken, reason };
    if (reason === 'stopped') this.log?.info(fields, 'this proxy stopped sending for the account (sending lease released)');
    else this.log?.warn(fields, 'this proxy stopped sending for the account (sending lease lost)');
    for (const listener of this.lostListeners) this.call(() => listener(reason));
  }

  /** A listener that throws must not break `held` for the sender reading it. */
  private call(listener: () => void): void {
    try {
      listener();
    } catch (error) {
      this.log?.warn({ accountId: this.accountId, error: String(error) }, 'a sending lease listener failed');
    }
  }

  /** Logged once per run of failures, not every renewEveryMs (the pool logs the outage itself). */
  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log?.warn({ accountId: this.accountId, holder: this.holder, error: String(error) }, 'the sending lease cannot be taken or renewed');
  }

  private recovered(): void {
    this.failing = false;
  }
}
