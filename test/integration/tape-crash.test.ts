import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Health, TapeCandlesResponse } from '@/interface';
import { startApp, type RunningApp } from '../helpers/app';
import { startFaultyService } from '../helpers/faultyService';
import { login, serviceWithAccount, signingEnv, tempDir } from '../helpers/stack';
import { candlesServed } from '../helpers/tapeServed';

const MINUTE = 60_000;
const BASE = Date.UTC(2030, 0, 1, 10);
/** Service time runs 30 times faster than the proxy's: a minute every 2 s, four polls in each. */
const SPEED = 30;
const SYMBOLS = ['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_PEPE_USDC'];
const TOKEN = 'tape-crash-token-0123456789';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const futuresServed = (served: { path: string; status: number }[]) => served.filter((answer) => answer.path === '/v1/public/futures' && answer.status === 200).length;

async function candles(app: RunningApp, cookie: string, symbol: string) {
  const origin = app.url.replace(/\/$/, '');
  const response = await fetch(`${origin}/api/tape/candles?symbol=${symbol}&resolution=1m&from=${BASE}&to=${BASE + 600 * MINUTE}`, { headers: { origin, cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as TapeCandlesResponse).data;
}

describe('the tape when the proxy is killed (SIGKILL, no stop)', () => {
  it('keeps every finished minute as recorded; only the minute in progress is lost', async () => {
    // Set once, inside a minute: service time stops there.
    const stopped: { at?: number } = {};
    const started = Date.now();
    const clock = () => stopped.at ?? BASE + (Date.now() - started) * SPEED;
    const upstream = await serviceWithAccount({ clock, rateLimitPerSecond: false });
    cleanups.push(() => upstream.service.close());
    const faulty = await startFaultyService(upstream.service.url);
    cleanups.push(() => faulty.close());
    const dataDir = tempDir('perp-tape-crash-');
    const env = {
      ...signingEnv(faulty.url, upstream.account),
      TERMINAL_TOKEN: TOKEN,
    };
    let app = await startApp({ env, dataDir });
    cleanups.push(() => app.stop());

    // The proxy's own polls record; wait for three minutes to be finished, then stop service time
    // inside a minute, so that minute stays in progress until the kill.
    const minutesServed = () => new Set(candlesServed(faulty.served, 'PERP_BTC_USDC').map((candle) => candle.time)).size;
    await expect.poll(minutesServed, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(4);
    const frozenAt = clock();
    stopped.at = frozenAt;
    const inProgress = Math.floor(frozenAt / MINUTE) * MINUTE;
    // Two polls in the frozen minute: the minute before it has been handed to the disk by then.
    const polled = futuresServed(faulty.served);
    await expect.poll(() => futuresServed(faulty.served), { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(polled + 2);

    let cookie = await login(app.url, TOKEN);
    const before = new Map<string, TapeCandlesResponse['data']>();
    for (const symbol of SYMBOLS) before.set(symbol, await candles(app, cookie, symbol));
    expect(before.get('PERP_BTC_USDC')?.rows.at(-1)?.time).toBe(inProgress);

    app.process.kill('SIGKILL');
    await new Promise((resolve) => app.process.once('exit', resolve));
    // A clean close would have checkpointed and removed the log: the next start has to recover from it.
    expect(existsSync(join(dataDir, 'tape.sqlite-wal'))).toBe(true);

    // Nothing more is recorded after the restart, so what it serves is what survived the kill.
    faulty.fail('/v1/public/futures', 'html-500');
    app = await startApp({ env, dataDir });
    cookie = await login(app.url, TOKEN);
    for (const symbol of SYMBOLS) {
      const expected = candlesServed(faulty.served, symbol).filter((candle) => candle.time < inProgress);
      expect(expected.length, symbol).toBeGreaterThanOrEqual(3);
      const after = await candles(app, cookie, symbol);
      expect(after.rows, symbol).toEqual(expected);
      expect(after.rows, symbol).toEqual(before.get(symbol)?.rows.filter((candle) => candle.time < inProgress));
      expect(after.recordingSince, symbol).toBe(expected[0]?.time);
      expect(after.simulated).toBe(false);
    }
    const health = (await (await fetch(`${app.url.replace(/\/$/, '')}/api/health`, { headers: { cookie } })).json()) as Health;
    expect(health.data.tape.failedWrites).toBe(0);

    await app.stop();
    const db = new Database(join(dataDir, 'tape.sqlite'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 40_000);
});
