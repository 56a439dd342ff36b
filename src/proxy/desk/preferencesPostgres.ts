import type { Preference } from '../../interface';
import { PREFERENCE_LIMITS } from '../../interface/preferences';
import type { Postgres } from '../postgres/database';
import { preferenceOf, storedText, tooManyKeys, type PreferenceRow, type PreferenceStore } from './preferences';

/** The desk's preferences table: one entry of postgres/migrations.ts's list. */
export const PREFERENCES_MIGRATION = `
CREATE TABLE preferences (
  user_name text NOT NULL,
  key text NOT NULL,
  version integer NOT NULL,
  value text NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_name, key)
);
`;

/**
 * pg_advisory_xact_lock's first key for preferences ("pref" in ASCII); the second is the user's
 * name hashed: two proxies writing new keys of one user take turns, so the count holds.
 */
const PREFERENCES_LOCK = 0x7072_6566;

/** The desk's preferences, shared by every proxy (the pool is the `Postgres` object's). */
export class PostgresPreferenceStore implements PreferenceStore {
  constructor(private readonly pg: Postgres) {}

  async list(user: string): Promise<Preference[]> {
    const { rows } = await this.pg.query<PreferenceRow>('SELECT key, version, value, updated_at FROM preferences WHERE user_name = $1 ORDER BY key', [user]);
    return rows.map(preferenceOf);
  }

  async put(user: string, key: string, version: number, value: unknown, now: number): Promise<Preference> {
    const text = storedText(value);
    await this.pg.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PREFERENCES_LOCK, user]);
      const { rows } = await client.query<{ n: number; known: boolean }>(
        'SELECT count(*)::int AS n, bool_or(key = $2) AS known FROM preferences WHERE user_name = $1',
        [user, key],
      );
      const { n = 0, known = false } = rows[0] ?? {};
      if (!known && n >= PREFERENCE_LIMITS.keys) throw tooManyKeys();
      await client.query(
        `INSERT INTO preferences (user_name, key, version, value, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_name, key) DO UPDATE SET version = excluded.version, value = excluded.value, updated_at = excluded.updated_at`,
        [user, key, version, text, now],
      );
    });
    return { key, version, value: JSON.parse(text) as unknown, updatedAt: now };
  }

  async remove(user: string, key: string): Promise<boolean> {
    const { rowCount } = await this.pg.query('DELETE FROM preferences WHERE user_name = $1 AND key = $2', [user, key]);
    return (rowCount ?? 0) > 0;
  }

  async removeUser(user: string): Promise<number> {
    const { rowCount } = await this.pg.query('DELETE FROM preferences WHERE user_name = $1', [user]);
    return rowCount ?? 0;
  }

  async close(): Promise<void> {
    // The pool is the postgres plugin's: it closes it after every part that uses it.
  }
}
