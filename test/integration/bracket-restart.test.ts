import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { HeldOrder, TicketResult } from '@/interface';
import { entryAt } from '../helpers/brackets';
import { BTC } from '../helpers/held';
import { ticketKey } from '../helpers/stack';
import { killed, restartBench } from '../helpers/heldRestart';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


type Answer = { data: { ticket: TicketResult; exits: HeldOrder[] } & HeldOrder };

describe('a bracket across kill -9', () => {
  it('exits of an accepted entry stay armed; those of an entry in flight at the crash are cancelled', { timeout: 120_000 }, async () => {
    const bench = await restartBench(cleanups, 'bracket-kill-token-0123456789');
    const { faulty, journalPath } = bench;
    const script = bench.upstream.service.market.script;
    let app = bench.app();
    const call = (path: string, init: RequestInit = {}, key = ticketKey()) => bench.call<Answer>(path, init, key);
    const send = (entryPrice: number, key = ticketKey()) =>
      call('/api/brackets', {
        method: 'POST',
        body: JSON.stringify({ entry: entryAt(entryPrice), take_profit: { trigger_price: 103_000 }, stop_loss: { trigger_price: 97_000 } }),
      }, key);

    // Accepted, then killed: its exits are armed after the restart and still fire, once.
    const kept = (await send(99_950)).data;
    expect(kept.exits.map((exit) => exit.state)).toEqual(['armed', 'armed']);
    await killed(app);
    app = await bench.restart();
    expect((await call(`/api/held-orders/${kept.exits[0]!.id}`)).data.state).toBe('armed');

    // The entry at the service, no answer: killed there. Its exits were written with its ticket.
    faulty.fail('/v1/batch-order', 'hang', 1);
    const key = ticketKey();
    void send(99_900, key).catch(() => undefined);
    const batches = () => faulty.requests.filter((request) => request.path === '/v1/batch-order').length;
    await expect.poll(batches, { timeout: 10_000 }).toBe(2);
    const db = new Database(journalPath, { readonly: true });
    const written = db.prepare('SELECT state, entry_ticket_id FROM held_orders WHERE entry_ticket_id = ?').all(key);
    db.close();
    expect(written).toEqual([{ state: 'awaiting_entry', entry_ticket_id: key }, { state: 'awaiting_entry', entry_ticket_id: key }]);
    await killed(app);

    app = await bench.restart();
    expect(app.output()).toMatch(/"reason":"entry unknown: check the order before arming exits","msg":"bracket exits cancelled"/);
    const rows = ((await call('/api/held-orders?state=cancelled')) as unknown as { data: { rows: HeldOrder[] } }).data.rows;
    const lost = rows.filter((row) => row.entry?.ticket_id === key);
    expect(lost).toHaveLength(2);
    for (const exit of lost) {
      expect(exit.reason).toBe('entry unknown: check the order before arming exits');
      expect(exit.entry?.status).toBe('unknown');
    }

    // The kept bracket's take-profit fires after the restart; its stop-loss is cancelled; nothing is resent.
    script.setMark(BTC, 103_500);
    await expect.poll(async () => (await call(`/api/held-orders/${kept.exits[0]!.id}`)).data.state, { timeout: 10_000 }).toBe('fired');
    expect((await call(`/api/held-orders/${kept.exits[1]!.id}`)).data.state).toBe('cancelled');
    await expect.poll(batches, { timeout: 10_000 }).toBe(3);
    script.setMark(BTC, 96_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(batches()).toBe(3);
    expect(faulty.requests.filter((request) => request.path === '/v1/batch-order')[2]!.body).toContain(`${kept.exits[0]!.id}-1`);
  });
});
