import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HeldOrders } from '@/proxy/held/holder';
import { resyncBook } from '@/proxy/held/resync';
import { openSqliteJournal, type JournalStore } from '@/proxy/journal';
import { BTC, futuresRow, quietLog, silentSender } from '../helpers/heldHolder';

const row = futuresRow;
const log = quietLog;
const sender = silentSender;

let journal: JournalStore | undefined;
afterEach(async () => journal?.close());

describe("a desk sender's book kept in step with the journal", () => {
  it('takes in orders armed and drops orders cancelled through other proxies, and never pulls a trailing stop back', async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'resync-')), 'journal.sqlite'));
    const held = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 60_000 });
    held.judge([row(100_000)], Date.now());
    const trailing = await held.arm({ type: 'TRAILING_STOP', symbol: BTC, side: 'SELL', order_quantity: 1, trailing_distance: 1000 }, 'trail', 'main');
    if (trailing.kind !== 'armed') throw new Error(`not armed: ${JSON.stringify(trailing)}`);
    // The mark rises: the book's best moves to 101,000; the journal is behind (its write still on the way).
    held.judge([row(101_000)], Date.now());
    await journal.held.setBestMark(trailing.order.id, 100_000);

    // Through another proxy: a stop armed, then cancelled.
    const other = await journal.held.arm({
      id: 'held-other', idempotencyKey: 'other', bodyHash: 'h', type: 'STOP_MARKET', symbol: BTC, side: 'SELL', orderQuantity: 1,
      triggerPrice: 95_000, orderPrice: null, trailingDistance: null, trailingPercent: null, bestMark: null, ocoWith: null,
      clientRef: null, now: Date.now(),
    });
    expect(await resyncBook(held, journal)).toBe(2);
    expect(held.trackedIds.sort()).toEqual([other.id, trailing.order.id].sort());
    const stored = (await journal.held.get(trailing.order.id))!;
    expect(held.view(stored).best_mark).toBe(101_000);

    await journal.held.cancel(other.id, Date.now());
    expect(await resyncBook(held, journal)).toBe(1);
    expect(held.trackedIds).toEqual([trailing.order.id]);
  });
});

describe('a trailing stop changed through a proxy that does not send', () => {
  it('keeps the best mark the journal holds: the change does not pull the stop back to an older best', async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'trail-patch-')), 'journal.sqlite'));
    const holder = new HeldOrders({ journal, sender, log, maxHeld: 20, staleAfterMs: () => 60_000 });
    holder.judge([row(100_000)], Date.now());
    const armed = await holder.arm({ type: 'TRAILING_STOP', symbol: BTC, side: 'SELL', order_quantity: 1, trailing_distance: 1000 }, 'trail', 'main');
    if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
    // Another proxy of the desk, whose book saw the order at 100,000 only.
    const other = new HeldOrders({ journal, sender: { ...sender, sending: false }, log, maxHeld: 20, staleAfterMs: () => 60_000 });
    await resyncBook(other, journal);
    // The holder's mark rises to 102,000: its best, written to the journal.
    holder.judge([row(102_000)], Date.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await journal.held.get(armed.order.id))?.best_mark).toBe(102_000);
    other.judge([row(102_000)], Date.now() - 120_000);
    expect(await other.modify(armed.order.id, { order_quantity: 2 })).toMatchObject({ kind: 'done' });
    expect(await journal.held.get(armed.order.id)).toMatchObject({ order_quantity: 2, best_mark: 102_000 });
  });
});
