import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { BTC } from '../helpers/held';
import { killed, restartBench } from '../helpers/heldRestart';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


describe('held orders across kill -9', () => {
  it('an armed order is armed again after a restart; a fired one is never sent again', { timeout: 120_000 }, async () => {
    const bench = await restartBench(cleanups, 'held-kill-token-0123456789');
    const { faulty, journalPath } = bench;
    const script = bench.upstream.service.market.script;
    let app = bench.app();
    const call = (path: string, init: RequestInit = {}) => bench.call<{ data: HeldOrder }>(path, init);
    const arm = (trigger: number) =>
      call('/api/held-orders', {
        method: 'POST',
        body: JSON.stringify({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 0.01, trigger_price: trigger }),
      });

    // Killed right after the answer: the order is in the journal, armed.
    const kept = (await arm(50_000)).data;
    expect(kept.state).toBe('armed');
    await killed(app);
    const db = new Database(journalPath, { readonly: true });
    expect(db.prepare('SELECT state FROM held_orders WHERE id = ?').pluck().get(kept.id)).toBe('armed');
    db.close();

    app = await bench.restart();
    expect(app.output()).toMatch(/held orders armed again from the journal/);
    expect((await call(`/api/held-orders/${kept.id}`)).data.state).toBe('armed');

    // Fired, its order at the service, no answer: killed there.
    faulty.fail('/v1/batch-order', 'hang', 1);
    const hanging = (await arm(99_000)).data;
    script.setMark(BTC, 98_000);
    await expect.poll(() => faulty.requests.filter((request) => request.path === '/v1/batch-order').length, { timeout: 10_000 }).toBe(1);
    await killed(app);

    await bench.restart();
    const after = (await call(`/api/held-orders/${hanging.id}`)).data;
    expect(after.state).toBe('fired');
    const orders = (await call(`/api/orders?ticket=${hanging.id}`)) as unknown as { data: { rows: { status: string; client_order_id: string }[] } };
    expect(orders.data.rows).toMatchObject([{ status: 'unknown', client_order_id: `${hanging.id}-1` }]);

    // The armed one still fires after the restart (no terminal open), and the fired one is not resent.
    script.setMark(BTC, 49_000);
    await expect.poll(async () => (await call(`/api/held-orders/${kept.id}`)).data.state, { timeout: 10_000 }).toBe('fired');
    await expect.poll(() => faulty.requests.filter((request) => request.path === '/v1/batch-order').length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sent = faulty.requests.filter((request) => request.path === '/v1/batch-order').map((request) => request.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain(`${kept.id}-1`);
  });
});
