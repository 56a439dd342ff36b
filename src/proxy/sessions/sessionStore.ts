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
  /** Ties the store to `token`, ending every session made with another one; returns how many. */
  bindToken(token: string): Promise<number>;
  /** Keeps a new session, first dropping expired ones and then all but the newest `maxSessions`. */
  save(idHash: string, now: number, expiresAt: number): Promise<void>;
  expiry(idHash: string): Promise<number | undefined>;
  remove(idHash: string): Promise<void>;
  /** Ends every session; returns how many there were. */
  removeAll(): Promise<number>;
  close(): Promise<void>;
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
    this.db.exec(schema);
    const db = this.db;
    this.statements = {
      meta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      insert: db.prepare('INSERT OR REPLACE INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)'),
      expiry: db.prepare('SELECT expires_at FROM sessions WHERE id_hash = ?'),
      remove: db.prepare('DELETE FROM sessions WHERE id_hash = ?'),
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
      const ended = this.statements.removeAll.run().changes;
      this.statements.setMeta.run('salt', fingerprint.salt);
      this.statements.setMeta.run('token', fingerprint.token);
      return ended;
    })();
  }

  async save(idHash: string, now: number, expiresAt: number): Promise<void> {
    this.db.transaction(() => {
      this.statements.prune.run(now);
      this.statements.insert.run(idHash, now, expiresAt);
      this.statements.trim.run(this.maxSessions);
    })();
  }

  async expiry(idHash: string): Promise<number | undefined> {
    return (this.statements.expiry.get(idHash) as { expires_at: number } | undefined)?.expires_at;
  }

  async remove(idHash: string): Promise<void> {
    this.statements.remove.run(idHash);
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
