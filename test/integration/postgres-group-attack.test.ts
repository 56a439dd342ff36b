import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, type CreateTicketOutcome, type JournalStore, type NewTicket } from '@/proxy/journal';
import { DatabaseUnavailableError, migratePostgres, openPostgres, Postgres } from '@/proxy/postgres';
import { LeaseLostError } from '@/proxy/sending/lease';
import { ethOrder } from '../fixtures/orders';
import { startPostgres, type PostgresServer } from '../helpers/postgres';

/**
 * The PostgreSQL group commit (postgres/groupWrite.ts; journal/postgres/ticketGroup.ts, sending.ts,
 * answers.ts) as an attacker and a failing network would meet it: what its review found (the
 * replay look after a committed group failing), and what it suspected and found holding.
 */

/** The desk's pool, with one statement failing once as the database would fail it (a cancel, a timeout). */
class FaultyPostgres extends Postgres {
  failNext: { pattern: RegExp; error: () => Error } | undefined;
  override query = ((text: string, params?: readonly unknown[], ...rest: unknown[]) => {
    const fault = this.failNext;
    if (fault && fault.pattern.test(text)) {
      this.failNext = undefined;
      return Promise.reject(fault.error());
    }
    return (super.query as (...args: unknown[]) => ReturnType<Postgres['query']>)(text, params, ...rest);
  }) as Postgres['query'];
}

/** What pg gives for pg_cancel_backend() or statement_timeout: the server answered, the database is there. */
const canceled = () => Object.assign(new Error('canceling statement due to user request'), { code: '57014' });

let server: PostgresServer;
let pg: FaultyPostgres;
let journal: JournalStore;
beforeAll(async () => {
  server = await startPostgres({ database: 'group_attack' });
  pg = new FaultyPostgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});
beforeEach(async () => {
  pg.failNext = undefined;
  await pg.query('TRUNCATE orders, requests, tickets, held_orders');
  journal = openJournalStore({ path: 'unused', postgres: pg });
});

const order = (fields: Partial<OrderRequest> = {}) => ({ ...ethOrder(3000), ...fields }) as OrderRequest;

function ticket(id: string, orders: OrderRequest[], now = 1000, bodyHash = `hash-${id}`): NewTicket {
  const requests: NewTicket['requests'] = [];
  for (let i = 0; i < orders.length; i += 10) {
    const part = orders.slice(i, i + 10);
    const json = part.map((item) => JSON.stringify(item));
    requests.push({ orders: part, orderJson: json, body: `{"orders":[${json.join(',')}]}` });
  }
  return { id, bodyHash, recvWindow: undefined, requests, now };
}

/** Tickets whose orders are not all there (a half-written ticket): must always be none. */
const halfWritten = async () =>
  (
    await pg.query<{ id: string }>(
      `SELECT t.id FROM tickets t LEFT JOIN (SELECT ticket_id, count(*) AS n FROM orders GROUP BY ticket_id) o ON o.ticket_id = t.id
        WHERE coalesce(o.n, 0) = 0 OR NOT EXISTS (SELECT 1 FROM requests r WHERE r.ticket_id = t.id)`,
    )
  ).rows.map((row) => row.id);

describe('attack: the tickets group', () => {
  it('a group whose replay look fails (canceled, not the database away) answers its committed tickets created, and writes the looked-up keys alone', async () => {
    // An old key replayed in the same turn as two new tickets: the group's INSERT commits the two new
    // ones, then its second statement (the replayed key's hash) is canceled (pg_cancel_backend, a
    // statement_timeout on the role; or the replayed ticket pruned in between: "neither written nor
    // found"). The group then throws a plain error, and GroupWrite writes each ticket alone: the two
    // committed a moment ago are now found "exists" with their own hash. The sender (sender.ts)
    // answers an "exists" as a replay (replayed: true, the ticket's result as it is: pending) and
    // does not send it itself: a first submission told it is a replay, its orders left pending
    // for the desk's dispatcher (a single proxy on PostgreSQL without one leaves them there).
    await journal.createTicket(ticket('t-old', [order()]));
    pg.failNext = { pattern: /SELECT id, body_hash FROM tickets WHERE id = ANY/, error: canceled };
    const outcomes = await Promise.all([
      journal.createTicket(ticket('t-old', [order()])),
      journal.createTicket(ticket('t-new-1', [order()])),
      journal.createTicket(ticket('t-new-2', [order()])),
    ]);
    expect(pg.failNext).toBeUndefined(); // the fault was hit
    expect(outcomes[0]).toEqual({ kind: 'exists', bodyHash: 'hash-t-old' });
    // Committed by this very call: they must be answered "created" (or fail), never as a replay.
    expect(outcomes.slice(1)).toEqual([{ kind: 'created' }, { kind: 'created' }]);
  });

  it('the database lost during the replay look, after the group committed: its committed tickets are answered created, only the keys it could not look up refused', async () => {
    // The group's INSERT came back: t-new-1 and t-new-2 are committed and this proxy knows it. The
    // lookup of the replayed key's hash then meets the database away, and GroupWrite fails the whole
    // group with it: the two committed tickets are told "the journal is unavailable" (a 503), and on a
    // desk the dispatcher finds them pending and sends them. A trader told 503 who places the order
    // again under a new key has it twice on the exchange. Alone, a ticket's 503 after its commit can
    // only come from an answer truly lost; here the answer had arrived.
    await journal.createTicket(ticket('t-old', [order()]));
    pg.failNext = {
      pattern: /SELECT id, body_hash FROM tickets WHERE id = ANY/,
      error: () => new DatabaseUnavailableError('the connection to the database was lost'),
    };
    const outcomes = await Promise.allSettled([
      journal.createTicket(ticket('t-old', [order()])),
      journal.createTicket(ticket('t-new-1', [order()])),
      journal.createTicket(ticket('t-new-2', [order()])),
    ]);
    expect(pg.failNext).toBeUndefined();
    const committed = new Set((await pg.query<{ id: string }>('SELECT id FROM tickets')).rows.map((row) => row.id));
    expect(committed.has('t-new-1') && committed.has('t-new-2')).toBe(true);
    // A ticket in the journal, pending, must not have been told it failed.
    expect(outcomes.slice(1)).toEqual([{ status: 'fulfilled', value: { kind: 'created' } }, { status: 'fulfilled', value: { kind: 'created' } }]);
  });

  it('a plain failure of the group statement itself (nothing committed) falls back one by one without a double insert', async () => {
    pg.failNext = { pattern: /WITH ticket AS \(INSERT INTO tickets/, error: canceled };
    const outcomes = await Promise.all(['t-a', 't-b', 't-c'].map((id) => journal.createTicket(ticket(id, [order(), order()]))));
    expect(outcomes).toEqual([{ kind: 'created' }, { kind: 'created' }, { kind: 'created' }]);
    expect((await pg.query('SELECT 1 FROM orders')).rowCount).toBe(6);
    expect((await pg.query('SELECT 1 FROM requests')).rowCount).toBe(3);
  });

  it('two proxies whose groups take the same client order ids in crossing order: each id held once, no half-written ticket, all answered', async () => {
    const poolB = new Postgres(server.url);
    try {
      const other = openJournalStore({ path: 'unused', postgres: poolB });
      for (let round = 0; round < 5; round++) {
        await pg.query('TRUNCATE orders, requests, tickets, held_orders');
        // Sorted by key, A inserts X then Y, B inserts Y then X: crossing waits on the unique index.
        const mine = [ticket(`a-1-${round}`, [order({ client_order_id: `X${round}` })]), ticket(`a-2-${round}`, [order({ client_order_id: `Y${round}` })])];
        const theirs = [ticket(`b-1-${round}`, [order({ client_order_id: `Y${round}` })]), ticket(`b-2-${round}`, [order({ client_order_id: `X${round}` })])];
        const results = await Promise.all([
          Promise.all(mine.map((each) => journal.createTicket(each))),
          Promise.all(theirs.map((each) => other.createTicket(each))),
        ]);
        const all = results.flat();
        expect(all.every((outcome) => outcome.kind === 'created' || outcome.kind === 'client-order-id-taken')).toBe(true);
        expect(all.filter((outcome) => outcome.kind === 'created')).toHaveLength(2);
        const held = await pg.query<{ client_order_id: string; n: number }>('SELECT client_order_id, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1');
        expect(held.rows).toEqual([{ client_order_id: `X${round}`, n: 1 }, { client_order_id: `Y${round}`, n: 1 }]);
        expect(await halfWritten()).toEqual([]);
      }
    } finally {
      await poolB.close();
    }
  }, 60_000);

  it('two proxies grouping the same keys, some with other bodies, at once: each key written once, a clash told its first hash', async () => {
    const poolB = new Postgres(server.url);
    try {
      const other = openJournalStore({ path: 'unused', postgres: poolB });
      const keys = Array.from({ length: 40 }, (_, i) => `k-${i}`);
      const [mine, theirs] = await Promise.all([
        Promise.all(keys.map((key) => journal.createTicket(ticket(key, [order()], 1000, `same-${key}`)))),
        Promise.all([...keys].reverse().map((key, i) => other.createTicket(ticket(key, [order(), order()], 1000, i % 2 ? `same-${key}` : `other-${key}`)))),
      ]);
      theirs.reverse();
      const hashes = new Map((await pg.query<{ id: string; body_hash: string }>('SELECT id, body_hash FROM tickets')).rows.map((row) => [row.id, row.body_hash]));
      expect(hashes.size).toBe(keys.length);
      for (const [i, key] of keys.entries()) {
        const pair = [mine[i]!, theirs[i]!];
        expect(pair.filter((outcome) => outcome.kind === 'created')).toHaveLength(1);
        const told = pair.find((outcome) => outcome.kind === 'exists') as Extract<CreateTicketOutcome, { kind: 'exists' }>;
        expect(told.bodyHash).toBe(hashes.get(key));
      }
      expect(await halfWritten()).toEqual([]);
    } finally {
      await poolB.close();
    }
  }, 60_000);

  it('a bad ticket (NaN, Infinity, a huge one) in a group does not fail its group-mates', async () => {
    const huge = ticket('t-huge', Array.from({ length: 2000 }, (_, i) => order({ client_order_id: `h-${i}` })));
    const outcomes = await Promise.allSettled([
      journal.createTicket(ticket('t-ok-1', [order()])),
      journal.createTicket(ticket('t-nan', [order({ order_price: Number.NaN })])),
      journal.createTicket(ticket('t-inf', [order({ order_price: Number.POSITIVE_INFINITY })])),
      journal.createTicket(huge),
      journal.createTicket(ticket('t-ok-2', [order()])),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: { kind: 'created' } });
    expect(outcomes[4]).toEqual({ status: 'fulfilled', value: { kind: 'created' } });
    expect(outcomes[3]).toEqual({ status: 'fulfilled', value: { kind: 'created' } });
    expect((await pg.query('SELECT 1 FROM orders WHERE ticket_id = $1', ['t-huge'])).rowCount).toBe(2000);
    expect(await halfWritten()).toEqual([]);
  }, 60_000);

  it('connections killed (pg_terminate_backend) during big groups: each ticket whole or absent, a clear error, and it recovers', async () => {
    const killer = openPostgres(server.url);
    try {
      const tickets = Array.from({ length: 48 }, (_, i) => ticket(`t-kill-${i}`, Array.from({ length: 300 }, () => order())));
      let stop = false;
      const kills = (async () => {
        let killed = 0;
        while (!stop) {
          const { rows } = await killer.query<{ killed: boolean }>(
            `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE 'WITH ticket AS%' AND state = 'active'`,
          );
          killed += rows.filter((row) => row.killed).length;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return killed;
      })();
      const outcomes = await Promise.allSettled(tickets.map((each) => journal.createTicket(each)));
      stop = true;
      const killed = await kills;
      const rejected = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
      // Every failure is the database away: never a plain error, never a ticket told "exists" by its own first writer.
      for (const failure of rejected) expect(failure.reason).toBeInstanceOf(DatabaseUnavailableError);
      for (const outcome of outcomes) if (outcome.status === 'fulfilled') expect(outcome.value).toEqual({ kind: 'created' });
      const counts = await pg.query<{ ticket_id: string; n: number }>('SELECT ticket_id, count(*) AS n FROM orders GROUP BY 1');
      for (const row of counts.rows) expect(row.n).toBe(300);
      expect(await halfWritten()).toEqual([]);
      // Each answered "created" is committed.
      const present = new Set(counts.rows.map((row) => row.ticket_id));
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') expect(present.has(tickets[i]!.id)).toBe(true);
      });
      // Recovers: the pool writes again.
      expect(await journal.createTicket(ticket('t-after', [order()]))).toEqual({ kind: 'created' });
      console.log(`killed ${killed} backends; ${rejected.length} of ${tickets.length} tickets failed`);
    } finally {
      await killer.close();
    }
  }, 120_000);
});

describe('attack: marking sent', () => {
  it('two proxies marking the same requests in groups at once: each request marked by exactly one', async () => {
    const poolB = new Postgres(server.url);
    try {
      const other = openJournalStore({ path: 'unused', postgres: poolB });
      const ids = Array.from({ length: 30 }, (_, i) => `t-m-${i}`);
      await Promise.all(ids.map((id) => journal.createTicket(ticket(id, Array.from({ length: 12 }, () => order())))));
      const marks = (store: JournalStore, order: string[]) =>
        Promise.allSettled(order.flatMap((id) => [1, 2].map((no) => store.markSent(id, no, 1, 10))));
      const [mine, theirs] = await Promise.all([marks(journal, ids), marks(other, [...ids].reverse())]);
      const theirsByKey = new Map<string, PromiseSettledResult<void>>();
      [...ids].reverse().flatMap((id) => [1, 2].map((no) => `${id}/${no}`)).forEach((key, i) => theirsByKey.set(key, theirs[i]!));
      ids.flatMap((id) => [1, 2].map((no) => `${id}/${no}`)).forEach((key, i) => {
        const pair = [mine[i]!, theirsByKey.get(key)!];
        expect(pair.filter((mark) => mark.status === 'fulfilled')).toHaveLength(1);
        const refused = pair.find((mark) => mark.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(LeaseLostError);
      });
      expect(await journal.countLive()).toEqual({ pending: 0, sent: 30 * 12, unknown: 0 });
    } finally {
      await poolB.close();
    }
  }, 60_000);

  it('a canceled grouped mark is marked once, by the fallback', async () => {
    await Promise.all(['t-c1', 't-c2', 't-c3'].map((id) => journal.createTicket(ticket(id, [order()]))));
    pg.failNext = { pattern: /UPDATE requests r SET service_timestamp/, error: canceled };
    const marks = await Promise.allSettled(['t-c1', 't-c2', 't-c3'].map((id) => journal.markSent(id, 1, 1, 10)));
    expect(pg.failNext).toBeUndefined();
    expect(marks.map((mark) => mark.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await journal.countLive()).toEqual({ pending: 0, sent: 3, unknown: 0 });
  });
});

describe('attack: answers', () => {
  it('one answer the schema refuses (a null status) fails only itself; its group-mates are written once, their results right', async () => {
    await Promise.all(['t-ans-1', 't-ans-bad', 't-ans-2'].map((id) => journal.createTicket(ticket(id, [order(), order()]))));
    await Promise.all(['t-ans-1', 't-ans-bad', 't-ans-2'].map((id) => journal.markSent(id, 1, 1, 10)));
    const good = [{ status: 'accepted', orderId: 11, errorMessage: null }, { status: 'rejected', orderId: null, errorMessage: 'no' }] as never;
    const bad = [{ status: null, orderId: 1, errorMessage: null }, { status: 'accepted', orderId: 2, errorMessage: null }] as never;
    const results = await Promise.allSettled([
      journal.recordAnswer('t-ans-1', 1, 200, good, 20, true),
      journal.recordAnswer('t-ans-bad', 1, 200, bad, 20, true),
      journal.recordAnswer('t-ans-2', 1, 200, good, 20, false),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { status: expect.any(String), rows: [{ status: 'accepted' }, { status: 'rejected' }] } });
    expect(results[1]!.status).toBe('rejected');
    expect(results[2]).toEqual({ status: 'fulfilled', value: undefined });
    const rows = await pg.query<{ ticket_id: string; status: string }>('SELECT ticket_id, status FROM orders ORDER BY ticket_id, seq');
    expect(rows.rows.map((row) => `${row.ticket_id}:${row.status}`)).toEqual([
      't-ans-1:accepted', 't-ans-1:rejected', 't-ans-2:accepted', 't-ans-2:rejected', 't-ans-bad:sent', 't-ans-bad:sent',
    ]);
  });
});
