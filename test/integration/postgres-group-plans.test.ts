import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, type JournalStore, type NewTicket } from '@/proxy/journal';
import { migratePostgres, Postgres } from '@/proxy/postgres';
import { ethOrder } from '../fixtures/orders';
import { startPostgres, type PostgresServer } from '../helpers/postgres';

/**
 * The grouped statements of the PostgreSQL journal must find a ticket's rows by its index at any
 * size of the desk: a plan that scans `orders` whole costs every answer more as the day goes on
 * (at 6,000 orders, 1.6 ms of a 1.8 ms statement, before the look per request).
 */

/** The desk's pool, keeping the grouped answer's statement as it was sent. */
class KeepingPostgres extends Postgres {
  answers: { text: string; params: readonly unknown[] }[] = [];
  override writeSoon: Postgres['writeSoon'] = (text, params = [], planEach) => {
    if (/UPDATE orders o SET status = a.status/.test(text) && /unnest\(\$1::text\[\], \$2::int\[\]/.test(text)) this.answers.push({ text, params });
    return super.writeSoon(text, params, planEach);
  };
}

let server: PostgresServer;
let pg: KeepingPostgres;
let journal: JournalStore;
beforeAll(async () => {
  server = await startPostgres({ database: 'group_plans' });
  pg = new KeepingPostgres(server.url);
  await migratePostgres(pg);
  journal = openJournalStore({ path: 'unused', postgres: pg });
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});

function ticket(id: string, orders: OrderRequest[]): NewTicket {
  const json = orders.map((item) => JSON.stringify(item));
  return { id, bodyHash: `hash-${id}`, recvWindow: undefined, requests: [{ orders, orderJson: json, body: `{"orders":[${json.join(',')}]}` }], now: 1000 };
}

/** Every plan node's type and relation, depth first. */
function nodesOf(plan: Record<string, unknown>): string[] {
  const here = `${String(plan['Node Type'])}${plan['Relation Name'] ? ` on ${String(plan['Relation Name'])}` : ''}`;
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [here, ...children.flatMap(nodesOf)];
}

describe('the grouped answer at a day of orders', () => {
  it('reads each ticket\'s orders back by its index, never by a scan of every order', async () => {
    // A new desk's first hour: 6,000 one-order tickets, before the server's autovacuum has
    // analysed the table (it guesses 30 orders a ticket then; a busy desk's first minutes).
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(Array.from({ length: 300 }, (_, i) => journal.createTicket(ticket(`day-${batch}-${i}`, [{ ...ethOrder(3000) } as OrderRequest]))));
    }
    // Ten answers at once, as 32 tickets at once bring them.
    const now = Array.from({ length: 10 }, (_, i) => `now-${i}`);
    await Promise.all(now.map((id) => journal.createTicket(ticket(id, [{ ...ethOrder(3000) } as OrderRequest]))));
    const results = await Promise.all(
      now.map((id) => journal.recordAnswer(id, 1, 200, [{ status: 'accepted', orderId: 7, errorMessage: null }], 2000, true)),
    );
    expect(results.map((result) => result?.rows.map((row) => row.status))).toEqual(now.map(() => ['accepted']));
    const grouped = pg.answers.at(-1);
    expect(grouped, 'the answers went in one statement').toBeDefined();
    // Planned as it runs: with its values, at each run.
    const { rows } = await pg.writeSoon<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(`EXPLAIN (FORMAT JSON) ${grouped!.text}`, grouped!.params, true);
    const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
    expect(nodes.filter((node) => node === 'Seq Scan on orders')).toEqual([]);
    expect(nodes.some((node) => /^(Index|Index Only|Bitmap Heap) Scan on orders$/.test(node))).toBe(true);
  }, 60_000);
});
