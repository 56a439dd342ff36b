import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, UNKNOWN_AFTER_RESTART, type JournalStore, type NewTicket } from '@/proxy/journal';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { ethOrder } from '../fixtures/orders';
import { startPostgres, type PostgresServer } from '../helpers/postgres';
import { tempDir } from '../helpers/stack';

let server: PostgresServer;
let pg: Postgres;
beforeAll(async () => {
  server = await startPostgres({ database: 'journal' });
  pg = openPostgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

/**
 * Each adapter over one place (a file, the database). A SQLite file belongs to one process (its
 * store is opened once); the database is shared, so a second store there is a second proxy.
 */
const adapters: [string, { shared: boolean; place: () => Promise<() => JournalStore> }][] = [
  [
    'SQLite',
    {
      shared: false,
      place: async () => {
        const path = join(tempDir(), 'journal.sqlite');
        return () => openJournalStore({ path });
      },
    },
  ],
  [
    'PostgreSQL',
    {
      shared: true,
      place: async () => {
        await pg.query('TRUNCATE orders, requests, tickets, held_orders');
        return () => openJournalStore({ path: 'unused', postgres: pg });
      },
    },
  ],
];

/** The ticket whose order holds a client order id (is or may be live), as the journal lists it. */
async function holderOf(journal: JournalStore, clientOrderId: string): Promise<string | undefined> {
  const rows = (await journal.listOrders({ limit: 500 })).rows;
  return rows.find((row) => row.client_order_id === clientOrderId && ['pending', 'sent', 'accepted', 'unknown'].includes(row.status))?.ticket_id;
}

const order = (fields: Partial<OrderRequest> = {}) => ({ ...ethOrder(3000), ...fields }) as OrderRequest;

/** A ticket of `orders`, split as the sender splits (10 a request), all pending. */
function ticket(id: string, orders: OrderRequest[], now = Date.now()): NewTicket {
  const requests: NewTicket['requests'] = [];
  for (let i = 0; i < orders.length; i += 10) {
    const part = orders.slice(i, i + 10);
    const json = part.map((item) => JSON.stringify(item));
    requests.push({ orders: part, orderJson: json, body: `{"orders":[${json.join(',')}]}` });
  }
  return { id, bodyHash: `hash-${id}`, recvWindow: undefined, requests, now };
}

describe.each(adapters)('the journal on %s', (_name, { shared, place }) => {
  let open: () => JournalStore;
  let journal: JournalStore;
  const opened: JournalStore[] = [];
  const start = () => {
    const store = open();
    opened.push(store);
    return store;
  };
  beforeEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    open = await place();
    journal = start();
  });
  afterAll(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  it('writes a ticket whole, pending, in requests of 10, and reads it back', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => order({ client_order_id: `whole-${i}`, order_quantity: 0.1 + i / 100 }));
    expect(await journal.createTicket(ticket('t-whole', orders, 1000))).toEqual({ kind: 'created' });
    expect(await journal.findTicket('t-whole')).toEqual({ id: 't-whole', bodyHash: 'hash-t-whole', recvWindow: null, requests: 2, createdAt: 1000, account: 'main' });
    const result = await journal.ticketResult('t-whole');
    expect(result).toMatchObject({ ticket_id: 't-whole', status: 'sending', requests: 2 });
    expect(result!.rows.map((row) => [row.seq, row.request_no, row.status, row.client_order_id])).toEqual(
      orders.map((_, i) => [i, i < 10 ? 1 : 2, 'pending', `whole-${i}`]),
    );
    // Numbers come back as the same JS numbers (no string from a bigint, no float noise).
    expect(result!.rows[3]).toMatchObject({ order_quantity: 0.13, order_price: 3000, created_at: 1000 });
    expect(await journal.countLive()).toEqual({ pending: 12, sent: 0, unknown: 0 });
    expect(await journal.findTicket('nothing')).toBeUndefined();
    expect(await journal.ticketResult('nothing')).toBeUndefined();
  });

  it('answers "exists" for a key already written, with its hash, and writes nothing more', async () => {
    await journal.createTicket(ticket('t-key', [order({ client_order_id: 'key-1' })]));
    const again = { ...ticket('t-key', [order({ client_order_id: 'key-2' }), order()]), bodyHash: 'other' };
    expect(await journal.createTicket(again)).toEqual({ kind: 'exists', bodyHash: 'hash-t-key' });
    expect((await journal.ticketResult('t-key'))!.rows).toHaveLength(1);
    expect(await holderOf(journal, 'key-2')).toBeUndefined();
  });

  it('refuses a live client order id, naming the order and its ticket, and frees it once rejected', async () => {
    await journal.createTicket(ticket('t-holder', [order({ client_order_id: 'cid-live' })]));
    const second = ticket('t-second', [order({ client_order_id: 'cid-free' }), order({ client_order_id: 'cid-live' })]);
    expect(await journal.createTicket(second)).toEqual({ kind: 'client-order-id-taken', index: 1, clientOrderId: 'cid-live', ticketId: 't-holder' });
    expect(await journal.findTicket('t-second')).toBeUndefined();
    expect(await holderOf(journal, 'cid-live')).toBe('t-holder');
    await journal.markSent('t-holder', 1, 5, 10);
    await journal.recordAnswer('t-holder', 1, 200, [{ status: 'rejected', orderId: null, errorMessage: 'no margin' }], 20);
    expect(await holderOf(journal, 'cid-live')).toBeUndefined();
    expect(await journal.createTicket(second)).toEqual({ kind: 'created' });
  });

  it('lets one of many concurrent writers of a key or a client order id through (two proxies, where the place is shared)', async () => {
    const other = shared ? start() : journal;
    const sameKey = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? other : journal).createTicket(ticket('t-race', [order({ client_order_id: `race-${i}` })]))),
    );
    expect(sameKey.filter((outcome) => outcome.kind === 'created')).toHaveLength(1);
    expect(sameKey.filter((outcome) => outcome.kind === 'exists')).toHaveLength(7);
    const sameId = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? other : journal).createTicket(ticket(`t-cid-${i}`, [order({ client_order_id: 'one-id' })]))),
    );
    expect(sameId.filter((outcome) => outcome.kind === 'created')).toHaveLength(1);
    expect(sameId.filter((outcome) => outcome.kind === 'client-order-id-taken')).toHaveLength(7);
    expect((await journal.listOrders({ limit: 100 })).rows.filter((row) => row.client_order_id === 'one-id')).toHaveLength(1);
  });

  it('writes a request of more orders than one INSERT holds, each in its place', async () => {
    // The SQLite journal writes a request's orders 25 to a statement: 60 make three, the last short.
    const orders = Array.from({ length: 60 }, (_, i) => order({ client_order_id: `many-${i}`, order_quantity: i + 1 }));
    const json = orders.map((item) => JSON.stringify(item));
    const big: NewTicket = { id: 't-many', bodyHash: 'hash-many', recvWindow: undefined, requests: [{ orders, orderJson: json, body: '{}' }], now: 5 };
    expect(await journal.createTicket(big)).toEqual({ kind: 'created' });
    const rows = (await journal.ticketResult('t-many'))!.rows;
    expect(rows.map((row) => [row.seq, row.client_order_id, row.order_quantity])).toEqual(orders.map((_, i) => [i, `many-${i}`, i + 1]));
    expect(rows.every((row) => row.status === 'pending' && row.request_no === 1)).toBe(true);
  });

  it('records each step: sent, the answer per order, a request that failed or is unknown', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => order({ client_order_id: `step-${i}` }));
    await journal.createTicket(ticket('t-steps', orders));
    await journal.markSent('t-steps', 1, 111, 50);
    expect((await journal.countLive()).sent).toBe(10);
    const outcomes = orders.slice(0, 10).map((_, i) =>
      i === 3 ? { status: 'rejected' as const, orderId: null, errorMessage: 'price off' } : { status: 'accepted' as const, orderId: 9000 + i, errorMessage: null },
    );
    expect(await journal.recordAnswer('t-steps', 1, 200, outcomes, 60)).toBeUndefined();
    await journal.recordRequestOutcome('t-steps', 2, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: request 1 went wrong' }, 70);
    const rows = (await journal.ticketResult('t-steps'))!.rows;
    expect(rows[0]).toMatchObject({ status: 'accepted', order_id: 9000, updated_at: 60 });
    expect(rows[3]).toMatchObject({ status: 'rejected', order_id: null, error_message: 'price off' });
    expect(rows[11]).toMatchObject({ status: 'failed', error_message: 'not sent: request 1 went wrong' });
    expect(await journal.firstProblem('t-steps')).toEqual({ reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: request 1 went wrong' });
    // A later request's answer goes to its own orders, row i to its i-th (seqs 10 and 11 here).
    await journal.createTicket(ticket('t-second', Array.from({ length: 12 }, (_, i) => order({ client_order_id: `second-${i}` }))));
    const after = await journal.recordAnswer('t-second', 2, 200, [
      { status: 'accepted', orderId: 7001, errorMessage: null },
      { status: 'rejected', orderId: null, errorMessage: 'too small' },
    ], 65, true);
    // Asked for (the ticket's last request), the answer's write gives the ticket's result as a read
    // after it does (both requests' orders, in order); an earlier request's answer reads nothing back.
    expect(after).toEqual(await journal.ticketResult('t-second'));
    const second = after!.rows;
    expect(second.slice(10).map((row) => [row.client_order_id, row.status, row.order_id, row.error_message])).toEqual([
      ['second-10', 'accepted', 7001, null],
      ['second-11', 'rejected', null, 'too small'],
    ]);
    expect(second.slice(0, 10).every((row) => row.status === 'pending')).toBe(true);
    await journal.recordRequestOutcome('t-second', 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent' }, 66);
    await journal.createTicket(ticket('t-unknown', [order()]));
    await journal.markSent('t-unknown', 1, 1, 1);
    await journal.recordRequestOutcome('t-unknown', 1, 'unknown', { reason: 'timeout', httpStatus: null, code: null, message: 'no answer in 5 s' }, 80);
    expect((await journal.ticketResult('t-unknown'))!.status).toBe('unknown');
    expect(await journal.countLive()).toEqual({ pending: 0, sent: 0, unknown: 1 });
  });

  it('lists newest first, pages with a cursor, and filters by status, symbol and ticket', async () => {
    for (let i = 0; i < 5; i++) await journal.createTicket(ticket(`t-list-${i}`, [order({ client_order_id: `list-${i}` })]));
    await journal.createTicket(ticket('t-btc', [order({ symbol: 'PERP_BTC_USDC', client_order_id: 'btc' })]));
    const first = await journal.listOrders({ limit: 4 });
    expect(first.rows.map((row) => row.client_order_id)).toEqual(['btc', 'list-4', 'list-3', 'list-2']);
    const next = await journal.listOrders({ limit: 4, cursor: first.next_cursor! });
    expect(next.rows.map((row) => row.client_order_id)).toEqual(['list-1', 'list-0']);
    expect(next.next_cursor).toBeNull();
    expect((await journal.listOrders({ limit: 10, symbol: 'PERP_BTC_USDC' })).rows).toHaveLength(1);
    expect((await journal.listOrders({ limit: 10, ticket: 't-list-2' })).rows.map((row) => row.client_order_id)).toEqual(['list-2']);
    await journal.markSent('t-list-0', 1, 1, 1);
    expect((await journal.listOrders({ limit: 10, status: ['sent'] })).rows.map((row) => row.client_order_id)).toEqual(['list-0']);
  });

  it('makes what was left pending or sent unknown at recovery, saying why', async () => {
    await journal.createTicket(ticket('t-left', [order(), order()]));
    await journal.markSent('t-left', 1, 1, 1);
    await journal.createTicket(ticket('t-pending', [order()]));
    expect(await journal.recover(500)).toBe(3);
    const rows = (await journal.ticketResult('t-left'))!.rows;
    expect(rows.map((row) => row.status)).toEqual(['unknown', 'unknown']);
    expect(rows[0]).toMatchObject({ error_message: UNKNOWN_AFTER_RESTART, updated_at: 500 });
    expect(await journal.firstProblem('t-pending')).toMatchObject({ reason: 'restart', message: UNKNOWN_AFTER_RESTART });
    expect(await journal.recover(600)).toBe(0);
  });

  it('prunes old finished tickets in batches and keeps live and recent ones', async () => {
    for (let i = 0; i < 3; i++) {
      await journal.createTicket(ticket(`t-old-${i}`, [order()], 100));
      await journal.recordRequestOutcome(`t-old-${i}`, 1, 'failed', { reason: 'refused', httpStatus: 400, code: -1, message: 'no' }, 101);
    }
    await journal.createTicket(ticket('t-old-live', [order()], 100));
    await journal.createTicket(ticket('t-new', [order()], 10_000));
    await journal.recordRequestOutcome('t-new', 1, 'failed', { reason: 'refused', httpStatus: 400, code: -1, message: 'no' }, 10_001);
    expect(await journal.pruneFinished(5_000, 2)).toBe(2);
    expect(await journal.pruneFinished(5_000, 2)).toBe(1);
    expect(await journal.pruneFinished(5_000, 2)).toBe(0);
    expect(await journal.findTicket('t-old-live')).toBeDefined();
    expect(await journal.findTicket('t-new')).toBeDefined();
    expect(await journal.findTicket('t-old-0')).toBeUndefined();
  });

  it('writes a bracket’s exits with their entry, and neither when an exit cannot be written', async () => {
    const exits = (key: string) => ({
      bracketExits: {
        entry: { ticketId: `t-${key}`, clientOrderId: `${key}-entry` },
        exits: [{ id: `bkt-${key}`, idempotencyKey: 'exit-key', bodyHash: 'h', type: 'STOP_MARKET' as const, symbol: 'PERP_ETH_USDC', side: 'SELL' as const, orderQuantity: 1, triggerPrice: 2900, orderPrice: null, ocoWith: null, clientRef: null }],
        now: 1,
      },
    });
    expect(await journal.createTicket(ticket('t-first', [order({ client_order_id: 'first-entry' })]), exits('first'))).toEqual({ kind: 'created' });
    expect(await journal.brackets.awaiting()).toEqual([{ id: 'bkt-first', entry_ticket_id: 't-first', entry_client_order_id: 'first-entry' }]);
    await expect(journal.createTicket(ticket('t-second', [order({ client_order_id: 'second-entry' })]), exits('second'))).rejects.toThrow();
    expect(await journal.findTicket('t-second')).toBeUndefined();
    expect(await holderOf(journal, 'second-entry')).toBeUndefined();
  });
});
