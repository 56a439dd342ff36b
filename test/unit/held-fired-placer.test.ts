import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HeldOrders } from '@/proxy/held/holder';
import { openSqliteJournal, type JournalStore } from '@/proxy/journal';
import { BTC, futuresRow, quietLog, silentSender } from '../helpers/heldHolder';

let journal: JournalStore | undefined;
afterEach(async () => journal?.close());

describe('a held order that fires', () => {
  it('sends its order named as placed by who armed it: orders of two people fire in two tickets, each named', async () => {
    journal = openSqliteJournal(join(mkdtempSync(join(tmpdir(), 'fired-placer-')), 'journal.sqlite'));
    const held = new HeldOrders({ journal, sender: silentSender, log: quietLog, maxHeld: 20, staleAfterMs: () => 600_000 });
    held.judge([futuresRow(100_000)], Date.now());
    const stop = { type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 1, trigger_price: 95_000 } as const;
    const ids: string[] = [];
    for (const [key, placer] of [['a', 'alice'], ['b', 'bob'], ['c', 'alice']] as const) {
      const armed = await held.arm(stop, key, 'main', placer);
      if (armed.kind !== 'armed') throw new Error(JSON.stringify(armed));
      ids.push(armed.order.id);
    }
    held.judge([futuresRow(94_000)], Date.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = await journal.listOrders({ limit: 10 });
    const byClient = new Map(rows.map((row) => [row.client_order_id, [row.placed_by, row.ticket_id]]));
    const [alice1, bob, alice2] = ids.map((id) => byClient.get(`${id}-1`));
    expect([alice1?.[0], bob?.[0], alice2?.[0]]).toEqual(['alice', 'bob', 'alice']);
    // Alice's two go together; Bob's in a ticket of his own.
    expect(alice1?.[1]).toBe(alice2?.[1]);
    expect(bob?.[1]).not.toBe(alice1?.[1]);
  });
});
