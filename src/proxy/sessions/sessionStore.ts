import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import { preparePrivateFile } from '../files';

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_created ON sessions (created_at);
`;

/**
 * Login sessions, hashed, in their own SQLite file beside the journal (0600). The store belongs to
 * one terminal token: it keeps a slow, salted fingerprint of the token that made its sessions, and
 * a start with another token ends them all, so rotating TERMINAL_TOKEN locks out whoever held a
 * session made with the old one.
 */
export class SessionStore {
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

  /**
   * Ties the store to `token`: when the sessions were made with another token, they are deleted.
   * Returns how many were ended.
   */
  bindToken(token: string): number {
    const saltText = this.meta('salt');
    const salt = saltText ? Buffer.from(saltText, 'base64') : randomBytes(16);
    const fingerprint = scryptSync(token, salt, 32);
    const stored = this.meta('token');
    const same = stored !== undefined && timingSafeEqual(Buffer.from(stored, 'base64'), fingerprint);
    if (same) return 0;
    return this.db.transaction(() => {
      const ended = this.statements.removeAll.run().changes;
      this.statements.setMeta.run('salt', salt.toString('base64'));
      this.statements.setMeta.run('token', fingerprint.toString('base64'));
      return ended;
    })();
  }

  save(idHash: string, now: number, expiresAt: number): void {
    this.db.transaction(() => {
      this.statements.prune.run(now);
      this.statements.insert.run(idHash, now, expiresAt);
      this.statements.trim.run(this.maxSessions);
    })();
  }

  expiry(idHash: string): number | undefined {
    return (this.statements.expiry.get(idHash) as { expires_at: number } | undefined)?.expires_at;
  }

  remove(idHash: string): void {
    this.statements.remove.run(idHash);
  }

  removeAll(): number {
    return this.statements.removeAll.run().changes;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private meta(key: string): string | undefined {
    return (this.statements.meta.get(key) as { value: string } | undefined)?.value;
  }
}
