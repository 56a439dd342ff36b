import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskMe, HeldOrder } from '@/interface';
import { DatabaseUnavailableError } from '@/proxy/postgres';
import { btcOrder } from '../fixtures/orders';
import { deskPlaces, json, newTraders, postOf, sendOf, startDesk, type Desk } from '../helpers/deskHttp';

/**
 * Races and failures a second review of the desk found (twentieth session): two changes of one
 * held order at once, asks for approval at once past the cap, and a ticket that reached the
 * service though its answer could not be recorded. Each on both stores.
 */
const { places, markOf } = deskPlaces({ postgres: true });
let mark: number;
beforeAll(async () => {
  mark = await markOf('PERP_BTC_USDC');
});


describe.each(['SQLite', 'PostgreSQL'] as const)('desk races on %s', (store) => {
  let desk: Desk;
  let rita: string;
  const trader = newTraders(() => desk, () => rita, 'r');
  const me = async (cookie: string) => (await json<{ data: DeskMe }>(await desk.call(cookie, '/api/desk/me'))).data.user;

  beforeAll(async () => {
    desk = await startDesk(store, places, { approvalTtlMs: 60_000 });
    rita = await desk.signIn('rita', ['risk']);
  });

  it('two changes of one held order sent at once are judged one after the other: together they cannot pass the limits', async () => {
    const cap = String(Math.ceil(0.025 * mark));
    const cookie = await trader({ approvalAbove: cap, maxOrderNotional: cap });
    const stop = { type: 'STOP_MARKET', symbol: 'PERP_BTC_USDC', side: 'BUY', order_quantity: 0.01, trigger_price: Math.round(mark * 1.05) };
    const { id } = (await json<{ data: HeldOrder }>(await desk.call(cookie, '/api/held-orders', postOf(stop)))).data;
    const answers = await Promise.all([
      desk.call(cookie, `/api/held-orders/${id}`, sendOf('PATCH', { order_quantity: 0.02 })),
      desk.call(cookie, `/api/held-orders/${id}`, sendOf('PATCH', { trigger_price: Math.round(mark * 2) })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const after = (await json<{ data: HeldOrder }>(await desk.call(cookie, `/api/held-orders/${id}`))).data;
    expect(after.order_quantity * after.trigger_price!).toBeLessThanOrEqual(Number(cap));
    await desk.call(cookie, `/api/held-orders/${id}`, sendOf('DELETE'));
  });

  it('asks for approval sent at once stop at the cap of 20', async () => {
    const cookie = await trader({ approvalAbove: '1' });
    const answers = await Promise.all(Array.from({ length: 26 }, () => desk.call(cookie, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95))] }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.filter((status) => status === 403)).toHaveLength(6);
  });

  it('a ticket that reached the service, its answer not recorded (503), keeps its day use: a second one over the day limit is refused', async () => {
    const cookie = await trader({ maxDayNotional: String(Math.ceil(0.0095 * mark * 1.5)) });
    const journal = desk.proxy.app.journal as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const original = journal.recordAnswer!;
    let thrown = 0;
    journal.recordAnswer = async function (this: unknown, ...args: unknown[]) {
      if (thrown++ === 0) throw new DatabaseUnavailableError('connection reset (injected)');
      return original.apply(this, args);
    };
    const first = await desk.call(cookie, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95))] }));
    journal.recordAnswer = original;
    expect(first.status).toBe(503);
    expect(Number((await me(cookie)).usedToday)).toBeGreaterThan(0);
    expect((await desk.call(cookie, '/v1/batch-order', postOf({ orders: [btcOrder(Math.round(mark * 0.95))] }))).status).toBe(403);
  });
});
