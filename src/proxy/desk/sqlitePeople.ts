import Database from 'better-sqlite3';
import type { AuditQuery, AuditRecord, Role } from '../../interface';
import { preparePrivateFile } from '../files';
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

/**
 * A one-proxy desk's people and audit, in `desk.sqlite` beside the journal (0600, WAL). The desk
 * command writes the same file while the proxy runs: each waits up to 5 s for the other's write.
 */
export class SqlitePeople implements DeskPeople {
  /** The raw connection, for tests that try to change the audit behind the store's back. */
  readonly db: Database.Database;
  private readonly statements;

  constructor(path: string) {
    preparePrivateFile(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
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
    return { ...user, disabled: false, createdAt: now };
  }

  async changeUser(name: string, change: UserChange): Promise<UserRecord | undefined> {
    return this.db.transaction(() => {
      const row = this.statements.user.get(name) as UserRow | undefined;
      if (!row) return undefined;
      const user = { ...userOf(row), ...change };
      this.statements.update.run(joinNames(user.roles), joinNames(user.accounts), user.disabled ? 1 : 0, name);
      return user;
    })();
  }

  async removeUser(name: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.statements.removeLinks.run(name, 0);
      return this.statements.remove.run(name).changes > 0;
    })();
  }

  async issueLink(name: string, tokenHash: string, now: number): Promise<number> {
    const expiresAt = now + LINK_TTL_MS;
    this.db.transaction(() => {
      if (!this.statements.user.get(name)) throw new NoSuchUserError(name);
      this.statements.removeLinks.run(name, now);
      this.statements.insertLink.run(tokenHash, name, now, expiresAt);
    })();
    return expiresAt;
  }

  async spendLink(tokenHash: string, now: number): Promise<string | undefined> {
    return (this.statements.spend.get(tokenHash, now) as { user_name: string } | undefined)?.user_name;
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
    return recordOf(row);
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const { where, params } = auditWhere(query, () => '?');
    const rows = this.db.prepare(`SELECT * FROM audit ${where} ORDER BY id DESC LIMIT ?`).all(...params, query.limit + 1) as AuditRow[];
    return pageOf(rows.map(recordOf), query.limit);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
