import type { Postgres } from '../postgres/database';
import { tokenFingerprint, type SessionStore } from './sessionStore';

/**
 * A fixed key for pg_advisory_xact_lock around bindToken: proxies of a desk starting together with
 * the same token take turns, so the second finds the first's fingerprint instead of both ending
 * every session (and each writing its own salt). ("perp" "sess" in ASCII.)
 */
const BIND_LOCK = 0x7065_7270_7365_7373n;

/**
 * The desk's sessions, in its PostgreSQL (tables `sessions` and `session_meta`, migration 1):
 * the same rules as the SQLite store, shared by every proxy of the desk. The pool is the
 * `Postgres` object's; closing the store leaves it open for its owner to close.
 */
export class PostgresSessionStore implements SessionStore {
  readonly shared = true;

  constructor(
    private readonly pg: Postgres,
    private readonly maxSessions: number,
  ) {}

  bindToken(token: string): Promise<number> {
    return this.pg.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [BIND_LOCK.toString()]);
      const { rows } = await client.query<{ key: string; value: string }>(
        "SELECT key, value FROM session_meta WHERE key IN ('salt', 'token')",
      );
      const meta = new Map(rows.map((row) => [row.key, row.value]));
      const fingerprint = tokenFingerprint(token, meta.get('salt'), meta.get('token'));
      if (fingerprint.same) return 0;
      const ended = await client.query('DELETE FROM sessions');
      await client.query(
        `INSERT INTO session_meta (key, value) VALUES ('salt', $1), ('token', $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [fingerprint.salt, fingerprint.token],
      );
      return ended.rowCount ?? 0;
    });
  }

  async save(idHash: string, now: number, expiresAt: number): Promise<void> {
    await this.pg.transaction(async (client) => {
      await client.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
      await client.query(
        `INSERT INTO sessions (id_hash, created_at, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (id_hash) DO UPDATE SET created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [idHash, now, expiresAt],
      );
      // Keeps the newest `maxSessions`: a flood of logins cannot grow the table without bound.
      await client.query(
        'DELETE FROM sessions WHERE id_hash NOT IN (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT $1)',
        [this.maxSessions],
      );
    });
  }

  async expiry(idHash: string): Promise<number | undefined> {
    const { rows } = await this.pg.query<{ expires_at: number }>('SELECT expires_at FROM sessions WHERE id_hash = $1', [idHash]);
    return rows[0]?.expires_at;
  }

  async remove(idHash: string): Promise<void> {
    await this.pg.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
  }

  async removeAll(): Promise<number> {
    return (await this.pg.query('DELETE FROM sessions')).rowCount ?? 0;
  }

  async close(): Promise<void> {}
}
