import { afterAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { type RunningApp } from '../helpers/app';
import { BTC } from '../helpers/held';
import { restartBench } from '../helpers/heldRestart';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The client order ids the service was sent, in order. */
const sentClientOrderIds = (requests: { path: string; body: string }[]) =>
  requests
    .filter((request) => request.path === '/v1/batch-order')
    .flatMap((request) => (JSON.parse(request.body) as { orders: { client_order_id: string }[] }).orders.map((order) => order.client_order_id));

describe('held orders fired but never sent', () => {
  it('are armed again, not lost, and fire again with a new client order id', { timeout: 120_000 }, async () => {
    // No SERVICE_TIMEOUT_MS of a minute: the default's stop grace is what this test relies on.
    const bench = await restartBench(cleanups, 'held-rearm-token-0123456789', {});
    const { faulty } = bench;
    const script = bench.upstream.service.market.script;
    const app: RunningApp = bench.app();
    const call = (path: string, init: RequestInit = {}) => bench.call<{ data: HeldOrder }>(path, init);
    const held = async (id: string) => (await call(`/api/held-orders/${id}`)).data;
    const arm = async (trigger: number) =>
      (
        await call('/api/held-orders', {
          method: 'POST',
          body: JSON.stringify({ type: 'STOP_MARKET', symbol: BTC, side: 'SELL', order_quantity: 0.01, trigger_price: trigger }),
        })
      ).data;

    const stops: HeldOrder[] = [];
    for (let i = 0; i < 13; i++) stops.push(await arm(99_000 - i * 10));
    const ids = stops.map((stop) => stop.id);
    const allFired = ids.map(() => 'fired');
    // One poll fires all thirteen: ten in a first request, three in a second that the pacer holds a
    // second behind it, so the proxy stops while those three wait there.
    script.setMark(BTC, 98_000);
    // One list request a poll: a request per order would meet the session's limit of 50 a second.
    const statesOf = async () => {
      const rows = (await bench.call<{ data: { rows: HeldOrder[] } }>('/api/held-orders')).data.rows;
      return ids.map((id) => rows.find((row) => row.id === id)?.state);
    };
    await expect.poll(statesOf, { timeout: 10_000 }).toEqual(allFired);
    await app.stop();
    script.setMark(BTC, 100_000);

    await bench.restart();
    const after = await Promise.all(ids.map(held));
    const rearmed = after.filter((order) => order.state === 'armed');
    for (const order of after) {
      if (order.state === 'fired') {
        expect(['accepted', 'sent', 'unknown']).toContain(order.last_order_status);
        expect(order.client_order_ids).toEqual([`${order.id}-1`]);
      } else {
        expect(order).toMatchObject({ state: 'armed', reason: 'its order was not sent (the proxy stopped); armed again', client_order_ids: [] });
      }
    }
    expect(rearmed.length).toBeGreaterThanOrEqual(1);

    // Crossed again: only the armed ones fire, each with a client order id the service never saw.
    script.setMark(BTC, 98_000);
    await expect.poll(statesOf, { timeout: 10_000 }).toEqual(allFired);
    for (const order of rearmed) {
      await expect.poll(async () => (await held(order.id)).last_order_status, { timeout: 10_000 }).toBe('accepted');
      expect((await held(order.id)).client_order_ids).toEqual([`${order.id}-2`]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sent = sentClientOrderIds(faulty.requests);
    expect(new Set(sent).size).toBe(sent.length);
    for (const order of rearmed) expect(sent).toContain(`${order.id}-2`);
    expect(sent).toHaveLength(13);
  });
});
