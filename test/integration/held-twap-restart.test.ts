import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { BTC } from '../helpers/held';
import { killed, restartBench } from '../helpers/heldRestart';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});


const clientOrderIds = (body: string) => [...body.matchAll(/"client_order_id":"([^"]+)"/g)].map((match) => match[1]!);

describe('a TWAP across kill -9', () => {
  it('resumes from the journal: no slice resent, the unanswered one unknown, the missed ones counted, no burst', { timeout: 150_000 }, async () => {
    const bench = await restartBench(cleanups, 'twap-kill-token-0123456789');
    const { faulty, journalPath } = bench;
    const batches = () => faulty.requests.filter((request) => request.path === '/v1/batch-order');
    let app = bench.app();
    const call = <T = { data: HeldOrder }>(path: string, init: RequestInit = {}) => bench.call<T>(path, init);

    // 30 slices of 0.001 every 2 s; two answered, the third hangs at the service: killed there.
    const body = { type: 'TWAP', symbol: BTC, side: 'SELL', order_quantity: 0.03, duration_ms: 60_000, slice_ms: 2_000 };
    const twap = (await call('/api/held-orders', { method: 'POST', body: JSON.stringify(body) })).data;
    expect(twap.state).toBe('armed');
    await expect.poll(() => batches().length, { timeout: 15_000 }).toBe(2);
    faulty.fail('/v1/batch-order', 'hang', 1);
    await expect.poll(() => batches().length, { timeout: 15_000 }).toBe(3);
    await killed(app);
    const db = new Database(journalPath, { readonly: true });
    expect(db.prepare('SELECT state, slices_sent FROM held_orders WHERE id = ?').get(twap.id)).toEqual({ state: 'armed', slices_sent: 3 });
    db.close();
    // Down for more than two due times: the slice due next (index 3) and at least one after it fall
    // due while it is down, so one is sent on return and at least one is missed, however late the kill.
    const killedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    const restarted = Date.now();
    app = await bench.restart();
    await expect.poll(() => app.output(), { timeout: 5_000 }).toMatch(/held orders armed again from the journal/);
    const down = Date.now() - killedAt;
    await expect.poll(() => batches().length, { timeout: 15_000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = batches().filter((request) => request.at >= restarted);
    // No burst: the latest slice due while it was down, then one per due time since the start
    // (a window of w ms holds at most w / 2 s + 1 of them); never the earlier ones missed.
    expect(after.length).toBeLessThanOrEqual(Math.floor((Date.now() - restarted) / 2_000) + 2);
    const ids = batches().flatMap((request) => clientOrderIds(request.body));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => `${twap.id}-${n}`));

    const unanswered = await call<{ data: { rows: { status: string; client_order_id: string }[] } }>(`/api/orders?ticket=${twap.id}-s3`);
    expect(unanswered.data.rows).toMatchObject([{ status: 'unknown', client_order_id: `${twap.id}-3` }]);
    const cancelled = (await call(`/api/held-orders/${twap.id}`, { method: 'DELETE' })).data;
    expect(cancelled.state).toBe('cancelled');
    // Every slice sent is counted, and nothing more goes after the cancel: the count read at the
    // cancel, not before it (a slice falls due every 2 s, and a loaded machine is slow in between).
    const sentIds = () => batches().flatMap((request) => clientOrderIds(request.body));
    await expect.poll(() => sentIds().length, { timeout: 5_000 }).toBe(cancelled.twap!.slices_sent);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sentIds()).toHaveLength(cancelled.twap!.slices_sent);
    expect(new Set(sentIds()).size).toBe(sentIds().length);
    // Every due time while it was down (at least the 5 s waited) is counted missed, not sent.
    expect(cancelled.twap!.slices_missed).toBeGreaterThanOrEqual(Math.floor(down / 2_000) - 2);
    expect(cancelled.twap!.slices_missed).toBeGreaterThan(0);
  });
});
