import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { armed, BTC, heldOrder, heldStack, markTo, states } from '../helpers/held';
import type { Stack } from '../helpers/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await heldStack();
});
afterAll(async () => {
  await stack.close();
});

const cancelAll = async (query = '') =>
  ((await (await stack.call(`/api/held-orders${query}`, { method: 'DELETE' })).json()) as { data: { rows: HeldOrder[] } }).data.rows;

describe('cancel all: in one market, and everywhere', () => {
  it('DELETE ?symbol= cancels that market’s live orders only; DELETE without it every market’s', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 0);
    const btcStop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 90_000 });
    const btcPaused = await armed(stack, { type: 'TAKE_PROFIT_MARKET', side: 'SELL', trigger_price: 110_000 });
    await stack.call(`/api/held-orders/${btcPaused.id}`, { method: 'PATCH', body: JSON.stringify({ state: 'paused' }) });
    const eth = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', symbol: 'PERP_ETH_USDC', trigger_price: 100, order_quantity: 0.1 });
    const sol = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', symbol: 'PERP_SOL_USDC', trigger_price: 1, order_quantity: 1 });

    expect((await cancelAll('?symbol=PERP_ETH_USDC')).map((row) => row.id)).toEqual([eth.id]);
    expect(await states(stack, [btcStop.id, btcPaused.id, eth.id, sol.id])).toEqual(['armed', 'paused', 'cancelled', 'armed']);

    const everywhere = await cancelAll();
    expect(everywhere.map((row) => row.id).sort()).toEqual([btcStop.id, btcPaused.id, sol.id].sort());
    expect(everywhere.every((row) => row.state === 'cancelled' && row.reason === 'cancelled by the trader')).toBe(true);
    expect(await states(stack, [btcStop.id, btcPaused.id, eth.id, sol.id])).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await cancelAll()).toEqual([]);
    // Nothing left in the book: a mark through every trigger fires nothing.
    await markTo(stack, 80_000);
    expect((await heldOrder(stack, btcStop.id)).state).toBe('cancelled');
  });
});

describe('a row says how old its price is', () => {
  it('with the feed stalled an armed order waits for a fresh price, with its age; a fresh mark ends the wait', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000);
    const stop = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 90_000 });
    const fresh = await heldOrder(stack, stop.id);
    expect(fresh).toMatchObject({ mark: 100_000, waiting_for_fresh_price: false });
    expect(fresh.mark_age_ms).toBeLessThanOrEqual(200);

    // Answers now come 300 ms after the proxy asked: more than two quotes intervals (200 ms).
    stack.service.market.script.feedDelayMs = 300;
    try {
      await markTo(stack, 99_000, 1_000);
      const stale = await heldOrder(stack, stop.id);
      expect(stale.symbol).toBe(BTC);
      expect(stale.waiting_for_fresh_price).toBe(true);
      expect(stale.mark_age_ms).toBeGreaterThan(200);
      expect(stale.state).toBe('armed');
    } finally {
      stack.service.market.script.feedDelayMs = 0;
    }
    await expect.poll(async () => (await heldOrder(stack, stop.id)).waiting_for_fresh_price, { timeout: 5_000 }).toBe(false);
    const again = await heldOrder(stack, stop.id);
    expect(again.mark).toBe(99_000);
    expect(again.mark_age_ms).toBeLessThanOrEqual(200);
    await cancelAll();
  });
});
