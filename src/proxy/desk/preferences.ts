import type { Preference } from '../../interface';
import { PREFERENCE_LIMITS } from '../../interface/preferences';

/**
 * A desk user's settings and named workspaces, kept by the proxy so they follow the person to any
 * browser (issue 30): per (user, key) the version, the value as JSON and when it was last written.
 * Last write wins. SQLite (desk.sqlite beside the journal) for one proxy, the desk's PostgreSQL
 * for several. Values arrive checked (validatePreference); the store keeps them within bounds.
 */
export interface PreferenceStore {
  /** The user's preferences, by key. */
  list(user: string): Promise<Preference[]>;
  /** Keeps `value` under `key` for `user`, over what was there. Throws PreferenceLimitError past the bounds. */
  put(user: string, key: string, version: number, value: unknown, now: number): Promise<Preference>;
  /** Forgets one; false when there was none. */
  remove(user: string, key: string): Promise<boolean>;
  /** Forgets all of a user's (a removed user's); returns how many. */
  removeUser(user: string): Promise<number>;
  close(): Promise<void>;
}

/** A value too large, or one key too many: refused whole, nothing kept. */
export class PreferenceLimitError extends Error {
  override name = 'PreferenceLimitError';
}

/** The value as it is stored, or why it may not be: larger than PREFERENCE_LIMITS.valueBytes. */
export function storedText(value: unknown): string {
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > PREFERENCE_LIMITS.valueBytes) {
    throw new PreferenceLimitError(`value: ${Math.ceil(bytes / 1024)} kB is more than the ${PREFERENCE_LIMITS.valueBytes / 1024} kB a preference may hold`);
  }
  return text;
}

export const tooManyKeys = () =>
  new PreferenceLimitError(`a person keeps at most ${PREFERENCE_LIMITS.keys} preferences: delete a saved workspace first`);

export interface PreferenceRow {
  key: string;
  version: number;
  value: string;
  updated_at: number;
}

export const preferenceOf = (row: PreferenceRow): Preference => ({
  key: row.key,
  version: row.version,
  value: JSON.parse(row.value) as unknown,
  updatedAt: row.updated_at,
});
