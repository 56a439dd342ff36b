import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratePostgres, openPostgres, type Postgres, type PostgresClient } from '@/proxy/postgres';
import { Door, PostgresSessionStore, SqliteSessionStore, type SessionStore } from '@/proxy/sessions';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

const TOKEN_A = 'token-a-0123456789abcdef';
const TOKEN_B = 'token-b-0123456789abcdef';
const HOUR = 3_600_000;

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'sessions' });
  pg = openPostgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

/** Each adapter's store, over one place (a file, the database): open twice is a restart or a second proxy. */
interface Place {
  open(maxSessions?: number): SessionStore;
}
const adapters: [string, () => Promise<Place>][] = [
  [
    'SQLite',
    async () => {
      const path = join(tempDir(), 'sessions.sqlite');
      return { open: (max = 50) => new SqliteSessionStore(path, max) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      await pg.query('TRUNCATE sessions, session_meta');
      return { open: (max = 50) => new PostgresSessionStore(pg, max) };
    },
  ],
];

describe.each(adapters)('the session store on %s', (_name, place) => {
  let where: Place;
  const opened: SessionStore[] = [];
  const open = (max?: number) => {
    const store = where.open(max);
    opened.push(store);
    return store;
  };
  beforeEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    where = await place();
  });
  afterAll(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  it('keeps a session until it is removed, and tells its expiry', async () => {
    const store = open();
    expect(await store.bindToken(TOKEN_A)).toBe(0);
    await store.save('a', 1000, 1000 + HOUR);
    await store.save('b', 1001, 1001 + HOUR);
    expect(await store.expiry('a')).toBe(1000 + HOUR);
    expect(await store.expiry('nope')).toBeUndefined();
    await store.remove('a');
    expect(await store.expiry('a')).toBeUndefined();
    expect(await store.expiry('b')).toBe(1001 + HOUR);
    expect(await store.removeAll()).toBe(1);
    expect(await store.expiry('b')).toBeUndefined();
  });

  it('drops expired sessions and all but the newest on save', async () => {
    const store = open(3);
    await store.bindToken(TOKEN_A);
    await store.save('old', 1000, 1000 + HOUR);
    await store.save('expired', 1500, 2000);
    await store.save('mid', 3000, 3000 + HOUR);
    await store.save('new', 3001, 3001 + HOUR);
    expect(await store.expiry('expired')).toBeUndefined();
    expect(await store.expiry('old')).toBe(1000 + HOUR);
    await store.save('newest', 3002, 3002 + HOUR);
    expect(await store.expiry('old')).toBeUndefined();
    for (const kept of ['mid', 'new', 'newest']) expect(await store.expiry(kept)).toBeDefined();
  });

  it('keeps sessions across a start with the same token, and ends them all with another', async () => {
    const first = open();
    await first.bindToken(TOKEN_A);
    await first.save('a', 1000, 1000 + HOUR);
    await first.save('b', 1000, 1000 + HOUR);
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const again = open();
    expect(await again.bindToken(TOKEN_A)).toBe(0);
    expect(await again.expiry('a')).toBe(1000 + HOUR);
    expect(await again.bindToken(TOKEN_B)).toBe(2);
    expect(await again.expiry('a')).toBeUndefined();
    expect(await again.bindToken(TOKEN_B)).toBe(0);
  });

  it('behind a door: a session is made once with a one-time token, and a sign-out ends it', async () => {
    const door = await Door.open(open(), undefined);
    expect(door.endedAtStart).toBe(0);
    const made = await door.exchange(door.token, '127.0.0.1');
    expect((await door.exchange(door.token, '127.0.0.1')).kind).toBe('refused');
    if (made.kind !== 'session') throw new Error(`no session: ${made.kind}`);
    expect(await door.session(made.id)).toMatchObject({ key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await door.end(made.id);
    expect(await door.session(made.id)).toBeUndefined();
  });
});

describe('the PostgreSQL session store', () => {
  beforeEach(async () => {
    await pg.query('TRUNCATE sessions, session_meta');
  });

  it('binds a token once when proxies start together with it: one resets, the others find its fingerprint', async () => {
    await pg.query("INSERT INTO sessions VALUES ('old', 0, $1)", [Date.now() + HOUR]);
    let resets = 0;
    // The same database, counting how many starts wrote a fingerprint.
    const counting = {
      query: pg.query.bind(pg),
      transaction: <T>(work: (client: PostgresClient) => Promise<T>) =>
        pg.transaction((client) =>
          work({
            query: (text, params) => {
              if (text.includes('INSERT INTO session_meta')) resets += 1;
              return client.query(text, params);
            },
          }),
        ),
    } as unknown as Postgres;
    // Connections open beforehand, so the three starts run side by side rather than one by one.
    await Promise.all([1, 2, 3].map(() => pg.query('SELECT pg_sleep(0.05)')));
    const stores = [1, 2, 3].map(() => new PostgresSessionStore(counting, 50));
    const ended = await Promise.all(stores.map((store) => store.bindToken(TOKEN_A)));
    expect(ended.sort()).toEqual([0, 0, 1]);
    expect(resets).toBe(1);
    const meta = await pg.query('SELECT key FROM session_meta ORDER BY key');
    expect(meta.rows).toEqual([{ key: 'salt' }, { key: 'token' }]);
  });

  it('shares sessions between doors: a sign-out on one is seen by the other at once', async () => {
    const [one, two] = await Promise.all([1, 2].map(() => Door.open(new PostgresSessionStore(pg, 50), TOKEN_A)));
    const made = await one!.exchange(TOKEN_A, '127.0.0.1');
    if (made.kind !== 'session') throw new Error(`no session: ${made.kind}`);
    expect(await one!.session(made.id)).toBeDefined();
    expect(await two!.session(made.id)).toBeDefined();
    await two!.end(made.id);
    expect(await one!.session(made.id)).toBeUndefined();
    expect(one!.cookieName(8080)).toBe('terminal_session_desk');
    expect(two!.cookieName(9090)).toBe('terminal_session_desk');
  });
});
