import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREFERENCE_LIMITS } from '@/interface/preferences';
import { PreferenceLimitError, type PreferenceStore } from '@/proxy/desk/preferences';
import { PostgresPreferenceStore } from '@/proxy/desk/preferencesPostgres';
import { SqlitePreferenceStore } from '@/proxy/desk/preferencesSqlite';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'preferences' });
  pg = openPostgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

/** Each adapter's store over one place: opened twice is a restart, or a second proxy of the desk. */
const adapters: [string, () => Promise<() => PreferenceStore>][] = [
  [
    'SQLite',
    async () => {
      const path = join(tempDir(), 'desk.sqlite');
      return () => new SqlitePreferenceStore(path);
    },
  ],
  [
    'PostgreSQL',
    async () => {
      await pg.query('TRUNCATE preferences');
      return () => new PostgresPreferenceStore(pg);
    },
  ],
];

const entry = (name: string) => ({ name, layout: null, saved: null });

describe.each(adapters)('the preference store on %s', (_name, place) => {
  let open: () => PreferenceStore;
  const opened: PreferenceStore[] = [];
  const store = () => {
    const made = open();
    opened.push(made);
    return made;
  };
  beforeEach(async () => {
    for (const made of opened.splice(0)) await made.close();
    open = await place();
  });
  afterAll(async () => {
    for (const made of opened.splice(0)) await made.close();
  });

  it('keeps each user their own, by key, across a restart', async () => {
    const first = store();
    await first.put('alice', 'settings', 2, { theme: 'dark' }, 1000);
    await first.put('alice', 'workspace.trade', 1, entry('Trade'), 1001);
    await first.put('bob', 'settings', 2, { theme: 'light' }, 1002);
    const again = store();
    expect(await again.list('alice')).toEqual([
      { key: 'settings', version: 2, value: { theme: 'dark' }, updatedAt: 1000 },
      { key: 'workspace.trade', version: 1, value: entry('Trade'), updatedAt: 1001 },
    ]);
    expect(await again.list('bob')).toEqual([{ key: 'settings', version: 2, value: { theme: 'light' }, updatedAt: 1002 }]);
    expect(await again.list('carol')).toEqual([]);
  });

  it('lets the last write win, from any proxy', async () => {
    const [one, two] = [store(), store()];
    await one.put('alice', 'workspace.saved-1', 1, entry('Mine'), 1000);
    await two.put('alice', 'workspace.saved-1', 1, entry('Mine, moved'), 2000);
    expect(await one.list('alice')).toEqual([{ key: 'workspace.saved-1', version: 1, value: entry('Mine, moved'), updatedAt: 2000 }]);
  });

  it('forgets one key, or all of a user', async () => {
    const prefs = store();
    await prefs.put('alice', 'settings', 2, {}, 1);
    await prefs.put('alice', 'workspace.a', 1, entry('A'), 1);
    await prefs.put('bob', 'settings', 2, {}, 1);
    expect(await prefs.remove('alice', 'workspace.a')).toBe(true);
    expect(await prefs.remove('alice', 'workspace.a')).toBe(false);
    expect((await prefs.list('alice')).map((row) => row.key)).toEqual(['settings']);
    expect(await prefs.removeUser('alice')).toBe(1);
    expect(await prefs.list('alice')).toEqual([]);
    expect(await prefs.list('bob')).toHaveLength(1);
  });

  it('refuses a value over 256 kB and a key past the 60th, keeping what it had', async () => {
    const prefs = store();
    const big = { name: 'x'.repeat(PREFERENCE_LIMITS.valueBytes) };
    await expect(prefs.put('alice', 'workspace.big', 1, big, 1)).rejects.toThrow(PreferenceLimitError);
    await expect(prefs.put('alice', 'workspace.big', 1, big, 1)).rejects.toThrow(/value: 257 kB is more than the 256 kB/);
    for (let n = 1; n < PREFERENCE_LIMITS.keys; n++) await prefs.put('alice', `workspace.w${n}`, 1, entry(`W${n}`), n);
    await prefs.put('alice', 'settings', 2, {}, 100);
    await expect(prefs.put('alice', 'workspace.one-more', 1, entry('One more'), 101)).rejects.toThrow(/at most 60 preferences/);
    // A key it has may still change; another user is not counted against alice.
    await prefs.put('alice', 'workspace.w1', 1, entry('W1 again'), 102);
    await prefs.put('bob', 'workspace.one-more', 1, entry('One more'), 103);
    expect(await prefs.list('alice')).toHaveLength(PREFERENCE_LIMITS.keys);
  });
});

describe('the SQLite preference store', () => {
  it("keeps its file the user's alone", () => {
    const path = join(tempDir(), 'desk', 'desk.sqlite');
    const prefs = new SqlitePreferenceStore(path);
    try {
      expect(statSync(path).mode & 0o777).toBe(0o600);
    } finally {
      void prefs.close();
    }
  });
});
