import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDERS_PER_REQUEST } from '@/interface';
import { ethOrder } from '../fixtures/orders';
import { armed, heldOrder, heldStack, markTo, sentOrders, states } from '../helpers/held';
import { markOf, ticketKey, type Stack } from '../helpers/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await heldStack();
});
afterAll(async () => {
  await stack.close();
});

interface JournalOrder {
  ticket_id: string;
  request_no: number;
  client_order_id: string | null;
  status: string;
}

const journalOrders = async () =>
  ((await (await stack.call('/api/orders?limit=1000')).json()) as { data: { rows: JournalOrder[] } }).data.rows;

describe('the orders one poll fires go together', () => {
  it('25 stops crossed at once go in 3 requests of 10, 10 and 5; the trader’s ticket posted next waits behind 3, not 25', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const stops = [];
    for (let i = 0; i < 25; i++) stops.push(await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 - i * 10 }));
    const ids = stops.map((stop) => stop.id);

    // A gap through every trigger: one poll crosses all 25.
    await markTo(stack, 98_000, 0);
    await expect.poll(() => states(stack, ids), { timeout: 5_000, interval: 50 }).toEqual(ids.map(() => 'fired'));
    const ethMark = await markOf(stack.service.url, 'PERP_ETH_USDC');
    const key = ticketKey();
    const answer = await stack.call('/v1/batch-order', {
      method: 'POST',
      body: JSON.stringify({ orders: [ethOrder(Math.round(ethMark * 95) / 100)] }),
      idempotencyKey: key,
    });
    // Behind three requests of the pacer (one a second), not twenty-five: counted below in the
    // requests the fired orders went in, not in milliseconds (the bench keeps the speed).
    expect(answer.status).toBe(200);
    expect((await sentOrders(stack, key))[0]?.status).toBe('accepted');

    for (const id of ids) await expect.poll(async () => (await heldOrder(stack, id)).last_order_status, { timeout: 10_000 }).toBe('accepted');
    const fired = (await journalOrders()).filter((order) => order.client_order_id !== null && ids.some((id) => order.client_order_id === `${id}-1`));
    expect(fired.map((order) => order.client_order_id).sort()).toEqual(ids.map((id) => `${id}-1`).sort());
    const perTicket = new Map<string, JournalOrder[]>();
    for (const order of fired) perTicket.set(order.ticket_id, [...(perTicket.get(order.ticket_id) ?? []), order]);
    expect([...perTicket.values()].map((orders) => orders.length).sort((a, b) => b - a)).toEqual([MAX_ORDERS_PER_REQUEST, MAX_ORDERS_PER_REQUEST, 5]);
    // One request a ticket, each ticket named by the first held order it carries.
    for (const [ticket, orders] of perTicket) {
      expect(orders.every((order) => order.request_no === 1)).toBe(true);
      expect(ids).toContain(ticket);
    }
  });

  it('both legs of an OCO pair crossed in one poll: one fires, the other is cancelled', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const buyStop = await armed(stack, { type: 'STOP_MARKET', side: 'BUY', trigger_price: 101_000 });
    const sellTakeProfit = await armed(stack, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 100_500, oco_with: buyStop.id });
    await markTo(stack, 101_000, 0);
    const ids = [buyStop.id, sellTakeProfit.id];
    await expect.poll(async () => (await states(stack, ids)).sort(), { timeout: 5_000, interval: 50 }).toEqual(['cancelled', 'fired']);
    const [first, second] = await Promise.all(ids.map((id) => heldOrder(stack, id)));
    const [winner, loser] = first!.state === 'fired' ? [first!, second!] : [second!, first!];
    expect(loser.reason).toBe(`its OCO partner ${winner.id} fired`);
    await expect.poll(async () => (await heldOrder(stack, winner.id)).last_order_status, { timeout: 10_000 }).toBe('accepted');
    expect(await sentOrders(stack, loser.id)).toEqual([]);
    expect(await sentOrders(stack, winner.id)).toHaveLength(1);
  });
});
