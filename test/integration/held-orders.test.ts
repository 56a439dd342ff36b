import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arm, armed, BTC, cancel, heldOrder, heldStack, markTo, patch, sentOrders, states } from '../helpers/held';
import { ethOrder } from '../fixtures/orders';
import { markOf, ticketKey, type Stack } from '../helpers/stack';

let stack: Stack;
/** A fire is looked for until it comes (the machine may be slow); "not yet" is judged after a few polls. */
const poll = { timeout: 5_000, interval: 50 };
beforeAll(async () => {
  stack = await heldStack();
});
afterAll(async () => {
  await stack.close();
});

describe('held orders fire at the proxy’s mark, and not before', () => {
  it('stops and take-profits fire on their side of the trigger and send the order of their kind', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const buyStop = await armed(stack, { type: 'STOP_MARKET', side: 'BUY', trigger_price: 101_000 });
    const sellTakeProfit = await armed(stack, { type: 'TAKE_PROFIT_LIMIT', side: 'SELL', trigger_price: 101_000, order_price: 100_900 });
    const sellStop = await armed(stack, { type: 'STOP_LIMIT', side: 'SELL', trigger_price: 99_000, order_price: 98_900 });
    const buyTakeProfit = await armed(stack, { type: 'TAKE_PROFIT_MARKET', side: 'BUY', trigger_price: 99_000 });
    const ids = [buyStop.id, sellTakeProfit.id, sellStop.id, buyTakeProfit.id];
    expect(buyStop.state).toBe('armed');

    await markTo(stack, 100_999.9);
    expect(await states(stack, ids)).toEqual(['armed', 'armed', 'armed', 'armed']);
    await markTo(stack, 101_000, 0);
    await expect.poll(() => states(stack, ids), poll).toEqual(['fired', 'fired', 'armed', 'armed']);
    await markTo(stack, 99_000.1);
    expect(await states(stack, ids)).toEqual(['fired', 'fired', 'armed', 'armed']);
    await markTo(stack, 99_000, 0);
    await expect.poll(() => states(stack, ids), poll).toEqual(['fired', 'fired', 'fired', 'fired']);

    const fired = await heldOrder(stack, sellStop.id);
    expect(fired.client_order_ids).toEqual([`${sellStop.id}-1`]);
    expect(fired.fired_mark).toBe(99_000);
    await expect.poll(() => sentOrders(stack, sellStop.id), { timeout: 10_000 }).toMatchObject([
      { client_order_id: `${sellStop.id}-1`, status: 'accepted', order_type: 'LIMIT', order_price: 98_900, side: 'SELL' },
    ]);
    await expect.poll(() => sentOrders(stack, buyStop.id), { timeout: 10_000 }).toMatchObject([
      { client_order_id: `${buyStop.id}-1`, status: 'accepted', order_type: 'MARKET', side: 'BUY' },
    ]);
  });

  it('a trailing stop follows the best mark and fires when the mark retraces by its distance', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const sell = await armed(stack, { type: 'TRAILING_STOP', side: 'SELL', trailing_distance: 1_000 });
    const buy = await armed(stack, { type: 'TRAILING_STOP', side: 'BUY', trailing_percent: 3 });
    expect(sell.trigger_price).toBe(99_000);
    expect(buy.trigger_price).toBe(103_000);

    await markTo(stack, 102_000);
    expect(await heldOrder(stack, sell.id)).toMatchObject({ state: 'armed', best_mark: 102_000, trigger_price: 101_000 });
    await markTo(stack, 101_000.1);
    expect(await states(stack, [sell.id, buy.id])).toEqual(['armed', 'armed']);
    await markTo(stack, 101_000, 0);
    await expect.poll(() => states(stack, [sell.id, buy.id]), poll).toEqual(['fired', 'armed']);

    await markTo(stack, 95_000);
    expect(await heldOrder(stack, buy.id)).toMatchObject({ state: 'armed', best_mark: 95_000, trigger_price: 97_850 });
    await markTo(stack, 97_849.9);
    expect((await heldOrder(stack, buy.id)).state).toBe('armed');
    await markTo(stack, 97_850, 0);
    await expect.poll(async () => (await heldOrder(stack, buy.id)).state, poll).toBe('fired');
  });

  it('a stale feed fires nothing; the next fresh mark does', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 });
    // Answers now arrive 300 ms after the proxy asked: more than two quotes intervals (200 ms).
    stack.service.market.script.feedDelayMs = 300;
    await markTo(stack, 98_000, 1_500);
    expect((await heldOrder(stack, stop.id)).state).toBe('armed');
    stack.service.market.script.feedDelayMs = 0;
    await expect.poll(async () => (await heldOrder(stack, stop.id)).state, { timeout: 5_000 }).toBe('fired');
  });

  it('the kill switch holds a crossed stop back: armed, nothing sent, until trading is on again', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_500 });
    // As a risk user's switch (or `npm run desk -- limits`) sets it: the account's limits.
    const limits = stack.proxy.app.limits;
    await limits.set('account', 'main', { tradingOff: true }, 'rita', Date.now());
    try {
      await markTo(stack, 99_000, 0);
      // Several fresh marks past the trigger: judged on each, fired on none.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await states(stack, [stop.id])).toEqual(['armed']);
      expect(await sentOrders(stack, stop.id)).toEqual([]);
    } finally {
      await limits.set('account', 'main', {}, 'rita', Date.now());
    }
    await expect.poll(() => states(stack, [stop.id]), poll).toEqual(['fired']);
    await expect.poll(() => sentOrders(stack, stop.id), { timeout: 10_000 }).toMatchObject([{ client_order_id: `${stop.id}-1`, side: 'SELL' }]);
  });

  it('OCO: when one fires the other is cancelled, and only one order is sent', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 });
    const takeProfit = await armed(stack, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 101_000, oco_with: stop.id });
    expect((await heldOrder(stack, stop.id)).oco_with).toBe(takeProfit.id);
    await markTo(stack, 101_500, 0);
    await expect.poll(() => states(stack, [stop.id, takeProfit.id]), poll).toEqual(['cancelled', 'fired']);
    await markTo(stack, 98_000);
    expect(await states(stack, [stop.id, takeProfit.id])).toEqual(['cancelled', 'fired']);
    expect(await sentOrders(stack, stop.id)).toEqual([]);
    expect(await sentOrders(stack, takeProfit.id)).toHaveLength(1);
  });
});

describe('cancel and modify', () => {
  it('a cancel racing a fire ends cancelled xor fired, and the answer says which', { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 6; round++) {
      await markTo(stack, 100_000);
      const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 });
      stack.service.market.script.setMark(BTC, 98_000);
      await new Promise((resolve) => setTimeout(resolve, round * 40));
      const answer = await cancel(stack, stop.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const final = await heldOrder(stack, stop.id);
      if (answer.status === 200) {
        expect(answer.body.data?.state).toBe('cancelled');
        expect(final.state).toBe('cancelled');
        expect(await sentOrders(stack, stop.id)).toEqual([]);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(`already fired: order ${stop.id}-1`);
        expect(final.state).toBe('fired');
        expect(await sentOrders(stack, stop.id)).toHaveLength(1);
      }
      seen.add(final.state);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('modify the trigger, pause and resume, cancel a market; a fired order cannot be cancelled', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const stop = await armed(stack, { type: 'STOP_LIMIT', side: 'SELL', trigger_price: 99_000, order_price: 98_900 });
    const moved = await patch(stack, stop.id, { trigger_price: 97_000, order_price: 96_900, order_quantity: 0.02 });
    expect(moved.body.data).toMatchObject({ state: 'armed', trigger_price: 97_000, order_price: 96_900, order_quantity: 0.02 });
    await markTo(stack, 98_000);
    expect((await heldOrder(stack, stop.id)).state).toBe('armed');
    expect((await patch(stack, stop.id, { state: 'paused' })).body.data?.state).toBe('paused');
    await markTo(stack, 96_000);
    expect((await heldOrder(stack, stop.id)).state).toBe('paused');
    expect((await patch(stack, stop.id, { state: 'armed' })).body.data?.state).toBe('armed');
    await expect.poll(async () => (await heldOrder(stack, stop.id)).state, { timeout: 5_000 }).toBe('fired');
    await expect.poll(() => sentOrders(stack, stop.id), { timeout: 10_000 }).toMatchObject([{ status: 'accepted', order_price: 96_900 }]);

    const late = await cancel(stack, stop.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`already fired: order ${stop.id}-1`);
    expect(late.body.data?.state).toBe('fired');
    expect((await patch(stack, stop.id, { trigger_price: 95_000 })).status).toBe(409);

    await markTo(stack, 100_000, 0);
    const a = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 90_000 });
    const b = await armed(stack, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 110_000 });
    const eth = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', symbol: 'PERP_ETH_USDC', trigger_price: 100, order_quantity: 0.1 });
    const all = await (await stack.call(`/api/held-orders?symbol=${BTC}`, { method: 'DELETE' })).json() as { data: { rows: { id: string }[] } };
    expect(all.data.rows.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(await states(stack, [a.id, b.id, eth.id])).toEqual(['cancelled', 'cancelled', 'armed']);
    expect((await cancel(stack, eth.id)).body.data?.state).toBe('cancelled');
    const list = await (await stack.call('/api/held-orders?state=armed')).json() as { data: { rows: unknown[] } };
    expect(list.data.rows).toEqual([]);
  });
});

describe('arming is checked and idempotent', () => {
  it('refuses what the service would refuse when it fires, naming the field', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000, symbol: 'PERP_NOPE_USDC' }, /^symbol: PERP_NOPE_USDC is not listed/],
      [{ type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000, order_quantity: 0.00001 }, /^order_quantity: .*quantity step 0\.0001/],
      [{ type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000.05 }, /^trigger_price: .*price tick 0\.1/],
      [{ type: 'STOP_LIMIT', side: 'SELL', trigger_price: 99_000, order_price: 80_000 }, /^order_price: .*10%/],
      [{ type: 'STOP_LIMIT', side: 'SELL', trigger_price: 99_000 }, /order_price/],
      [{ type: 'STOP_MARKET', side: 'SELL' }, /trigger_price/],
      [{ type: 'TRAILING_STOP', side: 'SELL' }, /trailing_distance/],
      [{ type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000, oco_with: 'held-nothing' }, /^oco_with/],
    ];
    for (const [order, message] of cases) {
      const result = await arm(stack, order);
      expect(result.status, JSON.stringify(order)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const stop = await armed(stack, { type: 'STOP_LIMIT', side: 'SELL', trigger_price: 90_000, order_price: 89_900 });
    expect((await patch(stack, stop.id, { order_price: 70_000 })).body.message).toMatch(/^order_price: .*10%/);
    expect((await patch(stack, stop.id, { trigger_price: 90_000.01 })).body.message).toMatch(/^trigger_price: .*tick/);
    expect((await patch(stack, stop.id, {})).status).toBe(400);
    expect((await heldOrder(stack, stop.id)).trigger_price).toBe(90_000);
    await cancel(stack, stop.id);
  });

  it('the same Idempotency-Key arms once; with another body it is refused', async () => {
    const key = `held-key-${Date.now()}`;
    const order = { type: 'STOP_MARKET', side: 'SELL', trigger_price: 50_000 };
    const first = await arm(stack, order, key);
    const again = await arm(stack, order, key);
    expect(again.replayed).toBe(true);
    expect(again.body.data?.id).toBe(first.body.data?.id);
    const other = await arm(stack, { ...order, trigger_price: 50_100 }, key);
    expect(other.status).toBe(409);
    expect((await stack.call('/api/held-orders', { method: 'POST', body: JSON.stringify(order) })).status).toBe(400);
    await cancel(stack, first.body.data!.id);
  });

  it('refuses beyond MAX_HELD_ORDERS, naming it', { timeout: 30_000 }, async () => {
    const small = await heldStack({ proxy: { maxHeldOrders: 2 } });
    try {
      await armed(small, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 50_000 });
      await armed(small, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 50_100 });
      const third = await arm(small, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 50_200 });
      expect(third.status).toBe(400);
      expect(third.body.message).toMatch(/MAX_HELD_ORDERS/);
    } finally {
      await small.close();
    }
  });

  it('needs a session, as every /api route', async () => {
    const response = await fetch(`${stack.origin}/api/held-orders`, { headers: { origin: stack.origin } });
    expect(response.status).toBe(401);
  });
});

describe('a fired order shares the budget', () => {
  it('goes ahead of the tickets waiting at the pacer', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const ethMark = await markOf(stack.service.url, 'PERP_ETH_USDC');
    const price = Math.round(ethMark * 95) / 100;
    // Three tickets of one request each queue at the pacer, one a second.
    const tickets = [ticketKey(), ticketKey(), ticketKey()];
    const sending = tickets.map((key) =>
      stack.call('/v1/batch-order', { method: 'POST', body: JSON.stringify({ orders: [ethOrder(price)] }), idempotencyKey: key }),
    );
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 99_000 });
    await markTo(stack, 98_000, 0);
    await expect.poll(async () => (await sentOrders(stack, stop.id))[0]?.status, { timeout: 10_000 }).toBe('accepted');
    const last = await sentOrders(stack, tickets[2]!);
    expect(last[0]?.status).not.toBe('accepted');
    for (const answer of await Promise.all(sending)) expect(answer.status).toBe(200);
  });
});
