import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketResult } from '@/interface';
import { HeldOrders } from '@/proxy/held/holder';
import { openSqliteJournal, type JournalStore } from '@/proxy/journal';
import { BTC, futuresRow, quietLog } from '../helpers/heldHolder';

const row = futuresRow;
const log = quietLog;

/** A sender that settles each fired ticket as the test says, recording what it was handed. */
function fakeSender(journal: JournalStore) {
  const handed: { ticketId: string; body: string }[] = [];
  type Outcome = 'failed' | 'unknown' | 'rejected' | 'never';
  let outcome: Outcome = 'failed';
  /** The outcomes of the next tickets handed, in order (then `outcome`). */
  const next: Outcome[] = [];
  const sender = {
    accepting: true,
    sending: true,
    sendingFor: () => true,
    sendFired: async (_account: string, ticketId: string, body: string): Promise<TicketResult> => {
      handed.push({ ticketId, body });
      const settled: Outcome = next.shift() ?? outcome;
      await journal.durable();
      if (settled === 'never') return new Promise<TicketResult>(() => {});
      if (settled === 'rejected') {
        const orders = (JSON.parse(body) as { orders: unknown[] }).orders;
        await journal.recordAnswer(ticketId, 1, 200, orders.map(() => ({ status: 'rejected' as const, orderId: null, errorMessage: 'no' })), Date.now());
      } else {
        await journal.recordRequestOutcome(ticketId, 1, settled, { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, Date.now());
      }
      return (await journal.ticketResult(ticketId))!;
    },
  };
  return { sender, handed, settleAs: (later: Outcome) => (outcome = later), next };
}

let journal: JournalStore | undefined;
afterEach(async () => journal?.close());

function holder(path: string) {
  journal = openSqliteJournal(path);
  const fake = fakeSender(journal);
  const held = new HeldOrders({ journal, sender: fake.sender, log, maxHeld: 20, staleAfterMs: () => 60_000 });
  return { held, journal, ...fake };
}

const stop = (trigger: number) => ({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: trigger }) as const;

// What follows a firing settles after the journal's flush: each check waits for it, none sleeps.
describe('a held order fired whose order was never sent', () => {
  it('is armed again, saying why, and fires again as a new ticket and client order id', async () => {
    const { held, handed, settleAs } = holder(join(mkdtempSync(join(tmpdir(), 'rearm-')), 'journal.sqlite'));
    held.judge([row(100_000)], Date.now());
    const first = await held.arm(stop(99_000), 'k1', 'main');
    if (first.kind !== 'armed') throw new Error('not armed');
    const id = first.order.id;
    held.judge([row(98_000)], Date.now());
    await vi.waitFor(() => expect(handed.map((ticket) => ticket.ticketId)).toEqual([id]), { timeout: 10_000, interval: 10 });
    await vi.waitFor(async () => expect(await held.get(id)).toMatchObject({ state: 'armed', reason: 'its order was not sent (the proxy stopped); armed again', client_order_ids: [] }));

    settleAs('rejected');
    held.judge([row(97_000)], Date.now());
    await vi.waitFor(() => expect(handed[1]).toMatchObject({ ticketId: `${id}-r1` }), { timeout: 10_000, interval: 10 });
    expect(handed[1]!.body).toContain(`"client_order_id":"${id}-2"`);
    // Rejected: the service saw it; it stays fired.
    await vi.waitFor(async () => expect(await held.get(id)).toMatchObject({ state: 'fired', client_order_ids: [`${id}-2`], last_order_status: 'rejected' }));
  });

  it('arms the cancelled OCO partner again in the same write; an unknown outcome stays fired', async () => {
    const { held, journal, handed, settleAs } = holder(join(mkdtempSync(join(tmpdir(), 'rearm-')), 'journal.sqlite'));
    held.judge([row(100_000)], Date.now());
    const stopLeg = await held.arm(stop(99_000), 'a', 'main');
    if (stopLeg.kind !== 'armed') throw new Error('not armed');
    const profit = await held.arm({ ...stop(101_000), type: 'TAKE_PROFIT_MARKET', oco_with: stopLeg.order.id }, 'b', 'main', 'alice');
    if (profit.kind !== 'armed') throw new Error(`not armed: ${JSON.stringify(profit)}`);
    // Who placed each is journaled (null when nobody is named), and stays through the rearm below.
    expect([stopLeg.order.placed_by, profit.order.placed_by]).toEqual([null, 'alice']);
    held.judge([row(98_000)], Date.now());
    await vi.waitFor(async () => expect(await held.get(profit.order.id)).toMatchObject({ state: 'armed', reason: `its OCO partner ${stopLeg.order.id} was not sent; armed again` }), { timeout: 10_000, interval: 10 });
    expect((await held.get(stopLeg.order.id))?.state).toBe('armed');
    expect(await journal.held.countLivePlacedBy('alice')).toBe(1);

    settleAs('unknown');
    held.judge([row(102_000)], Date.now());
    await vi.waitFor(() => expect(handed.at(-1)?.ticketId).toBe(profit.order.id), { timeout: 10_000, interval: 10 });
    await vi.waitFor(async () => expect(await held.get(profit.order.id)).toMatchObject({ state: 'fired', last_order_status: 'unknown' }));
    expect(await held.get(stopLeg.order.id)).toMatchObject({ state: 'cancelled', reason: `its OCO partner ${profit.order.id} fired` });
    expect(await journal.held.rearm.unsent()).toEqual([]);
    expect(await held.get(profit.order.id)).toMatchObject({ placed_by: 'alice' });
    expect(await journal.held.countLivePlacedBy('alice')).toBe(0);
  });

  it('is armed again at start when the last run recorded it failed but could not arm it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rearm-')), 'journal.sqlite');
    const first = holder(path);
    first.settleAs('never');
    first.held.judge([row(100_000)], Date.now());
    const armed = await first.held.arm(stop(99_000), 'k', 'main');
    if (armed.kind !== 'armed') throw new Error('not armed');
    first.held.judge([row(98_000)], Date.now());
    const id = armed.order.id;
    await vi.waitFor(() => expect(first.handed.map((ticket) => ticket.ticketId)).toEqual([id]), { timeout: 10_000, interval: 10 });
    await first.journal.recordRequestOutcome(id, 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, Date.now());
    await first.journal.durable();
    await first.journal.close();

    const second = holder(path);
    await second.journal.recover(Date.now());
    expect(await second.held.load()).toBe(1);
    expect(await second.held.get(id)).toMatchObject({ state: 'armed', reason: 'its order was not sent (the proxy stopped); armed again' });
    expect(second.held.armed).toBe(1);
    second.held.judge([row(98_000)], Date.now());
    await vi.waitFor(() => expect(second.handed[0]).toMatchObject({ ticketId: `${id}-r1` }), { timeout: 10_000, interval: 10 });
  });

  it('fired in a group of one poll, only the orders of the ticket never sent are armed again', async () => {
    const { held, handed, next } = holder(join(mkdtempSync(join(tmpdir(), 'rearm-')), 'journal.sqlite'));
    held.judge([row(100_000)], Date.now());
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const armed = await held.arm(stop(99_000 - i), `g${i}`, 'main');
      if (armed.kind !== 'armed') throw new Error('not armed');
      ids.push(armed.order.id);
    }
    next.push('rejected', 'failed');
    held.judge([row(98_000)], Date.now());
    // Two tickets: the first ten (named by the first held order), then two; settled after the flush.
    await vi.waitFor(() => expect(handed.map((ticket) => (JSON.parse(ticket.body) as { orders: unknown[] }).orders.length)).toEqual([10, 2]));
    for (const id of ids.slice(10)) await vi.waitFor(async () => expect((await held.get(id))?.state).toBe('armed'), { timeout: 10_000, interval: 10 });
    expect(handed[0]!.ticketId).toBe(ids[0]);
    expect(handed[1]!.ticketId).toBe(ids[10]);
    for (const id of ids.slice(0, 10)) expect(await held.get(id)).toMatchObject({ state: 'fired', client_order_ids: [`${id}-1`], last_order_status: 'rejected' });
    for (const id of ids.slice(10)) expect(await held.get(id)).toMatchObject({ state: 'armed', client_order_ids: [], reason: 'its order was not sent (the proxy stopped); armed again' });
  });

  it('a journal written before fired orders were grouped still finds each fired order, and arms the unsent again', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'rearm-')), 'journal.sqlite');
    const first = holder(path);
    first.settleAs('never');
    first.held.judge([row(100_000)], Date.now());
    const ids: string[] = [];
    for (const trigger of [99_000, 98_500]) {
      const armed = await first.held.arm(stop(trigger), `old${trigger}`, 'main');
      if (armed.kind !== 'armed') throw new Error('not armed');
      ids.push(armed.order.id);
      first.held.judge([row(trigger - 100)], Date.now());
      await vi.waitFor(() => expect(first.handed).toHaveLength(ids.length));
    }
    const [sent, unsent] = ids as [string, string];
    await first.journal.recordAnswer(sent, 1, 200, [{ status: 'accepted', orderId: 7, errorMessage: null }], Date.now());
    await first.journal.recordRequestOutcome(unsent, 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, Date.now());
    await first.journal.durable();
    await first.journal.close();
    // As schema 6 left it: each firing its own ticket, named by the held order's id, no column naming it.
    const old = new Database(path);
    old.exec('ALTER TABLE held_orders DROP COLUMN fired_ticket_id');
    // Nor the columns of several accounts (schema 8).
    for (const [table, column] of [['tickets', 'account'], ['tickets', 'placed_by'], ['tickets', 'approved_by'], ['held_orders', 'account'], ['held_orders', 'placed_by']]) {
      old.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    }
    old.pragma('user_version = 6');
    old.close();

    const second = holder(path);
    await second.journal.recover(Date.now());
    expect(await second.held.get(sent)).toMatchObject({ state: 'fired', last_order_status: 'accepted' });
    await second.held.load();
    expect(await second.held.get(unsent)).toMatchObject({ state: 'armed', reason: 'its order was not sent (the proxy stopped); armed again' });
  });
});
