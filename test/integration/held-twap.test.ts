import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { arm, armed, cancel, heldOrder, heldStack, markTo, patch } from '../helpers/held';
import type { Stack } from '../helpers/stack';
import { submitTicket } from '../helpers/tickets';
import { btcOrder } from '../fixtures/orders';

/**
 * TWAPs against the real proxy and the embedded service. Their schedule runs on a clock the test
 * steps (the proxy's `twapClock` option, which no environment variable sets), so a schedule of a
 * minute takes a few seconds; marks and pacing are real.
 */
let stack: Stack;
let ahead = 0;
const step = async (ms: number) => {
  ahead += ms;
  await new Promise((resolve) => setTimeout(resolve, 50));
};
// A poll of six slices is six requests: every 200 ms keeps it under the session limit of 50 a second.
const poll = { timeout: 8_000, interval: 200 };
beforeAll(async () => {
  stack = await heldStack({ proxy: { twapClock: () => Date.now() + ahead } });
});
afterAll(async () => {
  await stack.close();
});

type SliceRow = { client_order_id: string; status: string; order_type: string; order_price: number | null; order_quantity: number };

/** The orders of a TWAP's slices, in order (each slice is its own ticket `<id>-s<n>`). */
async function slices(id: string, count: number): Promise<SliceRow[]> {
  const rows: SliceRow[] = [];
  for (let n = 1; n <= count; n++) {
    const page = (await (await stack.call(`/api/orders?ticket=${id}-s${n}`)).json()) as { data: { rows: SliceRow[] } };
    rows.push(...page.data.rows);
  }
  return rows;
}

const progress = async (id: string) => (await heldOrder(stack, id)).twap!;
const twap = (order: Record<string, unknown>) => armed(stack, { type: 'TWAP', side: 'BUY', order_quantity: 0.1, duration_ms: 60_000, slice_ms: 10_000, ...order });

describe('a TWAP sends its slices on schedule', () => {
  it('one slice per due time, sizes down to the step summing to the total, then fired', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const order = await twap({});
    expect(order.twap).toMatchObject({ slices_total: 6, slices_sent: 0, duration_ms: 60_000, slice_ms: 10_000 });
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(1);
    // Not before its time: the next slice waits for its due time.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await progress(order.id)).slices_sent).toBe(1);
    for (let n = 2; n <= 6; n++) {
      await step(10_000);
      await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(n);
    }
    const done = await heldOrder(stack, order.id);
    expect(done.state).toBe('fired');
    expect(done.client_order_ids).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${order.id}-${n}`));
    expect(done.twap).toMatchObject({ slices_missed: 0, slices_skipped: 0, quantity_sent: 0.1, next_slice_at: null });
    await expect.poll(async () => (await slices(order.id, 6)).filter((row) => row.status === 'accepted').length, poll).toBe(6);
    const rows = await slices(order.id, 6);
    expect(rows.map((row) => row.order_quantity)).toEqual([0.0166, 0.0166, 0.0167, 0.0167, 0.0167, 0.0167]);
    expect(rows.every((row) => row.order_type === 'MARKET')).toBe(true);
    expect(Number(rows.reduce((sum, row) => sum.plus(row.order_quantity), new Big(0)))).toBe(0.1);
    // The journal sums in floats (0.0999…98 here); the progress shows the exact total.
    expect(await progress(order.id)).toMatchObject({ slices_accepted: 6, quantity_accepted: 0.1 });
  });

  it('a stale mark sends nothing; slices due meanwhile are missed, only the latest goes, and time over expires it', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const order = await twap({ side: 'SELL' });
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(1);
    stack.service.market.script.feedDelayMs = 300;
    await step(10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await heldOrder(stack, order.id)).toMatchObject({ waiting_for_fresh_price: true, twap: { slices_sent: 1, slices_missed: 0 } });
    // Down (or stale) through slices 1 to 3: 1 and 2 are missed, 3 goes; never a burst.
    await step(25_000);
    stack.service.market.script.feedDelayMs = 0;
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await progress(order.id);
    expect(after).toMatchObject({ slices_sent: 2, slices_missed: 2 });
    const rows = await slices(order.id, 3);
    expect(rows).toHaveLength(2);
    // What was missed is spread over the slices left: (0.1 − 0.0166) / 3, under twice the planned size.
    expect(rows[1]!.order_quantity).toBe(0.0278);

    await step(40_000);
    await expect.poll(async () => (await heldOrder(stack, order.id)).state, poll).toBe('expired');
    const expired = await heldOrder(stack, order.id);
    expect(expired.reason).toBe('time over: 0.0556 of 0.1 not sent (4 missed)');
    expect(expired.twap).toMatchObject({ slices_sent: 2, slices_missed: 4 });
  });

  it('a slice beyond the price limit is skipped and counted; with a slippage bound each slice is an IOC limit', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const order = await twap({ price_limit: 100_500, max_slippage_percent: 0.25, randomize_percent: 20 });
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(1);
    await expect.poll(() => slices(order.id, 1), poll).toMatchObject([{ order_type: 'IOC', order_price: 100_250, client_order_id: `${order.id}-1` }]);

    await markTo(stack, 100_500.1, 300);
    await step(10_000);
    await expect.poll(async () => (await progress(order.id)).slices_skipped, poll).toBe(1);
    expect((await progress(order.id)).slices_sent).toBe(1);

    await markTo(stack, 100_100, 300);
    await step(10_000);
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(2);
    await expect.poll(async () => (await slices(order.id, 2))[1], poll).toMatchObject({ order_type: 'IOC', order_price: 100_350.2 });

    // Cancelled: the slices journaled stay, nothing more is sent.
    const cancelled = await cancel(stack, order.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', twap: { slices_sent: 2, slices_skipped: 1 } });
    await step(10_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await progress(order.id)).slices_sent).toBe(2);
  });
});

describe('pause, resume, modify and the budget', () => {
  it('paused sends nothing, resumed misses what was due meanwhile; PATCH takes quantity, limit and slippage only', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const order = await twap({});
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(1);
    expect((await patch(stack, order.id, { state: 'paused' })).body.data?.state).toBe('paused');
    await step(20_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await progress(order.id)).slices_sent).toBe(1);
    expect((await patch(stack, order.id, { state: 'armed' })).body.data?.state).toBe('armed');
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(2);
    expect(await progress(order.id)).toMatchObject({ slices_missed: 1, slices_sent: 2 });

    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ trigger_price: 99_000 }, /^trigger_price: a TWAP has no trigger_price/],
      [{ order_quantity: 0.01 }, /^order_quantity: 0\.01 is less than the 0\.0\d+ its slices already sent/],
      [{ order_quantity: 0.20001 }, /^order_quantity: .*quantity step 0\.0001/],
      [{ price_limit: 100_000.05 }, /^price_limit: .*price tick 0\.1/],
    ];
    for (const [changes, message] of refusals) {
      const answer = await patch(stack, order.id, changes);
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const changed = await patch(stack, order.id, { order_quantity: 0.2, price_limit: 101_000, max_slippage_percent: 1 });
    expect(changed.body.data).toMatchObject({ order_quantity: 0.2, twap: { price_limit: 101_000, max_slippage_percent: 1 } });
    expect((await cancel(stack, order.id)).body.data?.state).toBe('cancelled');
  });

  it("the kill switch stops its slices: due ones count missed, none reaches the service until trading is on again", { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const order = await twap({});
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(1);
    // As a risk user's switch (or `npm run desk -- limits`) sets it: the account's limits.
    const limits = stack.proxy.app.limits;
    await limits.set('account', 'main', { tradingOff: true }, 'rita', Date.now());
    try {
      await step(20_000);
      await expect.poll(async () => (await progress(order.id)).slices_missed, poll).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await progress(order.id)).slices_sent).toBe(1);
      expect(await slices(order.id, 2)).toHaveLength(1);
    } finally {
      await limits.set('account', 'main', {}, 'rita', Date.now());
    }
    await step(10_000);
    await expect.poll(async () => (await progress(order.id)).slices_sent, poll).toBe(2);
    expect((await heldOrder(stack, order.id)).state).toBe('armed');
    expect((await cancel(stack, order.id)).body.data?.state).toBe('cancelled');
  });

  it('refuses a TWAP that would take more than half the request budget, naming slice_ms', { timeout: 30_000 }, async () => {
    await markTo(stack, 100_000, 300);
    const fast = await twap({ slice_ms: 2_000 });
    const refused = await arm(stack, { type: 'TWAP', side: 'BUY', order_quantity: 0.1, duration_ms: 600_000, slice_ms: 60_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^slice_ms: the TWAPs armed together may send at most 0\.5 requests a second/);
    // Another kind of held order is not a TWAP: it takes no share.
    const stop: HeldOrder = await armed(stack, { type: 'STOP_MARKET', side: 'SELL', trigger_price: 50_000 });
    await cancel(stack, fast.id);
    const slow = await twap({ slice_ms: 20_000 });
    expect(slow.state).toBe('armed');
    await cancel(stack, slow.id);
    await cancel(stack, stop.id);
  });

  it('a slice still waiting at the pacer when its TWAP is cancelled or paused never leaves', { timeout: 60_000 }, async () => {
    await markTo(stack, 100_000, 300);
    // Four requests of one ticket keep the pacer busy for about four seconds: the slices wait behind them.
    const busy = submitTicket(stack, Array.from({ length: 40 }, (_, n) => btcOrder(90_000 + n)));
    await expect.poll(() => stack.service.desk.accepted.length, poll).toBeGreaterThan(0);
    const cancelled = await twap({});
    const paused = await twap({ side: 'SELL' });
    await expect.poll(async () => [(await progress(cancelled.id)).slices_sent, (await progress(paused.id)).slices_sent], poll).toEqual([1, 1]);
    expect((await cancel(stack, cancelled.id)).body.data?.state).toBe('cancelled');
    expect((await patch(stack, paused.id, { state: 'paused' })).body.data?.state).toBe('paused');
    expect((await busy).json.data?.status).toBe('accepted');
    // Its ticket was journaled before the cancel: its order fails, not sent, instead of leaving afterwards.
    const slice = async (id: string) => ((await (await stack.call(`/api/orders?ticket=${id}-s1`)).json()) as { data: { rows: { status: string; error_message: string }[] } }).data.rows[0];
    await expect.poll(() => slice(cancelled.id), { ...poll, timeout: 15_000 }).toMatchObject({ status: 'failed', error_message: 'not sent: TWAP cancelled' });
    await expect.poll(() => slice(paused.id), { ...poll, timeout: 15_000 }).toMatchObject({ status: 'failed', error_message: 'not sent: TWAP paused' });
    const atService = stack.service.desk.accepted.map((order) => order.client_order_id);
    expect(atService).not.toContain(`${cancelled.id}-1`);
    expect(atService).not.toContain(`${paused.id}-1`);
    await cancel(stack, paused.id);
  });
});
