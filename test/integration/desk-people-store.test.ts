import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditQuerySchema } from '@/interface';
import { hashToken, LINK_TTL_MS, NoSuchUserError, UserExistsError, type DeskPeople } from '@/proxy/desk/people';
import { PostgresPeople } from '@/proxy/desk/postgresPeople';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { PostgresSessionStore, SqliteSessionStore, type SessionStore } from '@/proxy/sessions';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;

let server: PostgresServer;
const pools: Postgres[] = [];
beforeAll(async () => {
  server = await startPostgres({ database: 'people' });
});
afterAll(async () => {
  for (const pool of pools) await pool.close();
  await server?.stop();
});

/** A fresh place per test (a new file, a new database: the audit cannot be emptied), with a raw way to write to it. */
interface Place {
  people: DeskPeople;
  sessions: SessionStore;
  /** Runs SQL on the store's own connection, behind its back. */
  raw(sql: string): Promise<unknown>;
}
let databases = 0;
const adapters: [string, () => Promise<Place>][] = [
  [
    'SQLite',
    async () => {
      const dir = tempDir();
      const people = new SqlitePeople(join(dir, 'desk.sqlite'));
      return { people, sessions: new SqliteSessionStore(join(dir, 'sessions.sqlite'), 50), raw: async (sql) => people.db.exec(sql) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      databases += 1;
      const pg = openPostgres(await createDatabase(server, `people_${databases}`));
      pools.push(pg);
      await migratePostgres(pg);
      return { people: new PostgresPeople(pg), sessions: new PostgresSessionStore(pg, 50), raw: (sql) => pg.query(sql) };
    },
  ],
];

const query = (fields: Record<string, unknown> = {}) => auditQuerySchema.parse(fields);

describe.each(adapters)('the people store on %s', (_name, open) => {
  it('keeps users: added, listed, changed, disabled and removed; a desk from the first one', async () => {
    const { people } = await open();
    expect(await people.hasUsers()).toBe(false);
    await people.addUser({ name: 'alice', roles: ['trader', 'risk'], accounts: ['main', 'hedge'] }, NOW);
    await people.addUser({ name: 'bob', roles: ['viewer'], accounts: '*' }, NOW + 1);
    expect(await people.hasUsers()).toBe(true);
    await expect(people.addUser({ name: 'alice', roles: ['viewer'], accounts: '*' }, NOW)).rejects.toThrow(UserExistsError);
    expect(await people.user('alice')).toEqual({ name: 'alice', roles: ['trader', 'risk'], accounts: ['main', 'hedge'], disabled: false, createdAt: NOW });
    expect((await people.users()).map((user) => user.name)).toEqual(['alice', 'bob']);
    expect(await people.changeUser('bob', { disabled: true })).toMatchObject({ name: 'bob', roles: ['viewer'], accounts: '*', disabled: true });
    expect(await people.changeUser('alice', { roles: ['admin'], accounts: '*' })).toMatchObject({ roles: ['admin'], accounts: '*', disabled: false });
    expect((await people.user('bob'))?.disabled).toBe(true);
    expect(await people.changeUser('nobody', { disabled: true })).toBeUndefined();
    expect(await people.removeUser('bob')).toBe(true);
    expect(await people.removeUser('bob')).toBe(false);
    expect(await people.user('bob')).toBeUndefined();
  });

  it('spends a login link once, within its day; a new link replaces the last; a removed user takes theirs along', async () => {
    const { people } = await open();
    await people.addUser({ name: 'alice', roles: ['trader'], accounts: ['main'] }, NOW);
    await expect(people.issueLink('nobody', hashToken('x'), NOW)).rejects.toThrow(NoSuchUserError);
    expect(await people.issueLink('alice', hashToken('first'), NOW)).toBe(NOW + LINK_TTL_MS);
    await people.issueLink('alice', hashToken('second'), NOW);
    expect(await people.spendLink(hashToken('first'), NOW)).toBeUndefined();
    const spends = await Promise.all([1, 2, 3].map(() => people.spendLink(hashToken('second'), NOW + 1)));
    expect(spends.filter(Boolean)).toEqual(['alice']);
    await people.issueLink('alice', hashToken('late'), NOW);
    expect(await people.spendLink(hashToken('late'), NOW + LINK_TTL_MS)).toBeUndefined();
    await people.issueLink('alice', hashToken('kept'), NOW);
    await people.removeUser('alice');
    await people.addUser({ name: 'alice', roles: ['viewer'], accounts: '*' }, NOW);
    expect(await people.spendLink(hashToken('kept'), NOW)).toBeUndefined();
  });

  it('keeps the audit newest first, filtered, a page at a time', async () => {
    const { people } = await open();
    for (let i = 0; i < 5; i++) await people.append({ at: NOW + i, actor: i % 2 ? 'bob' : 'alice', action: 'ticket', subject: `t${i}`, address: '127.0.0.1', detail: { orders: i } });
    await people.append({ at: NOW + 10, actor: 'cli', action: 'user-added', subject: 'carol' });
    const all = await people.list(query());
    expect(all.rows.map((row) => row.subject)).toEqual(['carol', 't4', 't3', 't2', 't1', 't0']);
    expect(all.rows[0]).toMatchObject({ actor: 'cli', address: null, detail: {} });
    expect(all.rows[1]).toMatchObject({ at: NOW + 4, actor: 'alice', action: 'ticket', address: '127.0.0.1', detail: { orders: 4 } });
    expect(all.next_cursor).toBeNull();
    const first = await people.list(query({ actor: 'alice', limit: '2' }));
    expect(first.rows.map((row) => row.subject)).toEqual(['t4', 't2']);
    const second = await people.list(query({ actor: 'alice', limit: '2', cursor: first.next_cursor }));
    expect(second.rows.map((row) => row.subject)).toEqual(['t0']);
    expect(second.next_cursor).toBeNull();
    expect((await people.list(query({ action: 'user-added' }))).rows.map((row) => row.subject)).toEqual(['carol']);
    expect((await people.list(query({ subject: 't1' }))).rows).toHaveLength(1);
    expect((await people.list(query({ since: String(NOW + 1), until: String(NOW + 3) }))).rows.map((row) => row.subject)).toEqual(['t2', 't1']);
  });

  it('refuses to change or delete the audit, even through the raw connection', async () => {
    const { people, raw } = await open();
    await people.append({ actor: 'alice', action: 'login' });
    await expect(raw("UPDATE audit SET actor = 'mallory'")).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(raw('DELETE FROM audit')).rejects.toThrow(/append-only: DELETE refused/);
    expect((await people.list(query())).rows).toEqual([expect.objectContaining({ actor: 'alice', action: 'login' })]);
  });

  it("sessions belong to a user: ending a user's leaves the others; a new token ends only token sessions", async () => {
    const { sessions, people } = await open();
    await sessions.bindToken('token-a-0123456789abcdef');
    await sessions.save('a1', NOW, NOW + HOUR, 'alice');
    await sessions.save('a2', NOW, NOW + HOUR, 'alice');
    await sessions.save('b1', NOW, NOW + HOUR, 'bob');
    await sessions.save('t1', NOW, NOW + HOUR);
    expect(await sessions.find('a1')).toMatchObject({ expiresAt: NOW + HOUR, user: 'alice' });
    expect(await sessions.find('t1')).toMatchObject({ expiresAt: NOW + HOUR, user: null });
    // On a desk's database the session says whether the desk has users (a token session is then
    // refused); a store of its own leaves that to the people store.
    const hasUsers = async () => (await sessions.find('t1'))?.hasUsers;
    expect(await hasUsers()).toBe(sessions.shared ? false : undefined);
    await people.addUser({ name: 'carol', roles: ['viewer'], accounts: '*' }, NOW);
    expect(await hasUsers()).toBe(sessions.shared ? true : undefined);
    expect(await sessions.removeUser('alice')).toBe(2);
    expect(await sessions.find('a2')).toBeUndefined();
    expect(await sessions.bindToken('token-b-0123456789abcdef')).toBe(1);
    expect(await sessions.find('t1')).toBeUndefined();
    expect(await sessions.find('b1')).toMatchObject({ expiresAt: NOW + HOUR, user: 'bob' });
  });
});

describe('the PostgreSQL audit', () => {
  it('refuses TRUNCATE, and its privileges are revoked from the user that made it', async () => {
    const pg = openPostgres(await createDatabase(server, 'people_privileges'));
    pools.push(pg);
    await migratePostgres(pg);
    await expect(pg.query('TRUNCATE audit')).rejects.toThrow(/append-only: TRUNCATE refused/);
    const { rows } = await pg.query<{ privilege_type: string }>(
      "SELECT privilege_type FROM information_schema.role_table_grants WHERE table_name = 'audit' ORDER BY privilege_type",
    );
    expect(rows.map((row) => row.privilege_type)).not.toEqual(expect.arrayContaining(['UPDATE']));
    expect(rows.map((row) => row.privilege_type)).toEqual(expect.arrayContaining(['INSERT', 'SELECT']));
    expect(rows.map((row) => row.privilege_type)).not.toContain('DELETE');
    expect(rows.map((row) => row.privilege_type)).not.toContain('TRUNCATE');
  });
});

describe('a sessions file from before the desk', () => {
  it('gains the user column, its sessions kept as the token sessions they were', async () => {
    const path = join(tempDir(), 'sessions.sqlite');
    const Database = (await import('better-sqlite3')).default;
    const old = new Database(path);
    old.exec('CREATE TABLE sessions (id_hash TEXT PRIMARY KEY, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)');
    old.prepare('INSERT INTO sessions VALUES (?, ?, ?)').run('old', NOW, NOW + HOUR);
    old.close();
    const store = new SqliteSessionStore(path, 50);
    expect(await store.find('old')).toEqual({ expiresAt: NOW + HOUR, user: null });
    await store.close();
  });
});

describe("docs/desk.md's split-owner setup", () => {
  it("lets the proxies' login migrate, journal and append, but never change the audit nor take the right back", async () => {
    const superuser = openPostgres(server.url);
    pools.push(superuser);
    await superuser.query('CREATE ROLE desk_owner LOGIN');
    await superuser.query('CREATE ROLE desk LOGIN');
    const url = await createDatabase(server, 'split_owner');
    const admin = openPostgres(url);
    pools.push(admin);
    await admin.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
    await admin.query('ALTER SCHEMA public OWNER TO desk_owner');
    const as = (role: string) => url.replace('postgres://postgres@', `postgres://${role}@`);
    const owner = openPostgres(as('desk_owner'));
    pools.push(owner);
    await migratePostgres(owner);
    for (const grant of [
      'GRANT USAGE, CREATE ON SCHEMA public TO desk',
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO desk',
      'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO desk',
      'REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM desk',
    ]) {
      await owner.query(grant);
    }
    const proxy = openPostgres(as('desk'));
    pools.push(proxy);
    await migratePostgres(proxy);
    const people = new PostgresPeople(proxy);
    await people.addUser({ name: 'alice', roles: ['viewer'], accounts: '*' }, NOW);
    await people.append({ actor: 'alice', action: 'login' });
    await proxy.query("INSERT INTO tickets (id, body_hash, requests, created_at) VALUES ('t', 'h', 1, 1)");
    await expect(proxy.query("UPDATE audit SET actor = 'mallory'")).rejects.toThrow(/permission denied/);
    await proxy.query('GRANT UPDATE ON audit TO desk'); // a warning: no privileges were granted
    await expect(proxy.query("UPDATE audit SET actor = 'mallory'")).rejects.toThrow(/permission denied/);
    await expect(proxy.query('DROP TRIGGER audit_no_change ON audit')).rejects.toThrow(/must be owner/);
  });
});

describe('the audit of a desk of several proxies', () => {
  it("dates a record by the database's clock, not the proxy's (whose clock may be off)", async () => {
    databases += 1;
    const pg = openPostgres(await createDatabase(server, `people_${databases}`));
    pools.push(pg);
    await migratePostgres(pg);
    const people = new PostgresPeople(pg);
    const before = Date.now();
    // This proxy's clock reads 1970: the record must not.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1);
    let record;
    try {
      record = await people.append({ actor: 'alice', action: 'login' });
    } finally {
      clock.mockRestore();
    }
    expect(record.at).toBeGreaterThanOrEqual(before - 1000);
    expect(record.at).toBeLessThanOrEqual(Date.now() + 1000);
    // A time given explicitly (the command line's, tests') is kept as given.
    expect((await people.append({ at: NOW, actor: 'cli', action: 'user-added', subject: 'bob' })).at).toBe(NOW);
  });
});
