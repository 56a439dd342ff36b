import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { openJournalStore, type JournalStore, type NewTicket } from '@/proxy/journal';
import { migratePostgres, Postgres } from '@/proxy/postgres';
import { ethOrder } from '../fixtures/orders';
import { startPostgres, type PostgresServer } from '../helpers/postgres';

/**
 * The PostgreSQL group commit and head-of-line blocking (found in its review). One group at a time is
 * on the database (inFlight 1) for every ticket of the proxy, all accounts alike. A group that waits
 * on a lock (a key or a live client order id another proxy's open transaction holds, e.g. a bracket
 * entry's transaction on a proxy paused with SIGSTOP: idle_in_transaction_session_timeout is off by
 * default) holds back every later ticket of the proxy, however unrelated. Alone, only the ticket
 * with the clashing key or id waited. Since the review a group slower than its grace (200 ms) no
 * longer holds back the next one: these tests fail without it.
 */

let server: PostgresServer;
let pg: Postgres;
let journal: JournalStore;
beforeAll(async () => {
  server = await startPostgres({ database: 'group_attack_stall' });
  pg = new Postgres(server.url);
  await migratePostgres(pg);
});
afterAll(async () => {
  await pg?.close();
  await server?.stop();
});
beforeEach(async () => {
  await pg.query('TRUNCATE orders, requests, tickets, held_orders');
  journal = openJournalStore({ path: 'unused', postgres: pg });
});

const order = (fields: Partial<OrderRequest> = {}) => ({ ...ethOrder(3000), ...fields }) as OrderRequest;
function ticket(id: string, orders: OrderRequest[], now = 1000): NewTicket {
  const json = orders.map((item) => JSON.stringify(item));
  return { id, bodyHash: `hash-${id}`, recvWindow: undefined, requests: [{ orders, orderJson: json, body: `{"orders":[${json.join(',')}]}` }], now };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Another proxy's transaction, left open (its proxy paused), holding a ticket's key and a live client order id. */
async function openHolder(key: string, clientOrderId: string): Promise<Client> {
  const holder = new Client({ connectionString: server.url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(`INSERT INTO tickets (id, body_hash, recv_window, requests, created_at, account) VALUES ($1, 'h', NULL, 1, 1, 'main')`, [key]);
  await holder.query(`INSERT INTO requests (ticket_id, request_no, body) VALUES ($1, 1, '{}')`, [key]);
  await holder.query(
    `INSERT INTO orders (ticket_id, seq, request_no, status, symbol, side, order_type, order_price, order_quantity, client_order_id, order_json, created_at, updated_at)
      VALUES ($1, 0, 1, 'pending', 'PERP_ETH_USDC', 'BUY', 'LIMIT', 3000, 1, $2, '{}', 1, 1)`,
    [key, clientOrderId],
  );
  return holder;
}

describe('attack: one blocked group holds back the proxy', () => {
  for (const [what, blocked] of [
    ['the same key (a client retrying on another proxy)', () => ticket('k-held', [order()])],
    ['a client order id the paused transaction holds', () => ticket('k-other', [order({ client_order_id: 'cid-held' })])],
  ] as const) {
    it(`a ticket waiting on ${what} does not hold back an unrelated ticket created after it`, async () => {
      const holder = await openHolder('k-held', 'cid-held');
      try {
        const waiting = journal.createTicket(blocked());
        await sleep(300); // its group is on the database now, waiting on the holder's lock
        let freeAnswered = false;
        const free = journal.createTicket(ticket('k-free', [order()])).then((outcome) => {
          freeAnswered = true;
          return outcome;
        });
        // Generous: the unrelated ticket's insert takes milliseconds; the holder is held 8 s.
        for (let i = 0; i < 80 && !freeAnswered; i++) await sleep(100);
        const answeredWhileHeld = freeAnswered;
        await holder.query('ROLLBACK');
        await waiting;
        expect(await free).toEqual({ kind: 'created' });
        expect(answeredWhileHeld).toBe(true);
      } finally {
        await holder.end();
      }
    }, 60_000);
  }

  it('a mark "sent" waiting on a locked request does not hold back the account\'s unrelated marks', async () => {
    await Promise.all(['m-locked', 'm-free'].map((id) => journal.createTicket(ticket(id, [order()]))));
    const holder = new Client({ connectionString: server.url });
    await holder.connect();
    try {
      // Another session holding the request's row (an open transaction answering or recovering it).
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM requests WHERE ticket_id = 'm-locked' FOR UPDATE");
      const waiting = journal.markSent('m-locked', 1, 1, 10);
      await sleep(300);
      let freeMarked = false;
      const free = journal.markSent('m-free', 1, 1, 10).then(() => {
        freeMarked = true;
      });
      for (let i = 0; i < 80 && !freeMarked; i++) await sleep(100);
      const markedWhileHeld = freeMarked;
      await holder.query('ROLLBACK');
      await waiting;
      await free;
      expect(markedWhileHeld).toBe(true);
    } finally {
      await holder.end();
    }
  }, 60_000);

  it('(for comparison) the same wait with no group-mate: only the clashing ticket waits when it is alone and nothing follows', async () => {
    const holder = await openHolder('k-held', 'cid-held');
    try {
      let answered = false;
      const waiting = journal.createTicket(ticket('k-held', [order()])).then((outcome) => {
        answered = true;
        return outcome;
      });
      await sleep(500);
      expect(answered).toBe(false);
      await holder.query('ROLLBACK');
      expect(await waiting).toEqual({ kind: 'created' });
    } finally {
      await holder.end();
    }
  }, 60_000);
});
