import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Health, TapeCandlesResponse } from '@/interface';
import { TapeStore } from '@/proxy/tape/tapeStore';
import { serviceWithAccount, startStack, tempDir, type Stack } from '../helpers/stack';

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
    // Only the past is simulated: the minute being recorded is not. Polled: across a minute's
    // turn on a loaded machine the new minute may not have its first snapshot yet.
    const recentSimulated = async () => {
      const now = Date.now();
      const recent = await backfilled.call(`/api/tape/candles?symbol=PERP_ETH_USDC&resolution=1m&from=${now - 1000}&to=${now + 60_000}`);
      return ((await recent.json()) as TapeCandlesResponse).data.simulated;
    };
    await expect.poll(recentSimulated, { timeout: 5_000, interval: 250 }).toBe(false);
    // Once the past is written, its finished hours become blocks without waiting for the next round.
    const file = new Database(backfilled.proxy.app.tape.store.path, { readonly: true });
    const blocks = () => file.prepare('SELECT count(DISTINCT sym) FROM minute_blocks').pluck().get() as number;
    // Every instrument of the simulator (48, as the first test counts them) has its hours as blocks.
    await expect.poll(blocks, { timeout: 10_000, interval: 100 }).toBe(48);
    file.close();
  });

  it('compacts the finished hours of a tape it opens into blocks, and answers the same candles from them', async () => {
    const dir = tempDir('perp-tape-compact-');
    const tapePath = join(dir, 'tape.sqlite');
    const hour = Math.floor(Date.now() / 3_600_000) - 5;
    const minutes = [0, 1, 2, 59, 60, 90, 150, 179];
    const store = new TapeStore(tapePath);
    store.writeMinutes(minutes.map((minute) => {
      const price = 50_000 + minute * 1.5;
      return {
        symbol: 'PERP_BTC_USDC',
        candle: { time: (hour * 60 + minute) * 60_000, open: price, high: price + 2, low: price - 1.5, close: price + 0.5, index_close: price - 0.25, est_funding_rate: 0.0001, open_interest: 1234.5, volume_24h: 99.75, samples: 3, simulated: false },
      };
    }));
    const written = store.minutes('PERP_BTC_USDC', hour * 3_600_000, (hour + 3) * 3_600_000);
    store.close();

    const stack = await startStack({ proxy: { journalPath: join(dir, 'journal.sqlite') } });
    stacks.push(stack);
    const file = new Database(tapePath, { readonly: true });
    const rowsLeft = () => file.prepare('SELECT count(*) FROM minutes WHERE minute < ?').pluck().get((hour + 3) * 60) as number;
    await expect.poll(rowsLeft, { timeout: 10_000, interval: 100 }).toBe(0);
    expect(file.prepare('SELECT count(*) FROM minute_blocks').pluck().get()).toBe(3);
    file.close();

    const response = await stack.call(`/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1m&from=${hour * 3_600_000}&to=${(hour + 3) * 3_600_000 - 1}`);
    const { rows } = ((await response.json()) as TapeCandlesResponse).data;
    expect(rows).toEqual(written.map(({ simulated: _simulated, ...candle }) => candle));
  });
});
