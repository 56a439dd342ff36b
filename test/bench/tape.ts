/**
 * Section: the market tape. In-process (the recorder's cost is event-loop time, measured around
 * the call itself): recording one poll at 1,000 and 2,000 instruments, writing a finished minute,
 * disk per instrument per day, stored hours against rolling up minutes at query time, and through a
 * real proxy the candles endpoint (1 day of 1m read again and read first, 30 days of 1h) and what
 * recording adds to a read.
 */
import { join } from 'node:path';
import { startProxy } from '@/proxy';
import type { StoredCandle } from '@/proxy/tape/codec';
import { TapeRecorder } from '@/proxy/tape/recorder';
import { TapeStore } from '@/proxy/tape/tapeStore';
import { createAccountCredentials, startService } from '@/service';
import { instrumentsFor } from '@/service/market/instruments';
import { MarketSimulator } from '@/service/market/simulator';
import { login, tempDir, TOKEN } from '../helpers/stack';
import { progress } from './progress';
import { median, percentileOfSorted } from './stats';
import { atMost, Figures } from './table';

export interface TapeBenchOptions {
  sizes: number[];
  /** Polls recorded per size (two a second of service time). */
  polls: number;
  /** Instruments and days written for the disk figure (two snapshots a minute). */
  diskInstruments: number;
  diskDays: number;
  /** Days of history behind the query figures, and requests per query. */
  historyDays: number;
  requests: number;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

function snapshot(market: MarketSimulator, time: number) {
  return { success: true, data: { rows: market.rows(time) }, timestamp: time };
}

/** Median ms of recorder.record per poll, and of writing a finished minute. */
function recordingCost(size: number, polls: number) {
  const market = new MarketSimulator({ instruments: instrumentsFor(size), seed: 7, start: Date.UTC(2030, 0, 1) });
  const store = new TapeStore(join(tempDir('perp-bench-tape-'), 'tape.sqlite'));
  const recorder = new TapeRecorder(store);
  const writes: number[] = [];
  const write = store.writeMinutes.bind(store);
  store.writeMinutes = (candles) => {
    const started = performance.now();
    write(candles);
    writes.push(performance.now() - started);
  };
  const records: number[] = [];
  for (let i = 0; i < polls; i++) {
    const json = snapshot(market, Date.UTC(2030, 0, 1) + i * 500);
    const started = performance.now();
    recorder.record(json, true);
    records.push(performance.now() - started);
    if (i % 120 === 119) recorder.flush();
  }
  store.close();
  return { record: median(records), write: median(writes) };
}

/** Bytes per instrument per day: a day (or more) of minutes, two snapshots each, checkpointed. */
function diskPerInstrumentDay(instruments: number, days: number): number {
  const market = new MarketSimulator({ instruments: instrumentsFor(instruments), seed: 7, start: Date.UTC(2030, 0, 1) });
  const path = join(tempDir('perp-bench-tape-'), 'tape.sqlite');
  let store = new TapeStore(path);
  const recorder = new TapeRecorder(store);
  for (let minute = 0; minute < days * 1440; minute++) {
    for (const at of [5_000, 35_000]) recorder.record(snapshot(market, Date.UTC(2030, 0, 1) + minute * MINUTE + at), true);
    recorder.flush();
    // As the proxy does: each finished hour becomes one block per instrument.
    if (minute % 60 === 59) compactAll(store, Date.UTC(2030, 0, 1) + (minute + 1) * MINUTE);
  }
  store.close();
  store = new TapeStore(path);
  const bytes = store.fileBytes();
  store.close();
  return bytes / instruments / days;
}

function compactAll(store: TapeStore, before: number): void {
  for (const symbol of store.symbolNames) while (store.compactSome(symbol, before, 1000) > 0);
}

/** A tape with `days` of minutes for a few instruments, written straight to the store, its finished hours compacted. */
export function history(path: string, days: number, now: number): void {
  const store = new TapeStore(path);
  const symbols = ['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_SOL_USDC'];
  const first = Math.floor((now - days * DAY) / MINUTE);
  let price = 100_000;
  for (let day = 0; day < days; day++) {
    for (const symbol of symbols) {
      const candles = Array.from({ length: 1440 }, (_, i): { symbol: string; candle: StoredCandle } => {
        price = Math.round(price * (1 + (Math.sin(day * 1440 + i) * 0.001)) * 10) / 10;
        const time = (first + day * 1440 + i) * MINUTE;
        const candle = { time, open: price, high: price + 5.5, low: price - 3.2, close: price + 1.1, index_close: price + 0.7 };
        return { symbol, candle: { ...candle, est_funding_rate: 0.0001234, open_interest: 20123.4567, volume_24h: 60321.1234, samples: 120, simulated: false } };
      });
      store.writeMinutes(candles);
    }
  }
  compactAll(store, now);
  store.close();
}

async function timed(call: () => Promise<Response>, requests: number): Promise<number> {
  return percentileOfSorted((await latenciesOf(call, requests)).sort((a, b) => a - b), 50);
}

/** Latencies (ms) of `requests` calls, after 10 to warm up. */
async function latenciesOf(call: () => Promise<Response>, requests: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < requests + 10; i++) {
    const started = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    if (i >= 10) latencies.push(performance.now() - started);
  }
  return latencies;
}

async function throughProxy(options: TapeBenchOptions, figures: Figures) {
  const dir = tempDir('perp-bench-tape-');
  const now = Date.now();
  progress(`tape: writing ${options.historyDays} days of minutes for 3 instruments`);
  history(join(dir, 'tape.sqlite'), options.historyDays, now);
  const store = new TapeStore(join(dir, 'tape.sqlite'));
  const roll = (read: () => StoredCandle[]) => {
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      read();
      runs.push(performance.now() - started);
    }
    return median(runs);
  };
  const from = now - options.historyDays * DAY;
  figures.add(`${options.historyDays}-day 1h read: stored hours (chosen)`, roll(() => store.hours('PERP_BTC_USDC', from, now)), 'ms');
  figures.add(`${options.historyDays}-day 1h read: minutes rolled up at query time`, roll(() => store.minutes('PERP_BTC_USDC', from, now)), 'ms');
  store.close();

  const service = await startService({ seed: 3, instrumentCount: options.sizes[0] });
  const proxy = await startProxy({
    serviceBaseUrl: service.url,
    embedded: true,
    account: createAccountCredentials(),
    journalPath: join(dir, 'journal.sqlite'),
    host: '127.0.0.1',
    port: 0,
    terminalToken: TOKEN,
    coalesceMs: 0,
    tapePolls: false,
    sessionRateLimit: 100_000,
  });
  const origin = proxy.url.replace(/\/$/, '');
  const cookie = await login(proxy.url);
  const call = (path: string) => () => fetch(origin + path, { headers: { origin, cookie } });
  try {
    const day = call(`/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1m&from=${now - DAY}&to=${now}`);
    figures.add('1 day of 1m through the proxy, p50 (the same read again: its minutes kept)', await timed(day, options.requests), 'ms', atMost(5));
    // The chart reads a market once: its first read finds nothing kept. A range that starts a minute
    // before the one read last is read whole from the file again, so each of these is a first read.
    let shift = 0;
    const firstRead = () => {
      shift += MINUTE;
      return call(`/api/tape/candles?symbol=PERP_ETH_USDC&resolution=1m&from=${now - DAY - shift}&to=${now - shift}`)();
    };
    figures.add('1 day of 1m through the proxy, p50 of first reads (nothing kept)', await timed(firstRead, options.requests), 'ms', atMost(5));
    const month = call(`/api/tape/candles?symbol=PERP_BTC_USDC&resolution=1h&from=${from}&to=${now}`);
    figures.add(`${options.historyDays} days of 1h through the proxy, p50`, await timed(month, options.requests), 'ms', atMost(10));
    // Every read fetches (no shared window) and is recorded; then the same with the tape detached.
    const futures = call('/v1/public/futures');
    const listener = proxy.app.reads.onSnapshot;
    const withTape: number[] = [];
    const without: number[] = [];
    // Many short alternations, so a drift of the machine lands on both sides alike, and the p50 of
    // each side's pooled reads: a read is some 15 ms and recording a poll well under 0.1, and the
    // median of per-round differences of 25 reads each swung by ±0.4 ms from run to run.
    const rounds = 60;
    const perRound = Math.max(10, Math.round(options.requests / 8));
    for (let round = 0; round < rounds; round++) {
      // A B B A: neither side always goes first.
      for (const recording of round % 2 === 0 ? [true, false] : [false, true]) {
        proxy.app.reads.onSnapshot = recording ? listener : undefined;
        (recording ? withTape : without).push(...(await latenciesOf(futures, perRound)));
      }
    }
    proxy.app.reads.onSnapshot = listener;
    const p50 = (values: number[]) => percentileOfSorted(values.sort((a, b) => a - b), 50);
    const [withP50, withoutP50] = [p50(withTape), p50(without)];
    progress(`tape: futures p50 with recording ${withP50.toFixed(2)} ms, without ${withoutP50.toFixed(2)} ms (${withTape.length} reads each, ${rounds} alternations)`);
    figures.add(`p50 added to GET /v1/public/futures (${options.sizes[0]} instruments; ${withTape.length} reads each way, alternated)`, withP50 - withoutP50, 'ms', atMost(0.3));
  } finally {
    await proxy.close();
    await service.close();
  }
}

export async function benchTape(options: TapeBenchOptions) {
  const figures = new Figures('tape');
  for (const size of options.sizes) {
    const cost = recordingCost(size, options.polls);
    progress(`tape: ${size} instruments, record ${cost.record.toFixed(3)} ms per poll, minute write ${cost.write.toFixed(1)} ms`);
    figures.add(`recording one poll, ${size} instruments (median)`, cost.record, 'ms', atMost(1));
    figures.add(`writing a finished minute, ${size} instruments (once a minute, next turn)`, cost.write, 'ms');
  }
  const disk = diskPerInstrumentDay(options.diskInstruments, options.diskDays);
  figures.add('disk per instrument per day', disk / 1000, 'kB', atMost(100));
  await throughProxy(options, figures);
  return { figures: figures.list };
}
