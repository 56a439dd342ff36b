import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '@/proxy';
import type { TapeCandle } from '@/interface';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { login, serviceWithAccount, tempDir, TOKEN } from '../helpers/stack';
import { candlesServed } from '../helpers/tapeServed';

const MINUTE = 60_000;
/** Service time starts on an hour, so 5m and 1h buckets hold whole minutes of the test. */
const BASE = Date.UTC(2030, 0, 1, 10);

let serviceNow = BASE;
let upstream: Awaited<ReturnType<typeof serviceWithAccount>>;
let faulty: FaultyService;
const dir = tempDir('perp-tape-');

/** A proxy whose tape records only what the test reads: no poller, no shared window. */
async function proxy() {
  const running = await startProxy({
    serviceBaseUrl: faulty.url,
    embedded: true,
    account: upstream.account,
    journalPath: join(dir, 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    coalesceMs: 0,
    tapePolls: false,
  });
  const origin = running.url.replace(/\/$/, '');
  const cookie = await login(running.url);
  const call = (path: string) => fetch(origin + path, { headers: { origin, cookie } });
  return { running, origin, call };
}
let current: Awaited<ReturnType<typeof proxy>>;

/** Reads the feed through the proxy at service time `at`, as a terminal would. */
async function readAt(at: number): Promise<number> {
  serviceNow = at;
  const response = await fetch(`${current.origin}/v1/public/futures`);
  await response.arrayBuffer();
  return response.status;
}

async function candles(symbol: string, resolution: string, from: number, to: number) {
  const response = await current.call(`/api/tape/candles?symbol=${symbol}&resolution=${resolution}&from=${from}&to=${to}`);
  if (response.status === 200) expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as { data: { rows: TapeCandle[]; simulated: boolean; recordingSince: number | null }; message?: string };
  return { status: response.status, ...body };
}

/** The candles the served snapshots make, minute by minute, computed here from what the double sent. */
const expectedCandles = (symbol: string, bucketMs = MINUTE) => candlesServed(faulty.served, symbol, bucketMs);

beforeAll(async () => {
  upstream = await serviceWithAccount({ clock: () => serviceNow });
  faulty = await startFaultyService(upstream.service.url);
  current = await proxy();
});
afterAll(async () => {
  await current.running.close();
  await faulty.close();
  await upstream.service.close();
});

describe('the market tape', () => {
  it('makes each minute’s candle from exactly the snapshots the service served in it', async () => {
    for (let minute = 0; minute < 5; minute++) {
      for (let k = 0; k < 4; k++) expect(await readAt(BASE + minute * MINUTE + k * 13_000 + 7)).toBe(200);
    }
    await readAt(BASE + 5 * MINUTE + 1);
    for (const symbol of ['PERP_BTC_USDC', 'PERP_PEPE_USDC', 'PERP_ETH_USDC']) {
      const answer = await candles(symbol, '1m', BASE, BASE + 10 * MINUTE);
      expect(answer.status).toBe(200);
      const expected = expectedCandles(symbol);
      expect(expected).toHaveLength(6);
      expect(answer.data.rows).toEqual(expected);
      expect(answer.data.simulated).toBe(false);
      expect(answer.data.recordingSince).toBe(BASE);
    }
    const fiveMinutes = await candles('PERP_BTC_USDC', '5m', BASE, BASE + 10 * MINUTE);
    expect(fiveMinutes.data.rows).toEqual(expectedCandles('PERP_BTC_USDC', 5 * MINUTE));
    const hour = await candles('PERP_BTC_USDC', '1h', BASE, BASE + 10 * MINUTE);
    expect(hour.data.rows).toEqual(expectedCandles('PERP_BTC_USDC', 60 * MINUTE));
    expect(hour.data.rows[0]?.samples).toBe(21);
  });

  it('leaves the minutes in which the service failed without candles, never filled in', async () => {
    faulty.fail('/v1/public/futures', 'html-500');
    for (const at of [6, 6.5, 7, 7.5]) expect(await readAt(BASE + at * MINUTE)).toBe(502);
    faulty.fail('/v1/public/futures', 'malformed-200');
    expect(await readAt(BASE + 8 * MINUTE)).toBe(502);
    faulty.fail('/v1/public/futures', 'pass');
    expect(await readAt(BASE + 9 * MINUTE + 5)).toBe(200);
    const answer = await candles('PERP_BTC_USDC', '1m', BASE, BASE + 20 * MINUTE);
    expect(answer.data.rows.map((row) => (row.time - BASE) / MINUTE)).toEqual([0, 1, 2, 3, 4, 5, 9]);
    expect(answer.data.rows).toEqual(expectedCandles('PERP_BTC_USDC'));
  });

  it('skips a row that fails the schema, counts it in /api/health, and records the rest of its snapshot', async () => {
    const before = (await (await current.call('/api/health')).json()) as { data: { tape: { skippedRows: number } } };
    faulty.fail('/v1/public/futures', 'invalid-futures', 1);
    // The terminal gets a 502 (the snapshot as a whole is invalid); the tape keeps its good rows.
    expect(await readAt(BASE + 10 * MINUTE + 5)).toBe(502);
    await readAt(BASE + 11 * MINUTE + 5);
    const health = (await (await current.call('/api/health')).json()) as { data: { tape: { skippedRows: number; lastRecordedAt: number } } };
    expect(health.data.tape.skippedRows).toBe(before.data.tape.skippedRows + 1);
    const btc = await candles('PERP_BTC_USDC', '1m', BASE + 10 * MINUTE, BASE + 10 * MINUTE);
    expect(btc.data.rows).toHaveLength(1);
    // The third row of the snapshot (SOL) was the bad one: no candle for it in that minute.
    const sol = await candles('PERP_SOL_USDC', '1m', BASE + 10 * MINUTE, BASE + 10 * MINUTE);
    expect(sol.data.rows).toEqual([]);
    expect((await candles('PERP_SOL_USDC', '1m', BASE, BASE + 10 * MINUTE)).data.rows).toHaveLength(7);
  });

  it('keeps every candle across a restart, the minute in progress included (written on stop)', async () => {
    const before = await candles('PERP_ETH_USDC', '1m', BASE, BASE + 20 * MINUTE);
    expect(before.data.rows.at(-1)?.time).toBe(BASE + 11 * MINUTE);
    await current.running.close();
    current = await proxy();
    const after = await candles('PERP_ETH_USDC', '1m', BASE, BASE + 20 * MINUTE);
    expect(after.data.rows).toEqual(before.data.rows);
    // The minute that was in progress goes on where it stopped.
    await readAt(BASE + 11 * MINUTE + 30_000);
    await readAt(BASE + 12 * MINUTE);
    const merged = await candles('PERP_ETH_USDC', '1m', BASE, BASE + 20 * MINUTE);
    expect(merged.data.rows).toEqual(expectedCandles('PERP_ETH_USDC'));
  });

  it('refuses a bad query with a 400 that names the parameter', async () => {
    const cases: [string, string][] = [
      ['symbol=PERP_NOPE_USDC&resolution=1m&from=0&to=1', 'symbol'],
      ['symbol=btc&resolution=1m&from=0&to=1', 'symbol'],
      ['symbol=PERP_BTC_USDC&resolution=2m&from=0&to=1', 'resolution'],
      ['symbol=PERP_BTC_USDC&resolution=1m&from=yesterday&to=1', 'from'],
      ['symbol=PERP_BTC_USDC&resolution=1m&from=0', 'to'],
      ['symbol=PERP_BTC_USDC&resolution=1m&from=10&to=5', 'from'],
      [`symbol=PERP_BTC_USDC&resolution=1m&from=${BASE}&to=${BASE + 5000 * MINUTE}`, 'from'],
    ];
    for (const [query, parameter] of cases) {
      const response = await current.call(`/api/tape/candles?${query}`);
      const body = (await response.json()) as { message: string };
      expect(response.status, query).toBe(400);
      expect(body.message, query).toMatch(new RegExp(`^${parameter}: `));
    }
    // The largest range allowed is answered.
    const widest = await current.call(`/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1m&from=${BASE}&to=${BASE + 4999 * MINUTE}`);
    expect(widest.status).toBe(200);
    expect((await current.call('/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1m&from=0&to=1&extra=1')).status).toBe(400);
  });
});
