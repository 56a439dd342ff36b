import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arm, armed, BTC, heldStack } from '../helpers/held';
import { ticketKey, type Stack } from '../helpers/stack';

/*
 * Guards of the held orders tried as a careless bot or an attacker would: ids of the proxy's own
 * taken by a trader's ticket, arms racing past MAX_HELD_ORDERS or with one key, an OCO with a TWAP.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await heldStack({ proxy: { maxHeldOrders: 3 } });
});
afterAll(async () => {
  await stack.close();
});

const order = (extra: Record<string, unknown> = {}) => ({ symbol: BTC, side: 'BUY', order_type: 'LIMIT', order_price: 90_000, order_quantity: 0.01, ...extra });

async function post(path: string, body: unknown, key: string) {
  const response = await stack.call(path, { method: 'POST', body: JSON.stringify(body), idempotencyKey: key });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('ids of the proxy’s own held orders', () => {
  it('a ticket may not take a held order’s ticket id or client order id, in any case', async () => {
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 90_000 });
    for (const key of [stop.id, `${stop.id}-s1`, stop.id.toUpperCase()]) {
      const answer = await post('/v1/batch-order', { orders: [order()] }, key);
      expect(answer.status, key).toBe(400);
      expect(answer.body.message).toMatch(/^idempotency-key header: ids starting with "held-" are the proxy's own/);
    }
    for (const id of [`${stop.id}-1`, 'HELD-abc', 'bkt-0123']) {
      const answer = await post('/v1/batch-order', { orders: [order(), order({ client_order_id: id })] }, ticketKey());
      expect(answer.status, id).toBe(400);
      expect(answer.body.message).toMatch(/^orders\[1\]\.client_order_id: ids starting with "(held|bkt)-"/);
    }
    const bracket = { entry: order(), stop_loss: { trigger_price: 85_000 } };
    expect((await post('/api/brackets', bracket, stop.id)).status).toBe(400);
    const entryId = await post('/api/brackets', { ...bracket, entry: order({ client_order_id: `${stop.id}-1` }) }, ticketKey());
    expect(entryId.status).toBe(400);
    expect(entryId.body.message).toMatch(/^entry\.client_order_id: ids starting with "held-"/);
    await stack.call(`/api/held-orders/${stop.id}`, { method: 'DELETE' });
  });
});

describe('arms racing each other', () => {
  it('many at once, each waiting for a price, never pass MAX_HELD_ORDERS; one key at once arms once', { timeout: 30_000 }, async () => {
    // Nothing armed: no poll runs, so once the last mark is stale every arm below first asks for
    // a fresh price (an await) after its early checks.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A slow feed: every arm is still waiting for its price when the others arrive.
    stack.service.market.script.feedDelayMs = 150;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => arm(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 80_000 + n * 10 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 400 && /MAX_HELD_ORDERS/.test(answer.body.message ?? ''))).toBe(true);
    await stack.call('/api/held-orders', { method: 'DELETE' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const key = ticketKey();
    const same = { type: 'STOP_MARKET', side: 'SELL', trigger_price: 81_000 };
    const twice = await Promise.all([arm(stack, same, key), arm(stack, same, key), arm(stack, same, key)]);
    expect(twice.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(twice.map((answer) => answer.body.data!.id)).size).toBe(1);
    expect(twice.filter((answer) => answer.replayed)).toHaveLength(2);
    stack.service.market.script.feedDelayMs = 0;
    await stack.call('/api/held-orders', { method: 'DELETE' });
  });

  it('a TWAP cannot be one of an OCO pair, either way round', async () => {
    const twap = await armed(stack, { type: 'TWAP', side: 'BUY', duration_ms: 3_600_000, slice_ms: 60_000 });
    const answer = await arm(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 80_000, oco_with: twap.id });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^oco_with: .*a TWAP cannot/);
    await stack.call(`/api/held-orders/${twap.id}`, { method: 'DELETE' });
  });
});
