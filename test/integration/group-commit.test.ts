import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import type { NewTicket } from '@/proxy/journal';
import { SqliteJournal as Journal } from '@/proxy/journal/sqlite/journal';
import { markOf, startStack, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

const order: OrderRequest = { symbol: 'PERP_ETH_USDC', order_type: 'LIMIT', side: 'BUY', order_price: 3000, order_quantity: 0.1 };

function newTicket(id: string, count = 2): NewTicket {
  const orders = Array.from({ length: count }, () => order);
  const orderJson = orders.map((item) => JSON.stringify(item));
  return { id, bodyHash: 'hash', recvWindow: undefined, requests: [{ orders, orderJson, body: `{"orders":[${orderJson.join(',')}]}` }], now: Date.now() };
}

/** What another process would find in the journal file: only what was committed. */
function committedTickets(path: string): { id: string; orders: number }[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare('SELECT t.id AS id, COUNT(o.id) AS orders FROM tickets t LEFT JOIN orders o ON o.ticket_id = t.id GROUP BY t.id ORDER BY t.id')
      .all() as { id: string; orders: number }[];
  } finally {
    db.close();
  }
}

let journal: Journal | undefined;
afterEach(() => journal?.close());

describe('the journal’s group commit', () => {
  it('commits the writes of one turn together, and durable() waits for that commit', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    journal = new Journal(path);
    for (const id of ['a-ticket', 'b-ticket', 'c-ticket']) journal.createTicket(newTicket(id));
    // Written and readable on this connection, not yet committed for anyone else.
    expect(journal.findTicket('b-ticket')).toBeDefined();
    expect(committedTickets(path)).toEqual([]);
    await journal.durable();
    expect(committedTickets(path)).toEqual([
      { id: 'a-ticket', orders: 2 },
      { id: 'b-ticket', orders: 2 },
      { id: 'c-ticket', orders: 2 },
    ]);
  });

  it('commits at the end of the turn even when nobody waits', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    journal = new Journal(path);
    journal.createTicket(newTicket('lonely-ticket'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(committedTickets(path)).toEqual([{ id: 'lonely-ticket', orders: 2 }]);
  });

  it('undoes a failing write alone and throws it to its caller; the rest of the batch commits', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    journal = new Journal(path);
    const exit = (ticketId: string) => ({
      bracketExits: {
        entry: { ticketId, clientOrderId: `${ticketId}-entry` },
        exits: [{ id: `bkt-${ticketId}`, idempotencyKey: 'taken-key', bodyHash: 'h', type: 'STOP_MARKET' as const, symbol: 'PERP_ETH_USDC', side: 'SELL' as const, orderQuantity: 1, triggerPrice: 1, orderPrice: null, ocoWith: null, clientRef: null }],
        now: Date.now(),
      },
    });
    journal.createTicket(newTicket('first-ticket', 3), exit('first-ticket'));
    // The exit's key is taken: it fails after the ticket's rows were written, and they go with it.
    expect(() => journal!.createTicket(newTicket('failing-ticket', 5), exit('failing-ticket'))).toThrow(/UNIQUE/);
    journal.createTicket(newTicket('after-ticket', 1));
    await journal.durable();
    expect(committedTickets(path)).toEqual([
      { id: 'after-ticket', orders: 1 },
      { id: 'first-ticket', orders: 3 },
    ]);
  });

  it('makes what a stopped proxy left pending unknown at the next start', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    const first = new Journal(path);
    first.createTicket(newTicket('left-pending', 2));
    await first.durable();
    first.close();
    journal = new Journal(path);
    expect(journal.recover(Date.now())).toBe(2);
    const rows = journal.ticketResult('left-pending')?.rows ?? [];
    expect(rows.map((row) => row.status)).toEqual(['unknown', 'unknown']);
    expect(rows[0]?.error_message).toMatch(/may or may not have been placed/);
  });

  it('flushes answers once, a moment later, and not at all when a ticket already did', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    journal = new Journal(path);
    journal.createTicket(newTicket('flushed-ticket', 1));
    await journal.durable();
    expect(journal.flushes).toBe(1);
    // Nothing new since that flush: nothing to do.
    journal.flushSoon(10);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(journal.flushes).toBe(1);
    journal.createTicket(newTicket('answered-ticket', 1));
    journal.flushSoon(10);
    journal.flushSoon(10);
    expect(journal.flushes).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(journal.flushes).toBe(2);
    // A ticket that comes first flushes the answers with it; the scheduled flush finds them done.
    journal.createTicket(newTicket('answered-again', 1));
    journal.flushSoon(20);
    journal.createTicket(newTicket('next-ticket', 1));
    await journal.durable();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(journal.flushes).toBe(3);
  });

  it('lets many writers of one turn wait on durable() at once', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-group-')), 'journal.sqlite');
    journal = new Journal(path);
    const waits = Array.from({ length: 40 }, (_, index) => {
      journal!.createTicket(newTicket(`many-${String(index).padStart(2, '0')}`, 1));
      return journal!.durable();
    });
    await Promise.all(waits);
    expect(committedTickets(path)).toHaveLength(40);
  });
});

describe('a ticket whose journal cannot be made durable', () => {
  let stack: Stack | undefined;
  afterEach(async () => stack?.close());

  it('is not sent, and says why', async () => {
    stack = await startStack();
    const placed = () => stack!.service.desk.accepted.length;
    const mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
    const durable = stack.proxy.journal.durable.bind(stack.proxy.journal);
    // The disk refuses the flush (full, or gone): nothing may leave unrecorded.
    stack.proxy.journal.durable = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const answer = await submitTicket(stack, [ethOrder(mark)]);
    expect(placed()).toBe(0);
    expect(answer.status).toBe(502);
    expect(answer.json.message).toMatch(/not sent: the journal could not be written to disk \(ENOSPC/);
    expect(answer.json.data?.rows.map((row) => row.status)).toEqual(['failed']);

    // The same order goes through once the disk does.
    stack.proxy.journal.durable = durable;
    const retried = await submitTicket(stack, [ethOrder(mark)]);
    expect(retried.json.data?.rows.map((row) => row.status)).toEqual(['accepted']);
    expect(placed()).toBe(1);
  });

  /** A slow disk: the ticket's flush finishes when the test says; its request is marked sent meanwhile. */
  async function ticketWithHeldFlush() {
    stack = await startStack();
    const running = stack;
    const mark = await markOf(running.service.url, 'PERP_ETH_USDC');
    const durable = running.proxy.journal.durable.bind(running.proxy.journal);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    running.proxy.journal.durable = () => durable().then(() => held);
    const answer = submitTicket(running, [ethOrder(mark)]);
    await expect.poll(async () => (await running.proxy.journal.countLive()).sent).toBe(1);
    const placed = () => running.service.desk.accepted.length;
    return { answer, placed, release, restore: () => (running.proxy.journal.durable = durable) };
  }

  it('leaves only once its flush is done, though it is signed and marked sent meanwhile', async () => {
    const { answer, placed, release, restore } = await ticketWithHeldFlush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(placed()).toBe(0);
    release();
    expect((await answer).json.data?.rows.map((row) => row.status)).toEqual(['accepted']);
    expect(placed()).toBe(1);
    restore();
  });

  it('does not leave when the proxy is stopped while its flush is still running', async () => {
    const { answer, placed, release, restore } = await ticketWithHeldFlush();
    const stopped = stack!.proxy.sender.stop(5000);
    release();
    await stopped;
    const rows = (await answer).json.data?.rows ?? [];
    expect(rows.map((row) => [row.status, row.error_message])).toEqual([['failed', 'not sent: the proxy stopped']]);
    expect(placed()).toBe(0);
    restore();
  });
});

describe('a journal written by a newer build', () => {
  it('is refused, naming its schema and the newest this build knows, and left as it was', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perp-newer-')), 'journal.sqlite');
    new Journal(path).close();
    const db = new Database(path);
    const known = db.pragma('user_version', { simple: true }) as number;
    db.pragma(`user_version = ${known + 3}`);
    db.close();
    expect(() => new Journal(path)).toThrow(`the journal is at schema ${known + 3}, newer than this build knows (up to ${known})`);
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(known + 3);
    after.close();
  });
});
