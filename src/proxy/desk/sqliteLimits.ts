import Big from 'big.js';
import Database from 'better-sqlite3';
import type { LimitScope, LimitSet } from '../../interface';
import { preparePrivateFile } from '../files';
import { SqliteApprovalStore } from './sqliteApprovals';
import { WalFlush } from '../journal/sqlite/walFlush';
import {
  amountOf,
  lockOrder,
  overMax,
  readLimits,
  type DeskLog,
  type LimitsStore,
  type Reservation,
  type StoredLimits,
  type UsageKind,
  type UsageScope,
} from './limitsStore';

/**
 * Limits, day use and approvals of a one-proxy desk, in desk.sqlite beside the journal (the
 * people's tables live there too, each part with its own connection and its own tables). Amounts
 * are decimal text: SQLite has no exact decimal type, so sums are done in big.js inside one
 * IMMEDIATE transaction.
 */
const schema = `
CREATE TABLE IF NOT EXISTS limit_sets (
  scope TEXT NOT NULL,
  name TEXT NOT NULL,
  limits TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (scope, name)
);
CREATE TABLE IF NOT EXISTS day_usage (
  day TEXT NOT NULL,
  scope TEXT NOT NULL,
  name TEXT NOT NULL,
  used TEXT NOT NULL,
  PRIMARY KEY (day, scope, name)
);
CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  account TEXT NOT NULL,
  author TEXT NOT NULL,
  state TEXT NOT NULL,
  notional TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  decided_by TEXT,
  decided_at INTEGER,
  note TEXT,
  ticket_id TEXT,
  reason TEXT
);
CREATE INDEX IF NOT EXISTS approvals_awaiting ON approvals (expires_at) WHERE state = 'awaiting';
CREATE INDEX IF NOT EXISTS approvals_created ON approvals (created_at);
`;

interface LimitRow {
  scope: LimitScope;
  name: string;
  limits: string;
  updated_by: string;
  updated_at: number;
}

export interface SqliteLimits {
  limits: LimitsStore;
  approvals: SqliteApprovalStore;
  /** The -wal's flushes, which every write waits for (read by the tests). */
  flush: WalFlush;
  close(): Promise<void>;
}

/** Opens (creating when missing, 0600) `path` and the limits' and approvals' tables in it. */
export function openSqliteLimits(path: string, log?: DeskLog): SqliteLimits {
  preparePrivateFile(path);
  const db = new Database(path);
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  // NORMAL: a commit does not fsync on the event loop (every ticket of a named trader reserves its
  // day's use here); each write resolves once WalFlush has flushed the -wal off it.
  db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(schema);
  // desk.sqlite files made before approvals kept why they wait.
  const approvalColumns = db.prepare<[], { name: string }>('PRAGMA table_info(approvals)').all().map((column) => column.name);
  if (!approvalColumns.includes('reason')) {
    try {
      db.exec('ALTER TABLE approvals ADD COLUMN reason TEXT');
    } catch (error) {
      // Another process on the file (the desk command, a second start) added it a moment ago.
      if (!/duplicate column name/i.test((error as Error).message)) throw error;
    }
  }
  const flush = new WalFlush(mode === 'wal' && path !== ':memory:' ? `${path}-wal` : undefined);
  return {
    limits: new SqliteLimitsStore(db, log, flush),
    approvals: new SqliteApprovalStore(db, flush),
    flush,
    close: async () => {
      await flush.close();
      db.close();
    },
  };
}

export class SqliteLimitsStore implements LimitsStore {
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    private readonly log?: DeskLog,
    private readonly flush = new WalFlush(undefined),
  ) {
    this.statements = {
      get: db.prepare<[string, string], LimitRow>('SELECT * FROM limit_sets WHERE scope = ? AND name = ?'),
      all: db.prepare<[], LimitRow>('SELECT * FROM limit_sets ORDER BY scope, name'),
      ofScope: db.prepare<[string], LimitRow>('SELECT * FROM limit_sets WHERE scope = ? ORDER BY name'),
      set: db.prepare(
        `INSERT INTO limit_sets (scope, name, limits, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (scope, name) DO UPDATE SET limits = excluded.limits, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
      ),
      usage: db.prepare<[string, string, string], { used: string }>('SELECT used FROM day_usage WHERE day = ? AND scope = ? AND name = ?'),
      setUsage: db.prepare(
        `INSERT INTO day_usage (day, scope, name, used) VALUES (?, ?, ?, ?)
         ON CONFLICT (day, scope, name) DO UPDATE SET used = excluded.used`,
      ),
    };
  }

  async get(scope: LimitScope, name: string): Promise<StoredLimits | undefined> {
    const row = this.statements.get.get(scope, name);
    return row && this.stored(row);
  }

  async list(scope?: LimitScope): Promise<StoredLimits[]> {
    const rows = scope === undefined ? this.statements.all.all() : this.statements.ofScope.all(scope);
    return rows.map((row) => this.stored(row));
  }

  async set(scope: LimitScope, name: string, limits: LimitSet, by: string, now: number): Promise<StoredLimits> {
    this.statements.set.run(scope, name, JSON.stringify(limits), by, now);
    await this.flush.durable();
    return { scope, name, limits, updatedBy: by, updatedAt: now };
  }

  async reserve(day: string, scopes: readonly UsageScope[], amount: string): Promise<Reservation> {
    const add = amountOf(amount);
    const ordered = lockOrder(scopes);
    // IMMEDIATE takes the write lock first: a second writer on the file waits, never reads stale use.
    const reserved = this.db
      .transaction((): Reservation => {
        const used = ordered.map((scope) => this.used(day, scope.scope, scope.name));
        // Refused in the caller's order: the first scope named is the one the refusal names.
        for (const scope of scopes) {
          const i = ordered.findIndex((other) => other.scope === scope.scope && other.name === scope.name);
          const refusal = overMax(scope, used[i]!, add);
          if (refusal) return refusal;
        }
        ordered.forEach((scope, i) => this.statements.setUsage.run(day, scope.scope, scope.name, used[i]!.plus(add).toFixed()));
        return { ok: true };
      })
      .immediate();
    // On disk before the ticket it admits is sent: a day's use survives the machine losing power.
    if (reserved.ok) await this.flush.durable();
    return reserved;
  }

  async release(day: string, scopes: readonly UsageScope[], amount: string): Promise<void> {
    const take = amountOf(amount);
    this.db
      .transaction(() => {
        for (const scope of lockOrder(scopes)) {
          const left = this.used(day, scope.scope, scope.name).minus(take);
          this.statements.setUsage.run(day, scope.scope, scope.name, (left.lt(0) ? new Big(0) : left).toFixed());
        }
      })
      .immediate();
    await this.flush.durable();
  }

  async usage(day: string, scope: UsageKind, name: string): Promise<string> {
    return this.used(day, scope, name).toFixed();
  }

  private used(day: string, scope: UsageKind, name: string): Big {
    const row = this.statements.usage.get(day, scope, name);
    return new Big(row?.used ?? 0);
  }

  private stored(row: LimitRow): StoredLimits {
    const read = readLimits(row.scope, row.name, row.limits, this.log);
    return { scope: row.scope, name: row.name, ...read, updatedBy: row.updated_by, updatedAt: row.updated_at };
  }
}
