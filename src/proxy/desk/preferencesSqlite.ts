import Database from 'better-sqlite3';
import type { Preference } from '../../interface';
import { PREFERENCE_LIMITS } from '../../interface/preferences';
import { preparePrivateFile } from '../files';
import { preferenceOf, storedText, tooManyKeys, type PreferenceRow, type PreferenceStore } from './preferences';

const schema = `
CREATE TABLE IF NOT EXISTS preferences (
  user_name TEXT NOT NULL,
  key TEXT NOT NULL,
  version INTEGER NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_name, key)
);
`;

/**
 * One proxy's preferences, in desk.sqlite beside the journal (0600). The desk's other tables live
 * in the same file, each part with its own connection: WAL, and a busy timeout so that their
 * writes take turns instead of failing.
 */
export class SqlitePreferenceStore implements PreferenceStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(path: string) {
    preparePrivateFile(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(schema);
    const db = this.db;
    this.statements = {
      list: db.prepare<[string], PreferenceRow>('SELECT key, version, value, updated_at FROM preferences WHERE user_name = ? ORDER BY key'),
      has: db.prepare<[string, string], { one: number }>('SELECT 1 AS one FROM preferences WHERE user_name = ? AND key = ?'),
      count: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM preferences WHERE user_name = ?'),
      upsert: db.prepare(
        `INSERT INTO preferences (user_name, key, version, value, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_name, key) DO UPDATE SET version = excluded.version, value = excluded.value, updated_at = excluded.updated_at`,
      ),
      remove: db.prepare('DELETE FROM preferences WHERE user_name = ? AND key = ?'),
      removeUser: db.prepare('DELETE FROM preferences WHERE user_name = ?'),
    };
  }

  async list(user: string): Promise<Preference[]> {
    return this.statements.list.all(user).map(preferenceOf);
  }

  async put(user: string, key: string, version: number, value: unknown, now: number): Promise<Preference> {
    const text = storedText(value);
    // Counted and written in one (immediate) transaction: two writes of new keys cannot both pass 60.
    this.db
      .transaction(() => {
        const known = this.statements.has.get(user, key) !== undefined;
        if (!known && (this.statements.count.get(user)?.n ?? 0) >= PREFERENCE_LIMITS.keys) throw tooManyKeys();
        this.statements.upsert.run(user, key, version, text, now);
      })
      .immediate();
    return { key, version, value: JSON.parse(text) as unknown, updatedAt: now };
  }

  async remove(user: string, key: string): Promise<boolean> {
    return this.statements.remove.run(user, key).changes > 0;
  }

  async removeUser(user: string): Promise<number> {
    return this.statements.removeUser.run(user).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
