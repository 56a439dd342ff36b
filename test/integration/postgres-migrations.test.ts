import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, openPostgres, postgresMigrations, type Postgres } from '@/proxy/postgres';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';

let server: PostgresServer;
const opened: Postgres[] = [];
const open = (url: string) => {
  const db = openPostgres(url);
  opened.push(db);
  return db;
};
/** A database of its own on the test's server (the superuser makes it). */
async function freshDatabase(name: string, setup: string[] = []): Promise<string> {
  const url = await createDatabase(server, name);
  const owner = new Client({ connectionString: url });
  await owner.connect();
  try {
    for (const statement of setup) await owner.query(statement);
  } finally {
    await owner.end();
  }
  return url;
}

beforeAll(async () => {
  server = await startPostgres({ database: 'desk' });
});
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  await server?.stop();
});

const order = (id: string, status: string, clientOrderId: string | null) => [
  'INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, client_order_id, order_json, order_id, created_at, updated_at) ' +
    "VALUES ($1, $2, 0, $3, 'PERP_BTC_USDC', 'BUY', 'LIMIT', $4, $5, '{}', $6, $7, $7) RETURNING id",
  [id, Math.floor(Math.random() * 1e9), status, 0.1 + 0.2, clientOrderId, 9_007_199_254_740_991, 1_767_225_600_123],
] as const;

/** The schema's version with every migration of this build. */
const LATEST = postgresMigrations.length;

describe('migratePostgres', () => {
  it('builds the schema once, even when two proxies start together', async () => {
    const url = await freshDatabase('together');
    const [first, second] = [open(url), open(url)];
    expect(await Promise.all([migratePostgres(first), migratePostgres(second)])).toEqual([LATEST, LATEST]);
    expect(await migratePostgres(first)).toBe(LATEST);
    const { rows } = await first.query<{ version: number }>('SELECT version FROM schema_version');
    expect(rows).toEqual([{ version: LATEST }]);
    const tables = await first.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    expect(tables.rows.map((row) => row.name)).toEqual([
      'approvals', 'audit', 'day_usage', 'held_orders', 'limit_sets', 'login_links', 'orders', 'preferences', 'requests', 'schema_version',
      'sender_lease', 'session_meta', 'sessions', 'tickets', 'users',
    ]);
    const indexes = await first.query<{ name: string }>("SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'");
    expect(indexes.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['orders_live', 'orders_live_client_order_id', 'tickets_created', 'held_live', 'held_created', 'sessions_created',
        'approvals_awaiting', 'approvals_unsent']),
    );
  });

  it('keeps the columns the SQLite journal ends with, and hands numbers back as they went in', async () => {
    const db = open(await freshDatabase('shape'));
    await migratePostgres(db);
    const held = await db.query<{ name: string }>(
      "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'held_orders'",
    );
    expect(held.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['reason', 'entry_ticket_id', 'entry_client_order_id', 'duration_ms', 'slice_ms', 'max_slippage_percent',
        'price_limit', 'randomize_percent', 'started_at', 'next_slice', 'slices_sent', 'slices_skipped', 'slices_missed',
        'quantity_sent', 'fire_count', 'fired_ticket_id', 'idempotency_key', 'account', 'placed_by']),
    );
    await db.query("INSERT INTO tickets (id, body_hash, requests, created_at) VALUES ('t1', 'h', 1, 1767225600123)");
    const [text, params] = order('t1', 'pending', 'c-1');
    const inserted = await db.query<{ id: number }>(text, [...params]);
    const { rows } = await db.query('SELECT id, order_price, order_id, created_at FROM orders WHERE id = $1', [inserted.rows[0]?.id]);
    expect(rows[0]).toEqual({ id: inserted.rows[0]?.id, order_price: 0.1 + 0.2, order_id: 9_007_199_254_740_991, created_at: 1_767_225_600_123 });
  });

  it('lets a live client order id be journaled once in the database', async () => {
    const db = open(await freshDatabase('client_ids'));
    await migratePostgres(db);
    await db.query("INSERT INTO tickets (id, body_hash, requests, created_at) VALUES ('t1', 'h', 1, 0), ('t2', 'h', 1, 0)");
    const insert = (ticket: string, status: string, clientOrderId: string | null) => {
      const [text, params] = order(ticket, status, clientOrderId);
      return db.query(text, [...params]);
    };
    await insert('t1', 'accepted', 'mine');
    await expect(insert('t2', 'pending', 'mine')).rejects.toThrow(/orders_live_client_order_id/);
    await db.query("UPDATE orders SET status = 'filled' WHERE client_order_id = 'mine'");
    await insert('t2', 'pending', 'mine');
    await insert('t1', 'rejected', 'mine');
    await insert('t1', 'pending', null);
    await insert('t2', 'pending', null);
  });

  it('refuses a schema newer than this build, naming both versions', async () => {
    const url = await freshDatabase('newer');
    const db = open(url);
    await migratePostgres(db, [...postgresMigrations, 'CREATE TABLE later (id integer)', 'CREATE TABLE later_still (id integer)']);
    await expect(migratePostgres(db)).rejects.toThrow(
      `the database's schema is version ${LATEST + 2}; this proxy knows versions up to ${LATEST}: start a newer build of the proxy against it (or another database)`,
    );
  });

  it('needs no more than CONNECT, and USAGE and CREATE on its schema', async () => {
    const url = await freshDatabase('limited', [
      "CREATE ROLE desk_user LOGIN PASSWORD 'desk-password'",
      // What PUBLIC may do by default (CONNECT, TEMP; CREATE on public before 15) is taken away, so
      // only the grants below count.
      'REVOKE ALL ON DATABASE limited FROM PUBLIC',
      'REVOKE ALL ON SCHEMA public FROM PUBLIC',
      'GRANT CONNECT ON DATABASE limited TO desk_user',
      'GRANT USAGE, CREATE ON SCHEMA public TO desk_user',
    ]);
    const asUser = url.replace('postgres://postgres@', 'postgres://desk_user:desk-password@');
    const db = open(asUser);
    const who = await db.query<{ name: string; superuser: boolean }>(
      "SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user",
    );
    expect(who.rows).toEqual([{ name: 'desk_user', superuser: false }]);
    expect(await migratePostgres(db)).toBe(LATEST);
    await db.query("INSERT INTO session_meta (key, value) VALUES ('salt', 'x')");
    await db.query("INSERT INTO tickets (id, body_hash, requests, created_at) VALUES ('t1', 'h', 1, 0)");
    const [text, params] = order('t1', 'pending', 'c-1');
    await db.query(text, [...params]);
    await db.query("INSERT INTO sender_lease VALUES ('acct', 'proxy-a', 1, 0, 0) ON CONFLICT (account_id) DO UPDATE SET token = sender_lease.token + 1");
    expect((await db.query('SELECT count(*) AS n FROM orders')).rows).toEqual([{ n: 1 }]);
    // And the role really is that narrow: no CREATE on the database, no extension.
    await expect(db.query('CREATE SCHEMA other')).rejects.toThrow(/permission denied for database limited/);
    await expect(db.query('CREATE EXTENSION pgcrypto')).rejects.toThrow(/permission denied/);
  });
});
