import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, type JournalStore, type NewTicket } from '@/proxy/journal';
import { GroupWrite } from '@/proxy/postgres/groupWrite';
import type { SendFence } from '@/proxy/journal/store';
import { DatabaseUnavailableError, migratePostgres, openPostgres, Postgres } from '@/proxy/postgres';
import { LeaseLostError } from '@/proxy/sending/lease';
import { ethOrder } from '../fixtures/orders';
import { startPostgres, type PostgresServer } from '../helpers/postgres';

/**
 * The PostgreSQL journal's group commit (postgres/groupWrite.ts): tickets written, and
 * requests marked sent, in one turn go in one statement, and whatever one of them meets (a taken
 * client order id, a key twice, a request marked before, the lease gone) is its own.
 */

/** The desk's pool, counting the statements that write tickets and mark requests sent. */
class CountingPostgres extends Postgres {
  statements: string[] = [];
  override query: Postgres['query'] = (text, params) => {
    if (/INSERT INTO tickets|UPDATE requests (r )?SET service_timestamp/.test(text)) this.statements.push(text);
    return super.query(text, params);
  };
  override writeSoon: Postgres['writeSoon'] = (text, params) => {
    if (/UPDATE orders o SET status = a.status/.test(text)) this.statements.push(text);
    return super.writeSoon(text, params);
  };
}

let server: PostgresServer;
let pg: CountingPostgres;
let journal: JournalStore;
beforeAll(async () => {
  server = await startPostgres({ database: 'group_commit' });
  pg = new CountingPostgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});
beforeEach(async () => {
  await pg.query('TRUNCATE orders, requests, tickets, held_orders');
  journal = openJournalStore({ path: 'unused', postgres: pg });
  pg.statements = [];
});

const order = (fields: Partial<OrderRequest> = {}) => ({ ...ethOrder(3000), ...fields }) as OrderRequest;

/** A ticket of `orders`, 10 a request as the sender splits them. */
function ticket(id: string, orders: OrderRequest[], now = 1000): NewTicket {
  const requests: NewTicket['requests'] = [];
  for (let i = 0; i < orders.length; i += 10) {
    const part = orders.slice(i, i + 10);
    const json = part.map((item) => JSON.stringify(item));
    requests.push({ orders: part, orderJson: json, body: `{"orders":[${json.join(',')}]}` });
  }
  return { id, bodyHash: `hash-${id}`, recvWindow: undefined, requests, now };
}

const ticketsOf = async () => (await pg.query<{ id: string }>('SELECT id FROM tickets ORDER BY id')).rows.map((row) => row.id);

describe('the PostgreSQL journal groups what comes in one turn', () => {
  it('writes the tickets of one turn in one statement, each whole and committed when told', async () => {
    const tickets = Array.from({ length: 10 }, (_, i) => ticket(`t-group-${i}`, [order({ client_order_id: `g-${i}` }), order()], 1000 + i));
    const outcomes = await Promise.all(tickets.map((each) => journal.createTicket(each)));
    expect(outcomes).toEqual(tickets.map(() => ({ kind: 'created' })));
    expect(pg.statements).toHaveLength(1);
    // Committed (seen from another connection) by the time each was answered.
    const other = openPostgres(server.url);
    try {
      expect((await other.query<{ n: number }>('SELECT count(*) AS n FROM orders')).rows[0]!.n).toBe(20);
    } finally {
      await other.close();
    }
    const result = await journal.ticketResult('t-group-3');
    expect(result!.rows.map((row) => [row.seq, row.status, row.client_order_id, row.created_at])).toEqual([
      [0, 'pending', 'g-3', 1003],
      [1, 'pending', null, 1003],
    ]);
    expect(await journal.findTicket('t-group-7')).toMatchObject({ bodyHash: 'hash-t-group-7', requests: 1, createdAt: 1007 });
  });

  it('tells a replay in the group its first hash, and writes nothing more for it', async () => {
    await journal.createTicket(ticket('t-first', [order()]));
    const replay = { ...ticket('t-first', [order(), order()]), bodyHash: 'other' };
    const outcomes = await Promise.all([journal.createTicket(ticket('t-new', [order()])), journal.createTicket(replay)]);
    expect(outcomes).toEqual([{ kind: 'created' }, { kind: 'exists', bodyHash: 'hash-t-first' }]);
    expect((await journal.ticketResult('t-first'))!.rows).toHaveLength(1);
  });

  it('a taken client order id fails only its own ticket of the group', async () => {
    await journal.createTicket(ticket('t-holder', [order({ client_order_id: 'held-id' })]));
    pg.statements = [];
    const outcomes = await Promise.all([
      journal.createTicket(ticket('t-a', [order({ client_order_id: 'a-id' })])),
      journal.createTicket(ticket('t-clash', [order({ client_order_id: 'free-id' }), order({ client_order_id: 'held-id' })])),
      journal.createTicket(ticket('t-b', [order()])),
    ]);
    expect(outcomes).toEqual([
      { kind: 'created' },
      { kind: 'client-order-id-taken', index: 1, clientOrderId: 'held-id', ticketId: 't-holder' },
      { kind: 'created' },
    ]);
    // The group's statement failed whole; then each alone.
    expect(pg.statements.length).toBeGreaterThan(1);
    expect(await ticketsOf()).toEqual(['t-a', 't-b', 't-holder']);
  });

  it('one client order id twice in a group, or one key twice: one is written, the other told', async () => {
    const sameId = await Promise.all([
      journal.createTicket(ticket('t-one', [order({ client_order_id: 'twice' })])),
      journal.createTicket(ticket('t-two', [order({ client_order_id: 'twice' })])),
      journal.createTicket(ticket('t-key', [order()])),
      journal.createTicket(ticket('t-key', [order()])),
    ]);
    expect(sameId.filter((outcome) => outcome.kind === 'created')).toHaveLength(2);
    expect(sameId.filter((outcome) => outcome.kind === 'client-order-id-taken')).toHaveLength(1);
    expect(sameId.slice(2).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([{ kind: 'created' }, { kind: 'exists', bodyHash: 'hash-t-key' }]);
    expect((await journal.ticketResult('t-key'))!.rows).toHaveLength(1);
    expect((await pg.query('SELECT 1 FROM orders WHERE client_order_id = $1', ['twice'])).rowCount).toBe(1);
  });

  it('two proxies grouping the same keys in opposite orders write each key once', async () => {
    const other = openJournalStore({ path: 'unused', postgres: pg });
    const keys = Array.from({ length: 6 }, (_, i) => `t-shared-${i}`);
    const started = Date.now();
    const [mine, theirs] = await Promise.all([
      Promise.all(keys.map((key) => journal.createTicket(ticket(key, [order()])))),
      Promise.all([...keys].reverse().map((key) => other.createTicket(ticket(key, [order()])))),
    ]);
    // Each key written by one of them, the other told it exists. (Groups write in key order, so they
    // cannot deadlock; the timing here does not force the overlap a deadlock would need, and one would
    // only cost deadlock_timeout, 1 s, before both fell back to one by one.)
    for (const [index, outcome] of mine.entries()) {
      expect([outcome.kind, theirs[keys.length - 1 - index]!.kind].sort()).toEqual(['created', 'exists']);
    }
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await ticketsOf()).toEqual(keys);
    expect((await pg.query('SELECT 1 FROM orders')).rowCount).toBe(keys.length);
  });

  it('marks the requests of one turn sent in one statement; one marked before is refused alone', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => journal.createTicket(ticket(`t-send-${i}`, [order()]))));
    await journal.markSent('t-send-0', 1, 1, 10);
    pg.statements = [];
    const marks = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => journal.markSent(`t-send-${i}`, 1, 100 + i, 20)));
    expect(marks[0]).toMatchObject({ status: 'rejected', reason: expect.any(LeaseLostError) });
    expect(marks.slice(1).every((mark) => mark.status === 'fulfilled')).toBe(true);
    expect(pg.statements).toHaveLength(1);
    const sent = await pg.query<{ ticket_id: string; service_timestamp: number; sent_at: number }>(
      'SELECT ticket_id, service_timestamp, sent_at FROM requests ORDER BY ticket_id',
    );
    expect(sent.rows.map((row) => [row.ticket_id, row.service_timestamp, row.sent_at])).toEqual([
      ['t-send-0', 1, 10], ['t-send-1', 101, 20], ['t-send-2', 102, 20], ['t-send-3', 103, 20], ['t-send-4', 104, 20], ['t-send-5', 105, 20],
    ]);
    expect(await journal.countLive()).toEqual({ pending: 0, sent: 6, unknown: 0 });
    // A retry (the service refused it unseen) marks it again; the same request twice in a group is marked once.
    const again = await Promise.allSettled([journal.markSent('t-send-1', 1, 200, 30, true), journal.markSent('t-send-2', 1, 201, 30), journal.markSent('t-send-2', 1, 202, 30)]);
    expect(again.map((mark) => mark.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
  });

  it('a request twice in one group is marked once', async () => {
    await journal.createTicket(ticket('t-twice', [order()]));
    const marks = await Promise.allSettled([journal.markSent('t-twice', 1, 1, 10), journal.markSent('t-twice', 1, 2, 11), journal.markSent('t-twice', 1, 3, 12)]);
    expect(marks.filter((mark) => mark.status === 'fulfilled')).toHaveLength(1);
    expect((await journal.requestStates('t-twice'))[0]!.state).toBe('sent');
  });

  it('marks nothing of a group whose lease the database no longer sees as this proxy’s', async () => {
    await Promise.all(['t-f1', 't-f2', 't-f3'].map((id) => journal.createTicket(ticket(id, [order()]))));
    const fence = (holds: boolean): SendFence => ({ accountId: 'main', guardedSql: (offset) => ({ sql: `$${offset + 1}::boolean`, params: [holds] }) });
    const lost = fence(false);
    const refused = await Promise.allSettled(['t-f1', 't-f2'].map((id) => journal.markSent(id, 1, 1, 10, false, lost)));
    expect(refused.every((mark) => mark.status === 'rejected' && mark.reason instanceof LeaseLostError)).toBe(true);
    expect(await journal.countLive()).toEqual({ pending: 3, sent: 0, unknown: 0 });
    // Two fences in one turn: each judged on its own.
    const held = fence(true);
    const mixed = await Promise.allSettled([journal.markSent('t-f1', 1, 1, 10, false, held), journal.markSent('t-f3', 1, 1, 10, false, lost), journal.markSent('t-f2', 1, 1, 10, false, held)]);
    expect(mixed.map((mark) => mark.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('writes the answers of one turn in one statement, each ticket’s result as alone', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => order({ client_order_id: `long-${i}` }));
    await Promise.all([journal.createTicket(ticket('t-long', twelve)), journal.createTicket(ticket('t-x', [order(), order()])), journal.createTicket(ticket('t-y', [order()]))]);
    await Promise.all([journal.markSent('t-long', 2, 1, 5), journal.markSent('t-x', 1, 1, 5), journal.markSent('t-y', 1, 1, 5)]);
    pg.statements = [];
    const accepted = (orderId: number) => ({ status: 'accepted' as const, orderId, errorMessage: null });
    const [long, x, y] = await Promise.all([
      journal.recordAnswer('t-long', 2, 200, [accepted(7001), { status: 'rejected', orderId: null, errorMessage: 'too small' }], 60, true),
      journal.recordAnswer('t-x', 1, 200, [accepted(8001), accepted(8002)], 61, true),
      journal.recordAnswer('t-y', 1, 200, [accepted(9001)], 62),
    ]);
    expect(pg.statements).toHaveLength(1);
    expect(y).toBeUndefined();
    expect(long).toEqual(await journal.ticketResult('t-long'));
    expect(x).toEqual(await journal.ticketResult('t-x'));
    expect(long!.rows.map((row) => [row.seq, row.status, row.order_id])).toEqual([
      ...Array.from({ length: 10 }, (_, i) => [i, 'pending', null]),
      [10, 'accepted', 7001],
      [11, 'rejected', null],
    ]);
    expect(x).toMatchObject({ status: 'accepted', requests: 1 });
    expect(x!.rows.map((row) => [row.order_id, row.updated_at])).toEqual([[8001, 61], [8002, 61]]);
    expect((await journal.ticketResult('t-y'))!.rows[0]).toMatchObject({ status: 'accepted', order_id: 9001, updated_at: 62 });
    const requests = await pg.query<{ ticket_id: string; answered_at: number; http_status: number; outcome: string }>(
      "SELECT ticket_id, answered_at, http_status, outcome FROM requests WHERE outcome = 'answered' ORDER BY ticket_id",
    );
    expect(requests.rows).toEqual([
      { ticket_id: 't-long', answered_at: 60, http_status: 200, outcome: 'answered' },
      { ticket_id: 't-x', answered_at: 61, http_status: 200, outcome: 'answered' },
      { ticket_id: 't-y', answered_at: 62, http_status: 200, outcome: 'answered' },
    ]);
  });

  it('the database away fails every ticket of the group with it, and writes none', async () => {
    await server.stopServer();
    try {
      const outcomes = await Promise.allSettled([journal.createTicket(ticket('t-down-1', [order()])), journal.createTicket(ticket('t-down-2', [order()]))]);
      expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof DatabaseUnavailableError)).toBe(true);
    } finally {
      await server.startServer();
    }
    expect(await ticketsOf()).toEqual([]);
    expect(await journal.createTicket(ticket('t-down-1', [order()]))).toEqual({ kind: 'created' });
  });
});

describe('GroupWrite', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((res) => (resolve = res));
    return { promise, resolve };
  };

  it('groups what is asked while a group is on the database, up to its size, and runs a lone item alone', async () => {
    const groups: number[][] = [];
    const alone: number[] = [];
    const gate = deferred();
    const writer = new GroupWrite<number, number>(
      async (items) => {
        groups.push([...items]);
        if (groups.length === 1) await gate.promise;
        return items.map((item) => item * 10);
      },
      async (item) => (alone.push(item), item * 10),
      { maxItems: 3 },
    );
    const first = [writer.write(1), writer.write(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [3, 4, 5, 6].map((item) => writer.write(item));
    gate.resolve();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(groups).toEqual([[1, 2], [3, 4, 5]]);
    expect(alone).toEqual([6]);
  });

  it('writes each item alone when the group fails, so that each failure is its own', async () => {
    const writer = new GroupWrite<number, number>(
      async () => {
        throw new Error('one of them clashed');
      },
      async (item) => {
        if (item === 2) throw new Error('two clashed');
        return item;
      },
    );
    const outcomes = await Promise.allSettled([1, 2, 3].map((item) => writer.write(item)));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual([1, 'two clashed', 3]);
  });

  it('fails the whole group with the database away, never writing them one by one', async () => {
    let alone = 0;
    const writer = new GroupWrite<number, number>(
      async () => {
        throw new DatabaseUnavailableError('connection refused');
      },
      async (item) => (alone++, item),
    );
    const outcomes = await Promise.allSettled([1, 2].map((item) => writer.write(item)));
    expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof DatabaseUnavailableError)).toBe(true);
    expect(alone).toBe(0);
  });
});
