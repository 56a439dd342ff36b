import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import { preparePrivateFile } from '../files';

/**
 * Where login sessions are kept, hashed: a SQLite file for one proxy, or the desk's PostgreSQL
 * (postgresSessionStore.ts) for several. The store belongs to one terminal token: it keeps a slow,
 * salted fingerprint of the token that made its sessions, and a start with another token ends them
 * all, so rotating TERMINAL_TOKEN locks out whoever held a session made with the old one.
 */
export interface SessionStore {
  /**
   * True when other proxies read and write the same sessions: then no proxy may remember a session
   * in memory, or a sign-out on one would not reach the others.
   */
  readonly shared: boolean;
  /**
   * Ties the store to `token`, ending every session made with another one; returns how many. A
   * desk user's sessions were made with their own link, not the token: they stay.
   */
  bindToken(token: string): Promise<number>;
  /**
   * Keeps a new session (of `user`, or null: made with the terminal token), first dropping expired
   * ones and then all but the newest `maxSessions`.
   */
  save(idHash: string, now: number, expiresAt: number, user?: string | null): Promise<void>;
  expiry(idHash: string): Promise<number | undefined>;
  /** A session's expiry and the user it belongs to (null: a token session). */
  find(idHash: string): Promise<StoredSession | undefined>;
  remove(idHash: string): Promise<void>;
  /** Ends every session of one user (disabled, removed, or signing out everywhere); returns how many. */
  removeUser(name: string): Promise<number>;
  /** Ends every session; returns how many there were. */
  removeAll(): Promise<number>;
  close(): Promise<void>;
}

export interface StoredSession {
  expiresAt: number;
  user: string | null;
  /** Whether the desk has users, read with the session where they share a database (PostgreSQL). */
  hasUsers?: boolean;
}

/** What bindToken compares: the stored fingerprint against `token` under the stored salt (or a new one). */
export function tokenFingerprint(token: string, storedSalt: string | undefined, storedToken: string | undefined) {
  const salt = storedSalt ? Buffer.from(storedSalt, 'base64') : randomBytes(16);
  const fingerprint = scryptSync(token, salt, 32);
  const same = storedToken !== undefined && timingSafeEqual(Buffer.from(storedToken, 'base64'), fingerprint);
  return { same, salt: salt.toString('base64'), token: fingerprint.toString('base64') };
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_created ON sessions (created_at);
`;

/** A file from before the desk (issue 30) gains the column: its sessions are the token's. */
function addUserColumn(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(sessions)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'user_name')) db.exec('ALTER TABLE sessions ADD COLUMN user_name TEXT');
}

/** One proxy's sessions, in their own SQLite file beside the journal (0600). */
export class SqliteSessionStore implements SessionStore {
  readonly shared = false;
  private readonly db: Database.Database;
  private readonly statements;

  constructor(
    path: string,
    private readonly maxSessions: number,
  ) {
    preparePrivateFile(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // The desk command ends a user's sessions here while the proxy runs: each waits for the other.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(schema);
    addUserColumn(this.db);
    const db = this.db;
    this.statements = {
      meta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      insert: db.prepare('INSERT OR REPLACE INTO sessions (id_hash, created_at, expires_at, user_name) VALUES (?, ?, ?, ?)'),
      find: db.prepare('SELECT expires_at, user_name FROM sessions WHERE id_hash = ?'),
      remove: db.prepare('DELETE FROM sessions WHERE id_hash = ?'),
      removeUser: db.prepare('DELETE FROM sessions WHERE user_name = ?'),
      removeTokenSessions: db.prepare('DELETE FROM sessions WHERE user_name IS NULL'),
      removeAll: db.prepare('DELETE FROM sessions'),
      prune: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
      // Keeps the newest `maxSessions`: a flood of logins cannot grow the file without bound.
      trim: db.prepare(
        'DELETE FROM sessions WHERE id_hash NOT IN (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT ?)',
      ),
    };
  }

  async bindToken(token: string): Promise<number> {
    const fingerprint = tokenFingerprint(token, this.meta('salt'), this.meta('token'));
    if (fingerprint.same) return 0;
    return this.db.transaction(() => {
      const ended = this.statements.removeTokenSessions.run().changes;
      this.statements.setMeta.run('salt', fingerprint.salt);
      this.statements.setMeta.run('token', fingerprint.token);
      return ended;
    })();
  }

  async save(idHash: string, now: number, expiresAt: number, user: string | null = null): Promise<void> {
    this.db.transaction(() => {
      this.statements.prune.run(now);
      this.statements.insert.run(idHash, now, expiresAt, user);
      this.statements.trim.run(this.maxSessions);
    })();
  }

  async expiry(idHash: string): Promise<number | undefined> {
    return (await this.find(idHash))?.expiresAt;
  }

  async find(idHash: string): Promise<StoredSession | undefined> {
    const row = this.statements.find.get(idHash) as { expires_at: number; user_name: string | null } | undefined;
    return row && { expiresAt: row.expires_at, user: row.user_name };
  }

  async remove(idHash: string): Promise<void> {
    this.statements.remove.run(idHash);
  }

  async removeUser(name: string): Promise<number> {
    return this.statements.removeUser.run(name).changes;
  }

  async removeAll(): Promise<number> {
    return this.statements.removeAll.run().changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private meta(key: string): string | undefined {
    return (this.statements.meta.get(key) as { value: string } | undefined)?.value;
  }
}
