import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { HeldOrders, type SettleOutcome } from '@/proxy/held/holder';
import { openSqliteJournal, type HeldRow, type JournalStore } from '@/proxy/journal';
import { BTC, futuresRow, quietLog, silentSender } from '../helpers/heldHolder';

const row = futuresRow;
const log = quietLog;
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

let journal: JournalStore | undefined;
afterEach(async () => journal?.close());

/**
 * A holder whose firing is interrupted, between reading a crossed order's row and firing it, by
 * `during` (the kill switch's read is where the firing awaits): a PATCH from another request or
 * another proxy of the desk commits there.
 */
function racedHolder(during: (row: HeldRow) => Promise<void>) {
  journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'patch-race-')), 'journal.sqlite'));
  const sent: OrderRequest[][] = [];
  const sender = {
    accepting: true, sending: true, sendingFor: () => true,
    sendFired: (_account: string, _ticket: string, body: string) => {
      sent.push((JSON.parse(body) as { orders: OrderRequest[] }).orders);
      return new Promise<never>(() => {});
    },
  };
  let raced = false;
  const halted = async (held: HeldRow) => {
    if (!raced) {
      raced = true;
      await during(held);
    }
    return undefined;
  };
  const clock = { now: Date.now() };
  const held = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 600_000, halted, twapClock: () => clock.now });
  return { held, sent, clock };
}

describe('a held order changed as it crosses', () => {
  it('is not fired on the terms it was read with: the PATCH answered done is what fires, on its own trigger', async () => {
    let patched: SettleOutcome | undefined;
    const { held, sent } = racedHolder(async (crossed) => {
      patched = await held.modify(crossed.id, { trigger_price: 90_000, order_quantity: 2 });
    });
    held.judge([row(100_000)], Date.now());
    const armed = await held.arm({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: 95_000 }, 'k1', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    held.judge([row(94_000)], Date.now());
    await settled();
    expect(patched).toMatchObject({ kind: 'done', order: { trigger_price: 90_000, order_quantity: 2 } });
    expect(sent).toEqual([]);
    expect(await journal!.held.row(armed.order.id)).toMatchObject({ state: 'armed', trigger_price: 90_000, order_quantity: 2 });
    // Still in the book, on its new terms: 94,000 and 91,000 do not cross 90,000; 89,000 does.
    held.judge([row(91_000)], Date.now());
    await settled();
    expect(sent).toEqual([]);
    held.judge([row(89_000)], Date.now());
    await settled();
    expect(sent.map((orders) => orders.map((order) => [order.side, order.order_quantity]))).toEqual([[['SELL', 2]]]);
  });

  it("a TWAP's slice is not sized on a quantity the PATCH answered done has lowered", async () => {
    let patched: SettleOutcome | undefined;
    const { held, sent, clock } = racedHolder(async (crossed) => {
      patched = await held.modify(crossed.id, { order_quantity: 10 });
    });
    held.judge([row(100_000)], Date.now());
    const armed = await held.arm({ type: 'TWAP', symbol: BTC, side: 'BUY', order_quantity: 100, duration_ms: 60_000, slice_ms: 2_000 }, 'k3', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    clock.now += 1;
    held.judge([row(100_000)], Date.now());
    await settled();
    expect(patched).toMatchObject({ kind: 'done', order: { order_quantity: 10 } });
    // Read before the PATCH, the first slice was 100 / 30 → 3 or 4: not journaled, nothing sent.
    expect(sent).toEqual([]);
    expect(await journal!.held.row(armed.order.id)).toMatchObject({ state: 'armed', order_quantity: 10, quantity_sent: 0, slices_sent: 0 });
    // The next poll sizes it on the new total.
    held.judge([row(100_000)], Date.now());
    await settled();
    expect(sent.flat().map((order) => order.order_quantity)).toEqual([1]);
  });

  it('a trailing stop is judged on the distance the journal holds, not the one the book read', async () => {
    const { held, sent } = racedHolder(async (crossed) => {
      // Another proxy widens the distance in the journal: this proxy's book still trails by 1,000.
      await journal!.held.change(crossed.id, { trailingDistance: 10_000 }, Date.now());
    });
    held.judge([row(100_000)], Date.now());
    const armed = await held.arm({ type: 'TRAILING_STOP', symbol: BTC, side: 'SELL', order_quantity: 1, trailing_distance: 1_000 }, 'k2', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    held.judge([row(98_500)], Date.now());
    await settled();
    expect(sent).toEqual([]);
    expect(await journal!.held.row(armed.order.id)).toMatchObject({ state: 'armed', trailing_distance: 10_000 });
  });
});

describe('a held order the trader cancels after it fired', () => {
  it('is answered "already fired", and if its order is not sent after all it is cancelled, not armed again', async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'cancel-fired-')), 'journal.sqlite'));
    let settle: () => void = () => {};
    const sender = {
      accepting: true, sending: true, sendingFor: () => true,
      sendFired: () => new Promise<never>((resolve) => (settle = () => resolve(undefined as never))),
    };
    const held = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 600_000 });
    held.judge([row(100_000)], Date.now());
    const armed = await held.arm({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: 95_000 }, 'k4', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    held.judge([row(94_000)], Date.now());
    await settled();
    expect(await held.cancel(armed.order.id)).toMatchObject({ kind: 'refused', status: 409, message: `already fired: order ${armed.order.id}-1` });
    expect(await held.get(armed.order.id)).toMatchObject({ state: 'fired', reason: 'cancel asked after it fired: not armed again if its order is not sent' });
    // Its ticket never left (the proxy stopping, say): the fired ticket settles as not sent.
    await journal.recordRequestOutcome(armed.order.id, 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, Date.now());
    settle();
    await settled();
    expect(await held.get(armed.order.id)).toMatchObject({ state: 'cancelled', reason: 'its order was not sent (the proxy stopped); cancelled, as asked after it fired' });
    expect(held.trackedIds).toEqual([]);
  });
});

describe('a cancel racing the re-arm of an order that fired but was never sent', () => {
  it('cancels the order armed again in between (it answered "already armed", and the order stayed armed)', async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'cancel-rearm-')), 'journal.sqlite'));
    const held = new HeldOrders({ journal, sender: silentSender, log, maxHeld: 20, staleAfterMs: () => 600_000 });
    held.judge([row(100_000)], Date.now());
    const armed = await held.arm({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: 95_000 }, 'k5', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    held.judge([row(94_000)], Date.now());
    await settled();
    await journal.recordRequestOutcome(armed.order.id, 1, 'failed', { reason: 'not-sent', httpStatus: null, code: null, message: 'not sent: the proxy stopped' }, Date.now());
    // The sender (another proxy, say) arms it again just after the cancel found it fired.
    const store = journal.held.rearm;
    const ask = store.askCancelFired.bind(store);
    store.askCancelFired = async (id, now) => {
      await store.rearmIfNotSent(id, now);
      return ask(id, now);
    };
    expect(await held.cancel(armed.order.id)).toMatchObject({ kind: 'done', order: { state: 'cancelled' } });
  });
});
