import Database from 'better-sqlite3';
import type { AuditQuery, AuditRecord, Role } from '../../interface';
import { preparePrivateFile } from '../files';
import { WalFlush } from '../journal/sqlite/walFlush';
import {
  accountsOf,
  auditWhere,
  joinNames,
  LINK_TTL_MS,
  NoSuchUserError,
  pageOf,
  recordOf,
  splitNames,
  UserExistsError,
  type AuditEntry,
  type AuditPage,
  type AuditRow,
  type DeskPeople,
  type NewUser,
  type UserChange,
  type UserRecord,
} from './people';

/**
 * The append-only trail: a trigger refuses every UPDATE and DELETE, whoever asks (the proxy, the
 * desk command, a sqlite3 shell on the file). Only removing the file loses it, which the 0600
 * file and 0700 folder leave to the machine's owner.
 */
const schema = `
CREATE TABLE IF NOT EXISTS users (
  name TEXT PRIMARY KEY,
  roles TEXT NOT NULL,
  accounts TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS login_links (
  token_hash TEXT PRIMARY KEY,
  user_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_links_user ON login_links (user_name);
CREATE TABLE IF NOT EXISTS audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  subject TEXT,
  address TEXT,
  detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_actor ON audit (actor, id);
CREATE INDEX IF NOT EXISTS audit_at ON audit (at);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only: DELETE refused'); END;
`;

interface UserRow {
  name: string;
  roles: string;
  accounts: string;
  disabled: number;
  created_at: number;
}

const userOf = (row: UserRow): UserRecord => ({
  name: row.name,
  roles: splitNames(row.roles) as Role[],
  accounts: accountsOf(row.accounts),
  disabled: row.disabled === 1,
  createdAt: row.created_at,
});

/** An audit record is on disk within this long of being kept (it is committed at once). */
const AUDIT_FLUSH_MS = 50;

/**
 * A one-proxy desk's people and audit, in `desk.sqlite` beside the journal (0600, WAL). The desk
 * command writes the same file while the proxy runs: each waits up to 5 s for the other's write.
 * A change of people or links resolves once it is on disk; an audit record once it is committed
 * (safe if the process dies), on disk within AUDIT_FLUSH_MS: it is kept after the ticket it
 * records, and waiting for the disk there added a flush to every ticket's answer.
 */
export class SqlitePeople implements DeskPeople {
  /** The raw connection, for tests that try to change the audit behind the store's back. */
  readonly db: Database.Database;
  private readonly statements;
  /** The -wal's flushes (its `flushes` count what was started): read by the tests. */
  readonly flush: WalFlush;

  constructor(path: string) {
    preparePrivateFile(path);
    this.db = new Database(path);
    const mode = this.db.pragma('journal_mode = WAL', { simple: true });
    // NORMAL: a commit does not fsync on the event loop; the WAL is flushed off it (WalFlush).
    this.db.pragma(mode === 'wal' ? 'synchronous = NORMAL' : 'synchronous = FULL');
    this.flush = new WalFlush(mode === 'wal' && path !== ':memory:' ? `${path}-wal` : undefined);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(schema);
    const db = this.db;
    this.statements = {
      any: db.prepare('SELECT 1 FROM users LIMIT 1'),
      user: db.prepare('SELECT * FROM users WHERE name = ?'),
      users: db.prepare('SELECT * FROM users ORDER BY name'),
      insert: db.prepare('INSERT INTO users (name, roles, accounts, disabled, created_at) VALUES (?, ?, ?, 0, ?)'),
      update: db.prepare('UPDATE users SET roles = ?, accounts = ?, disabled = ? WHERE name = ?'),
      remove: db.prepare('DELETE FROM users WHERE name = ?'),
      removeLinks: db.prepare('DELETE FROM login_links WHERE user_name = ? OR expires_at <= ?'),
      insertLink: db.prepare('INSERT INTO login_links (token_hash, user_name, created_at, expires_at) VALUES (?, ?, ?, ?)'),
      spend: db.prepare('DELETE FROM login_links WHERE token_hash = ? AND expires_at > ? RETURNING user_name'),
      append: db.prepare('INSERT INTO audit (at, actor, action, subject, address, detail) VALUES (?, ?, ?, ?, ?, ?) RETURNING *'),
    };
  }

  async hasUsers(): Promise<boolean> {
    return this.statements.any.get() !== undefined;
  }

  async user(name: string): Promise<UserRecord | undefined> {
    const row = this.statements.user.get(name) as UserRow | undefined;
    return row && userOf(row);
  }

  async users(): Promise<UserRecord[]> {
    return (this.statements.users.all() as UserRow[]).map(userOf);
  }

  async addUser(user: NewUser, now: number): Promise<UserRecord> {
    try {
      this.statements.insert.run(user.name, joinNames(user.roles), joinNames(user.accounts), now);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new UserExistsError(user.name);
      throw error;
    }
    await this.flush.durable();
    return { ...user, disabled: false, createdAt: now };
  }

  async changeUser(name: string, change: UserChange): Promise<UserRecord | undefined> {
    return this.durably(() => {
      const row = this.statements.user.get(name) as UserRow | undefined;
      if (!row) return undefined;
      const user = { ...userOf(row), ...change };
      this.statements.update.run(joinNames(user.roles), joinNames(user.accounts), user.disabled ? 1 : 0, name);
      return user;
    });
  }

  async removeUser(name: string): Promise<boolean> {
    return this.durably(() => {
      this.statements.removeLinks.run(name, 0);
      return this.statements.remove.run(name).changes > 0;
    });
  }

  async issueLink(name: string, tokenHash: string, now: number): Promise<number> {
    const expiresAt = now + LINK_TTL_MS;
    await this.durably(() => {
      if (!this.statements.user.get(name)) throw new NoSuchUserError(name);
      this.statements.removeLinks.run(name, now);
      this.statements.insertLink.run(tokenHash, name, now, expiresAt);
    });
    return expiresAt;
  }

  async spendLink(tokenHash: string, now: number): Promise<string | undefined> {
    const spent = (this.statements.spend.get(tokenHash, now) as { user_name: string } | undefined)?.user_name;
    // A link spent is spent for good, power loss included, before it signs anyone in.
    if (spent !== undefined) await this.flush.durable();
    return spent;
  }

  async append(entry: AuditEntry): Promise<AuditRecord> {
    const row = this.statements.append.get(
      entry.at ?? Date.now(),
      entry.actor,
      entry.action,
      entry.subject ?? null,
      entry.address ?? null,
      JSON.stringify(entry.detail ?? {}),
    ) as AuditRow;
    this.flush.committed();
    this.flush.soon(AUDIT_FLUSH_MS);
    return recordOf(row);
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const { where, params } = auditWhere(query, () => '?');
    const rows = this.db.prepare(`SELECT * FROM audit ${where} ORDER BY id DESC LIMIT ?`).all(...params, query.limit + 1) as AuditRow[];
    return pageOf(rows.map(recordOf), query.limit);
  }

  /** Told about an audit record's flush that failed (nobody waits on it). */
  set onBackgroundError(listener: (error: Error) => void) {
    this.flush.onBackgroundError = listener;
  }

  /** `work` in one transaction, resolved once it is on disk. */
  private async durably<T>(work: () => T): Promise<T> {
    const result = this.db.transaction(work)();
    await this.flush.durable();
    return result;
  }

  async close(): Promise<void> {
    await this.flush.close();
    if (this.db.open) this.db.close();
  }
}
