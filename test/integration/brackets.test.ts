import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bracket, entryAt } from '../helpers/brackets';
import { heldOrder, heldStack, markTo, sentOrders, states } from '../helpers/held';
import { ethOrder } from '../fixtures/orders';
import { markOf, ticketKey, type Stack } from '../helpers/stack';

let stack: Stack;
const poll = { timeout: 5_000, interval: 50 };
beforeAll(async () => {
  stack = await heldStack();
});
afterAll(async () => {
  await stack.close();
});

describe('a bracket: the entry now, its exits held until it is accepted', () => {
  it('an accepted entry arms its exits, OCO with each other: one fires, the other is cancelled', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const key = ticketKey();
    const answer = await bracket(stack, {
      entry: entryAt(99_950),
      take_profit: { trigger_price: 102_000 },
      stop_loss: { trigger_price: 98_000, order_price: 97_900 },
    }, key);
    expect(answer.status).toBe(200);
    const { ticket, exits } = answer.body.data!;
    expect(ticket).toMatchObject({ ticket_id: key, status: 'accepted' });
    const entryId = ticket.rows[0]!.client_order_id!;
    expect(entryId).toMatch(/^bkt-[0-9a-f]{32}$/);
    const [takeProfit, stopLoss] = exits;
    expect(takeProfit).toMatchObject({
      type: 'TAKE_PROFIT_MARKET', side: 'SELL', order_quantity: 0.01, trigger_price: 102_000, state: 'armed',
      oco_with: stopLoss!.id, entry: { ticket_id: key, client_order_id: entryId, status: 'accepted' }, placed_by: 'terminal',
    });
    expect(stopLoss).toMatchObject({ type: 'STOP_LIMIT', side: 'SELL', trigger_price: 98_000, order_price: 97_900, state: 'armed', oco_with: takeProfit!.id });
    // Written with the entry's ticket, they carry who placed it (without a desk person: the terminal).
    expect(stopLoss!.placed_by).toBe('terminal');

    await markTo(stack, 102_500, 0);
    await expect.poll(() => states(stack, [takeProfit!.id, stopLoss!.id]), poll).toEqual(['fired', 'cancelled']);
    await markTo(stack, 97_000);
    expect(await states(stack, [takeProfit!.id, stopLoss!.id])).toEqual(['fired', 'cancelled']);
    expect((await heldOrder(stack, stopLoss!.id)).reason).toBe(`its OCO partner ${takeProfit!.id} fired`);
    expect(await sentOrders(stack, stopLoss!.id)).toEqual([]);
    await expect.poll(() => sentOrders(stack, takeProfit!.id), { timeout: 10_000 }).toMatchObject([{ status: 'accepted', side: 'SELL' }]);
  });

  it('a rejected entry cancels its exits, saying why, and they never fire', { timeout: 30_000 }, async () => {
    // The last case left the mark at 97,000: the proxy must have seen it back at 100,000, or the
    // stop-loss at 99,000 is already crossed and the bracket refused.
    await markTo(stack, 100_000);
    // A post-only buy above the mark would cross it: the service rejects it.
    const answer = await bracket(stack, {
      entry: entryAt(100_100, { order_type: 'POST_ONLY' }),
      take_profit: { trigger_price: 103_000 },
      stop_loss: { trigger_price: 99_000 },
    });
    expect(answer.status).toBe(200);
    const { ticket, exits } = answer.body.data!;
    expect(ticket.status).toBe('rejected');
    for (const exit of exits) {
      expect(exit.state).toBe('cancelled');
      expect(exit.reason).toMatch(/^entry rejected: post-only order would cross the mark/);
      expect(exit.entry?.status).toBe('rejected');
    }
    await markTo(stack, 98_000);
    expect(await states(stack, exits.map((exit) => exit.id))).toEqual(['cancelled', 'cancelled']);
  });

  it('refuses an exit the mark has already crossed: armed when the entry is accepted, it would fire before the entry fills', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    // A buy resting at 95,000; its take-profit at 98,000 is above the entry but below the mark.
    const key = ticketKey();
    const answer = await bracket(stack, { entry: entryAt(95_000), take_profit: { trigger_price: 98_000 }, stop_loss: { trigger_price: 94_000 } }, key);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^take_profit\.trigger_price: the mark 100000 has already crossed 98000: the exit would fire as soon as the entry is accepted/);
    expect(await sentOrders(stack, key)).toEqual([]);
  });

  it('a market entry is judged against the mark; a lone stop-loss is armed without a partner', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const answer = await bracket(stack, { entry: entryAt(0, { order_type: 'MARKET', side: 'SELL', order_price: undefined }), stop_loss: { trigger_price: 100_500 } });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.exits).toMatchObject([{ type: 'STOP_MARKET', side: 'BUY', state: 'armed', oco_with: null }]);
    await (await stack.call('/api/held-orders', { method: 'DELETE' })).json();
  });

  it('refuses, naming the field, what its exits would be refused for; nothing is sent', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ entry: entryAt(99_950), take_profit: { trigger_price: 99_000 } }, /^take_profit\.trigger_price: 99000 must be above the entry's price 99950/],
      [{ entry: entryAt(99_950), stop_loss: { trigger_price: 99_960 } }, /^stop_loss\.trigger_price: .* must be below/],
      [{ entry: entryAt(100_050, { side: 'SELL' }), take_profit: { trigger_price: 100_100 } }, /^take_profit\.trigger_price: .* must be below/],
      [{ entry: entryAt(99_950), stop_loss: { trigger_price: 98_000.05 } }, /^stop_loss\.trigger_price: .*price tick 0\.1/],
      [{ entry: entryAt(99_950), stop_loss: { trigger_price: 98_000, order_price: 80_000 } }, /^stop_loss\.order_price: .*10%/],
      [{ entry: entryAt(99_950, { order_quantity: 0.00001 }), stop_loss: { trigger_price: 98_000 } }, /^entry\.order_quantity: .*quantity step/],
      [{ entry: entryAt(99_950, { symbol: 'PERP_NOPE_USDC' }), stop_loss: { trigger_price: 98_000 } }, /^entry\.symbol: PERP_NOPE_USDC is not listed/],
      [{ entry: entryAt(99_950, { order_tag: 'a\u202eb' }), stop_loss: { trigger_price: 98_000 } }, /^entry\.order_tag: control and bidirectional/],
      [{ entry: entryAt(99_950) }, /take_profit/],
      [{ entry: entryAt(99_950, { order_quantity: undefined, order_type: 'MARKET', order_price: undefined, order_amount: 100 }), stop_loss: { trigger_price: 98_000 } }, /order_quantity/],
    ];
    for (const [request, message] of cases) {
      const key = ticketKey();
      const answer = await bracket(stack, request, key);
      expect(answer.status, JSON.stringify(request)).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect(await sentOrders(stack, key)).toEqual([]);
    }
  });

  it('the same Idempotency-Key sends once; with another body it is refused', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const key = ticketKey();
    const request = { entry: entryAt(99_900), stop_loss: { trigger_price: 95_000 } };
    const first = await bracket(stack, request, key);
    const again = await bracket(stack, request, key);
    expect(again.replayed).toBe(true);
    expect(again.body.data).toEqual({ ...first.body.data, exits: again.body.data!.exits });
    expect(again.body.data!.exits.map((exit) => exit.id)).toEqual(first.body.data!.exits.map((exit) => exit.id));
    expect((await bracket(stack, { ...request, stop_loss: { trigger_price: 94_000 } }, key)).status).toBe(409);
    expect(await sentOrders(stack, key)).toHaveLength(1);
    const ticketKeyUsed = ticketKey();
    await stack.call('/v1/batch-order', { method: 'POST', body: JSON.stringify({ orders: [entryAt(99_900)] }), idempotencyKey: ticketKeyUsed });
    expect((await bracket(stack, request, ticketKeyUsed)).status).toBe(409);
    expect((await stack.call('/api/brackets', { method: 'POST', body: JSON.stringify(request) })).status).toBe(400);
    await stack.call('/api/held-orders', { method: 'DELETE' });
  });

  it('refuses beyond MAX_HELD_ORDERS, naming it; needs a session', { timeout: 30_000 }, async () => {
    const small = await heldStack({ proxy: { maxHeldOrders: 1 } });
    try {
      const answer = await bracket(small, { entry: entryAt(99_950), take_profit: { trigger_price: 101_000 }, stop_loss: { trigger_price: 99_000 } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^take_profit: .*MAX_HELD_ORDERS/);
    } finally {
      await small.close();
    }
    const response = await fetch(`${stack.origin}/api/brackets`, { method: 'POST', headers: { origin: stack.origin } });
    expect(response.status).toBe(401);
  });

  it('exits awaiting their entry can be cancelled (everywhere); the entry’s acceptance does not arm them again', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    // Two tickets ahead at the pacer (one request a second): the entry waits there, its exits awaiting it.
    const ethMark = await markOf(stack.service.url, 'PERP_ETH_USDC');
    const ahead = [ticketKey(), ticketKey()].map((key) =>
      stack.call('/v1/batch-order', { method: 'POST', body: JSON.stringify({ orders: [ethOrder(Math.round(ethMark * 95) / 100)] }), idempotencyKey: key }),
    );
    const sending = bracket(stack, { entry: entryAt(99_950), take_profit: { trigger_price: 101_000 }, stop_loss: { trigger_price: 99_000 } });
    const awaiting = async () =>
      ((await (await stack.call('/api/held-orders?state=awaiting_entry')).json()) as { data: { rows: { id: string }[] } }).data.rows;
    await expect.poll(async () => (await awaiting()).length, poll).toBe(2);
    const cancelled = (await (await stack.call('/api/held-orders', { method: 'DELETE' })).json()) as { data: { rows: { id: string; state: string }[] } };
    expect(cancelled.data.rows.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
    const answer = await sending;
    expect(answer.body.data!.ticket.status).toBe('accepted');
    expect(answer.body.data!.exits.map((exit) => [exit.state, exit.reason])).toEqual([
      ['cancelled', 'cancelled by the trader'],
      ['cancelled', 'cancelled by the trader'],
    ]);
    await Promise.all(ahead);
  });
});
