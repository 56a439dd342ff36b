import type { Postgres } from '../postgres/database';
import { groupedRead } from '../postgres/groupRead';
import { tokenFingerprint, type SessionStore, type StoredSession } from './sessionStore';

/**
 * A fixed key for pg_advisory_xact_lock around bindToken: proxies of a desk starting together with
 * the same token take turns, so the second finds the first's fingerprint instead of both ending
 * every session (and each writing its own salt). ("perp" "sess" in ASCII.)
 */
const BIND_LOCK = 0x7065_7270_7365_7373n;

interface SessionRow {
  id_hash: string;
  expires_at: number;
  user_name: string | null;
  has_users: boolean;
}

// Whether the desk has users comes with the session (the same database): a token session is
// refused once it has, and asking apart cost every request a second round trip.
const SESSION_READ = 'SELECT id_hash, expires_at, user_name, EXISTS (SELECT 1 FROM users) AS has_users FROM sessions';

const storedOf = (row: SessionRow): StoredSession => ({ expiresAt: row.expires_at, user: row.user_name, hasUsers: row.has_users });

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
      const ended = await client.query('DELETE FROM sessions WHERE user_name IS NULL');
      await client.query(
        `INSERT INTO session_meta (key, value) VALUES ('salt', $1), ('token', $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [fingerprint.salt, fingerprint.token],
      );
      return ended.rowCount ?? 0;
    });
  }

  async save(idHash: string, now: number, expiresAt: number, user: string | null = null): Promise<void> {
    await this.pg.transaction(async (client) => {
      await client.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
      await client.query(
        `INSERT INTO sessions (id_hash, created_at, expires_at, user_name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id_hash) DO UPDATE SET created_at = excluded.created_at, expires_at = excluded.expires_at, user_name = excluded.user_name`,
        [idHash, now, expiresAt, user],
      );
      // Keeps the newest `maxSessions`: a flood of logins cannot grow the table without bound.
      await client.query(
        'DELETE FROM sessions WHERE id_hash NOT IN (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT $1)',
        [this.maxSessions],
      );
    });
  }

  async expiry(idHash: string): Promise<number | undefined> {
    return (await this.find(idHash))?.expiresAt;
  }

  /** Read at every request (none is kept in memory: another proxy may end it), grouped across requests. */
  readonly find: (idHash: string) => Promise<StoredSession | undefined> = groupedRead(
    async (idHashes) => {
      const { rows } = await this.pg.query<SessionRow>(`${SESSION_READ} WHERE id_hash = ANY($1::text[])`, [idHashes]);
      return new Map(rows.map((row) => [row.id_hash, storedOf(row)]));
    },
    async (idHash) => {
      const { rows } = await this.pg.query<SessionRow>(`${SESSION_READ} WHERE id_hash = $1`, [idHash]);
      return rows[0] && storedOf(rows[0]);
    },
  );

  async removeUser(name: string): Promise<number> {
    return (await this.pg.query('DELETE FROM sessions WHERE user_name = $1', [name])).rowCount ?? 0;
  }

  async remove(idHash: string): Promise<void> {
    await this.pg.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
  }

  async removeAll(): Promise<number> {
    return (await this.pg.query('DELETE FROM sessions')).rowCount ?? 0;
  }

  async close(): Promise<void> {}
}
