import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, type JournalStore, type NewTicket } from '@/proxy/journal';
import { migrations as sqliteMigrations } from '@/proxy/journal/sqlite/migrations';
import { migratePostgres, openPostgres, postgresMigrations, type Postgres } from '@/proxy/postgres';
import { ethOrder } from '../fixtures/orders';
import { stop } from '../helpers/heldStore';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

/**
 * Several accounts in the journal (issue 30): each ticket and held order names its account, a
 * ticket who placed and who approved it; the views and the lists carry and filter them; a journal
 * from before (one account) reads as account "main".
 */
let server: PostgresServer;
const opened: Postgres[] = [];
beforeAll(async () => {
  server = await startPostgres({ database: 'accounts' });
});
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => undefined);
  await server?.stop();
});

async function freshPostgres(name: string, schema: readonly string[] = postgresMigrations): Promise<Postgres> {
  const db = openPostgres(await createDatabase(server, name));
  opened.push(db);
  await migratePostgres(db, schema);
  return db;
}

const adapters: [string, (name: string) => Promise<JournalStore>][] = [
  ['SQLite', async () => openJournalStore({ path: join(tempDir(), 'journal.sqlite') })],
  ['PostgreSQL', async (name) => openJournalStore({ path: 'unused', postgres: await freshPostgres(name) })],
];

function ticket(id: string, fields: Partial<NewTicket>, orders: OrderRequest[] = [ethOrder(3000) as OrderRequest]): NewTicket {
  const json = orders.map((order) => JSON.stringify(order));
  return { id, bodyHash: `hash-${id}`, recvWindow: undefined, requests: [{ orders, orderJson: json, body: `{"orders":[${json.join(',')}]}` }], now: 1000, ...fields };
}

describe.each(adapters)('accounts in the journal on %s', (name, open) => {
  it('keeps each ticket\'s account, placer and approver on its order rows, and lists one account\'s', async () => {
    const journal = await open(`rows_${name.toLowerCase()}`);
    await journal.createTicket(ticket('t-main', { account: 'main', placedBy: 'terminal' }));
    await journal.createTicket(ticket('t-hedge', { account: 'hedge', placedBy: 'alice', approvedBy: 'rita' }));
    expect(await journal.findTicket('t-hedge')).toMatchObject({ account: 'hedge' });
    const hedge = await journal.ticketResult('t-hedge');
    expect(hedge!.rows[0]).toMatchObject({ account: 'hedge', placed_by: 'alice', approved_by: 'rita' });
    const all = await journal.listOrders({ limit: 10 });
    expect(all.rows.map((row) => [row.ticket_id, row.account, row.placed_by, row.approved_by])).toEqual([
      ['t-hedge', 'hedge', 'alice', 'rita'],
      ['t-main', 'main', 'terminal', null],
    ]);
    expect((await journal.listOrders({ limit: 10, account: 'main' })).rows.map((row) => row.ticket_id)).toEqual(['t-main']);
    expect((await journal.listOrders({ limit: 10, account: 'nobody' })).rows).toEqual([]);
    await journal.close();
  });

  it('finds and recovers one account\'s tickets without touching the other\'s', async () => {
    const journal = await open(`recover_${name.toLowerCase()}`);
    await journal.createTicket(ticket('p-main', { account: 'main' }));
    await journal.createTicket(ticket('p-hedge', { account: 'hedge' }));
    await journal.createTicket(ticket('s-main', { account: 'main' }, [{ ...ethOrder(3000), client_order_id: 's-main' } as OrderRequest]));
    await journal.createTicket(ticket('s-hedge', { account: 'hedge' }, [{ ...ethOrder(3000), client_order_id: 's-hedge' } as OrderRequest]));
    await journal.markSent('s-main', 1, 5, 10);
    await journal.markSent('s-hedge', 1, 5, 10);
    expect(await journal.pendingTickets(10, 'hedge')).toEqual(['p-hedge']);
    expect(await journal.pendingTickets(10)).toEqual(['p-main', 'p-hedge']);
    expect(await journal.recover(20, { keepPending: true, account: 'hedge' })).toBe(1);
    expect((await journal.ticketResult('s-hedge'))!.status).toBe('unknown');
    expect((await journal.ticketResult('s-main'))!.status).toBe('sending');
    expect((await journal.ticketResult('p-hedge'))!.status).toBe('sending');
    await journal.close();
  });

  it('counts and lists held orders per account (MAX_HELD_ORDERS is each account\'s)', async () => {
    const journal = await open(`held_${name.toLowerCase()}`);
    await journal.held.arm(stop(1, { account: 'main', maxLive: 1 }));
    const hedge = await journal.held.arm(stop(2, { account: 'hedge', maxLive: 1 }));
    expect(hedge.account).toBe('hedge');
    await expect(journal.held.arm(stop(3, { account: 'hedge', maxLive: 1 }))).rejects.toThrow(/account hedge .*MAX_HELD_ORDERS/);
    expect(await journal.held.countLive('hedge')).toBe(1);
    expect(await journal.held.countLive()).toBe(2);
    expect((await journal.held.list({ account: 'hedge' })).map((order) => order.id)).toEqual(['h2']);
    await journal.close();
  });
});

describe('a journal from before several accounts', () => {
  const oldRows = [
    "INSERT INTO tickets (id, body_hash, requests, created_at) VALUES ('old', 'h', 1, 1000)",
    "INSERT INTO requests (ticket_id, request_no, body) VALUES ('old', 1, '{}')",
    `INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_json, created_at, updated_at)
      VALUES ('old', 0, 1, 'accepted', 'PERP_ETH_USDC', 'BUY', 'LIMIT', '{}', 1000, 1000)`,
    `INSERT INTO held_orders (id, idempotency_key, body_hash, type, state, symbol, side, order_quantity, created_at, updated_at)
      VALUES ('held-old', 'k-old', 'h', 'STOP_MARKET', 'armed', 'PERP_ETH_USDC', 'SELL', 1, 1000, 1000)`,
  ];
  const expectMain = async (journal: JournalStore) => {
    expect((await journal.listOrders({ limit: 10, account: 'main' })).rows[0]).toMatchObject({ ticket_id: 'old', account: 'main', placed_by: null, approved_by: null });
    expect(await journal.held.get('held-old')).toMatchObject({ account: 'main', placed_by: null });
    expect(await journal.held.countLivePlacedBy('terminal')).toBe(0);
    expect(await journal.held.countLive('main')).toBe(1);
  };

  it('on SQLite reads as account "main" once migrated', async () => {
    const path = join(tempDir(), 'journal.sqlite');
    const db = new Database(path);
    const before = sqliteMigrations.length - 1;
    for (const migration of sqliteMigrations.slice(0, before)) db.exec(migration);
    db.pragma(`user_version = ${before}`);
    for (const row of oldRows) db.exec(row);
    db.close();
    const journal = openJournalStore({ path });
    await expectMain(journal);
    await journal.close();
  });

  it('on PostgreSQL reads as account "main" once migrated', async () => {
    const db = await freshPostgres('old_schema', postgresMigrations.slice(0, postgresMigrations.length - 1));
    for (const row of oldRows) await db.query(row);
    expect(await migratePostgres(db)).toBe(postgresMigrations.length);
    await expectMain(openJournalStore({ path: 'unused', postgres: db }));
  });
});
