import { afterAll, describe, expect, it } from 'vitest';
import type { Health, TapeCandlesResponse } from '@/interface';
import { serviceWithAccount, startStack, type Stack } from '../helpers/stack';

const DAY = 24 * 60 * 60 * 1000;
const stacks: Stack[] = [];
afterAll(() => Promise.all(stacks.map((stack) => stack.close())));

const tapeOf = async (stack: Stack) => ((await (await stack.call('/api/health')).json()) as Health).data.tape;

async function lastDay(stack: Stack, symbol = 'PERP_BTC_USDC') {
  const now = Date.now();
  const response = await stack.call(`/api/tape/candles?symbol=${symbol}&resolution=1m&from=${now - DAY}&to=${now + 60_000}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as TapeCandlesResponse).data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the tape on the embedded service', () => {
  it('records the feed with no terminal reading it, and starts empty without a backfill', async () => {
    const stack = await startStack();
    stacks.push(stack);
    // Nobody reads the feed here; the proxy's own polls fill the tape.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(stack.proxy.app.tape.counts.recordedSnapshots).toBeGreaterThanOrEqual(2);
    const tape = await tapeOf(stack);
    expect(tape.instruments).toBe(48);
    expect(tape.skippedRows).toBe(0);
    const day = await lastDay(stack);
    expect(day.simulated).toBe(false);
    expect(day.rows.length).toBeGreaterThanOrEqual(1);
    expect(day.rows.length).toBeLessThanOrEqual(2);
    expect(day.recordingSince).toBe(day.rows[0]?.time);
  });

  it('on a first start, shows the simulator’s last day at once, marked simulated', async () => {
    const simulator = await serviceWithAccount();
    const backfilled = await startStack({ serviceBaseUrl: simulator.service.url, proxy: { tapeBackfill: simulator.service.pastMinutes } });
    stacks.push(backfilled, { close: () => simulator.service.close() } as Stack);
    // A day of minutes, less the few the simulator's oldest 5-minute candle has already rolled out.
    const day = await until(() => lastDay(backfilled, 'PERP_ETH_USDC'), (data) => data.rows.length >= 1430);
    expect(day.rows.length).toBeGreaterThanOrEqual(1430);
    expect(day.rows.length).toBeLessThanOrEqual(1442);
    expect(day.simulated).toBe(true);
    for (const row of day.rows) {
      expect(row.low).toBeLessThanOrEqual(Math.min(row.open, row.close));
      expect(row.high).toBeGreaterThanOrEqual(Math.max(row.open, row.close));
    }
    // Only the past is simulated: the minute being recorded is not.
    const now = Date.now();
    const recent = await backfilled.call(`/api/tape/candles?symbol=PERP_ETH_USDC&resolution=1m&from=${now - 1000}&to=${now + 60_000}`);
    expect(((await recent.json()) as TapeCandlesResponse).data.simulated).toBe(false);
  });
});
