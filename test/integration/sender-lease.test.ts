import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { LeaseLostError, SenderLease, type LeaseLossReason, type SenderLeaseOptions } from '@/proxy/sending/lease';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { startTcpSwitch, type TcpSwitch } from '../helpers/tcpSwitch';

// Short leases keep the file fast; the margin is the default ttl / 5.
const TTL = 900;
const RENEW = 300;

let server: PostgresServer;
let db: Postgres;
const pools: Postgres[] = [];
const relays: TcpSwitch[] = [];
let leases: SenderLease[] = [];

beforeAll(async () => {
  server = await startPostgres({ database: 'desk' });
  db = openPostgres(server.url);
  pools.push(db);
  await migratePostgres(db);
});
afterEach(async () => {
  for (const relay of relays.splice(0)) relay.restore();
  await Promise.all(leases.map((lease) => lease.stop()));
  leases = [];
});
afterAll(async () => {
  for (const relay of relays) await relay.close();
  for (const pool of pools) await pool.close().catch(() => undefined);
  await server?.stop();
});

let accounts = 0;
/** Each test its own account, so a lease left by one test never meets the next. */
const newAccount = () => `acct-${++accounts}`;

function lease(accountId: string, holder: string, options: Partial<SenderLeaseOptions> = {}) {
  const made = new SenderLease({ pg: db, accountId, holder, ttlMs: TTL, renewEveryMs: RENEW, ...options });
  leases.push(made);
  const acquired: { token: number; at: number }[] = [];
  const lost: { reason: LeaseLossReason; at: number }[] = [];
  made.onAcquired((token) => acquired.push({ token, at: performance.now() }));
  made.onLost((reason) => lost.push({ reason, at: performance.now() }));
  const firstAcquired = () => new Promise<number>((resolve) => made.onAcquired(resolve));
  return { lease: made, acquired, lost, firstAcquired };
}

/** A pool reaching the server through a switch the test can cut: this proxy's network to the database. */
async function cutOffablePool(): Promise<{ pool: Postgres; relay: TcpSwitch }> {
  const relay = await startTcpSwitch(server.port);
  relays.push(relay);
  const pool = openPostgres(server.url.replace(`:${server.port}/`, `:${relay.port}/`), { connectTimeoutMs: 500 });
  pools.push(pool);
  return { pool, relay };
}

/** A send's journal statement: marks a request sent, only while the guard holds. */
async function markSent(pg: Postgres, guard: { sql: string; params: unknown[] }, id: number, by: string) {
  const { rowCount } = await pg.query(`UPDATE scratch_sends SET sent_by = $1 WHERE id = $2 AND ${guard.sql}`, [by, id, ...guard.params]);
  return rowCount;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the sending lease', () => {
  it('is held by exactly one of two proxies starting together', async () => {
    const account = newAccount();
    const a = lease(account, 'proxy-a');
    const b = lease(account, 'proxy-b');
    await Promise.all([a.lease.start(), b.lease.start()]);
    const [holder, other] = a.lease.held ? [a, b] : [b, a];
    expect(holder.lease.held).toBe(true);
    expect(holder.lease.token).toBe(1);
    expect(other.lease.held).toBe(false);
    expect(other.lease.token).toBeNull();
    expect(() => other.lease.assertHeld()).toThrow(LeaseLostError);
    expect(() => other.lease.assertHeld()).toThrow(`this proxy no longer holds the sending lease for account ${account}; another proxy sends now`);
    expect(() => holder.lease.assertHeld()).not.toThrow();
    expect(await other.lease.holderOf()).toMatchObject({ holder: holder.lease.holder, token: 1 });
    expect(other.acquired).toEqual([]);
  });

  it('is kept by its holder, renewed well past its ttl', async () => {
    const account = newAccount();
    const a = lease(account, 'proxy-a');
    await a.lease.start();
    const b = lease(account, 'proxy-b');
    await b.lease.start();
    const before = await a.lease.holderOf();
    await sleep(3 * TTL);
    expect(a.lease.held).toBe(true);
    expect(b.lease.held).toBe(false);
    const after = await a.lease.holderOf();
    expect(after).toMatchObject({ holder: 'proxy-a', token: 1 });
    expect(after!.expiresAt).toBeGreaterThan(before!.expiresAt + 2 * TTL);
    expect(a.acquired.map((event) => event.token)).toEqual([1]);
    expect(a.lost).toEqual([]);
    expect(b.acquired).toEqual([]);
  });

  it('passes to another within one renew interval when its holder stops cleanly, with the next token', async () => {
    const account = newAccount();
    // A long ttl, so that waiting it out (no release) is far from one renew interval.
    const long = { ttlMs: 10 * TTL };
    const a = lease(account, 'proxy-a', long);
    await a.lease.start();
    const b = lease(account, 'proxy-b', long);
    await b.lease.start();
    const taken = b.firstAcquired();
    const stoppedAt = performance.now();
    await a.lease.stop();
    expect(a.lease.held).toBe(false);
    expect(a.lost.map((event) => event.reason)).toEqual(['stopped']);
    expect(await taken).toBe(2);
    // Without the release it would wait out the ttl (at least 9 s − one renew interval): sooner
    // than that is the release, whatever the machine's speed (its time is the bench's).
    expect(performance.now() - stoppedAt).toBeLessThan(10 * TTL - RENEW);
    expect(b.lease.held).toBe(true);
    expect(await a.lease.holderOf()).toMatchObject({ holder: 'proxy-b', token: 2 });
  });

  it('is given up by a holder cut off from the database before another takes it', async () => {
    const account = newAccount();
    const { pool, relay } = await cutOffablePool();
    const a = lease(account, 'proxy-a', { pg: pool });
    await a.lease.start();
    const b = lease(account, 'proxy-b');
    await b.lease.start();
    expect(a.lease.held).toBe(true);
    const taken = b.firstAcquired();
    const cutAt = performance.now();
    relay.cut();
    expect(await taken).toBe(2);
    const takenAt = performance.now();
    expect(a.lost.map((event) => event.reason)).toEqual(['not-renewed']);
    const lostAt = a.lost[0]!.at;
    expect(lostAt).toBeLessThan(takenAt);
    expect(lostAt - cutAt).toBeLessThan(TTL);
    expect(takenAt - cutAt).toBeGreaterThan(TTL - RENEW);
    // Reconnected, it finds the lease another's and stays out.
    relay.restore();
    await sleep(2 * RENEW);
    expect(a.lease.held).toBe(false);
    expect(await a.lease.holderOf()).toMatchObject({ holder: 'proxy-b', token: 2 });
  });

  it("fences the old holder's statements in the database, whatever its own clock says", async () => {
    const account = newAccount();
    await db.query('CREATE TABLE IF NOT EXISTS scratch_sends (id integer PRIMARY KEY, sent_by text)');
    await db.query('INSERT INTO scratch_sends (id) VALUES (1), (2), (3), (4), (5)');
    const { pool, relay } = await cutOffablePool();
    // A clock that never moves: this proxy believes it holds the lease for ever.
    const a = lease(account, 'proxy-a', { pg: pool, now: () => 0 });
    await a.lease.start();
    const b = lease(account, 'proxy-b');
    await b.lease.start();
    expect(await markSent(pool, a.lease.guardedSql(2), 1, 'proxy-a')).toBe(1);
    const taken = b.firstAcquired();
    relay.cut();
    await taken;
    relay.restore();
    expect(a.lease.held).toBe(true);
    expect(await markSent(pool, a.lease.guardedSql(2), 2, 'proxy-a')).toBe(0);
    expect(await markSent(db, b.lease.guardedSql(2), 2, 'proxy-b')).toBe(1);
    const { rows } = await db.query('SELECT id, sent_by FROM scratch_sends WHERE id <= 2 ORDER BY id');
    expect(rows).toEqual([
      { id: 1, sent_by: 'proxy-a' },
      { id: 2, sent_by: 'proxy-b' },
    ]);
  });

  it("refuses a guard once the lease expired, and one built under the same holder's older token", async () => {
    // Nobody took over: the expiry alone must refuse it (the statement arrives by another connection).
    const { pool, relay } = await cutOffablePool();
    const d = lease(newAccount(), 'proxy-d', { pg: pool, now: () => 0 });
    await d.lease.start();
    const expiring = d.lease.guardedSql(2);
    relay.cut();
    await sleep(TTL + 100);
    expect(d.lease.held).toBe(true);
    expect(await markSent(db, expiring, 3, 'proxy-d')).toBe(0);

    // Lost locally, taken again with the next token: what was built under the first is refused.
    let clock = 0;
    const e = lease(newAccount(), 'proxy-e', { now: () => clock });
    await e.lease.start();
    const first = e.lease.guardedSql(2);
    clock += TTL;
    expect(e.lease.held).toBe(false);
    await sleep(2 * RENEW);
    expect(e.lease.token).toBe(2);
    expect(await markSent(db, first, 4, 'proxy-e')).toBe(0);
    expect(await markSent(db, e.lease.guardedSql(2), 5, 'proxy-e')).toBe(1);
  });

  it('is seen lost at once by a holder that was paused past its ttl, before its timers run', async () => {
    const account = newAccount();
    const a = lease(account, 'proxy-a');
    await a.lease.start();
    expect(a.lease.held).toBe(true);
    // As after SIGSTOP and SIGCONT: no timer or renew ran while the event loop was blocked.
    const pausedUntil = performance.now() + TTL + 100;
    while (performance.now() < pausedUntil);
    expect(a.lost).toEqual([]);
    expect(a.lease.held).toBe(false);
    expect(a.lost.map((event) => event.reason)).toEqual(['not-renewed']);
    expect(() => a.lease.assertHeld()).toThrow(LeaseLostError);

    // The same on a clock moved by the test, and a token once lost is never held again.
    let clock = 0;
    const c = lease(newAccount(), 'proxy-c', { now: () => clock });
    await c.lease.start();
    expect(c.lease.token).toBe(1);
    clock += TTL - TTL / 5;
    expect(c.lease.token).toBeNull();
    await sleep(2 * RENEW);
    expect(c.acquired.map((event) => event.token)).toEqual([1, 2]);
  });

  it('is one per account: two accounts are held and handed on independently', async () => {
    const [x, y] = [newAccount(), newAccount()];
    const ax = lease(x, 'proxy-a');
    const by = lease(y, 'proxy-b');
    await Promise.all([ax.lease.start(), by.lease.start()]);
    const bx = lease(x, 'proxy-b');
    const ay = lease(y, 'proxy-a');
    await Promise.all([bx.lease.start(), ay.lease.start()]);
    expect([ax.lease.held, by.lease.held, bx.lease.held, ay.lease.held]).toEqual([true, true, false, false]);
    const taken = bx.firstAcquired();
    await ax.lease.stop();
    expect(await taken).toBe(2);
    await sleep(RENEW);
    expect(by.lease.held).toBe(true);
    expect(ay.lease.held).toBe(false);
    expect(await by.lease.holderOf()).toMatchObject({ holder: 'proxy-b', token: 1 });
  });
});
