import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FuturesResponse, FuturesRow } from '@/interface';
import { decodeFrame, FrameEncoder, type FeedFrame } from '@/terminal/features/markets/api/feedFrame';
import type { FeedReply, FeedRequest } from '@/terminal/features/markets/api/feedLoad';
import { FuturesFeed } from '@/terminal/features/markets/api/futuresFeed';
import { inferSpec } from '@/terminal/features/markets/model/specs';
import { futuresRows } from '../fixtures/markets';

const response = (rows: FuturesRow[], timestamp = 1_700_000_000_000): FuturesResponse => ({ success: true, data: { rows }, timestamp });

function decoded(frame: FeedFrame, symbols: readonly string[]) {
  const rows: { row: FuturesRow; priceDecimals: number; quantityDecimals: number }[] = [];
  decodeFrame(frame, symbols, (row, priceDecimals, quantityDecimals) => rows.push({ row, priceDecimals, quantityDecimals }));
  return rows;
}

describe('market data frames', () => {
  it('carry every field of every row exactly, with the decimals the digits show', () => {
    const rows = futuresRows(30);
    const frame = new FrameEncoder().encode(response(rows), 42);
    expect(frame.serviceTime).toBe(1_700_000_000_000);
    expect(frame.receivedAt).toBe(42);
    const back = decoded(frame, frame.symbols!);
    expect(back.map((item) => item.row)).toEqual(rows);
    back.forEach((item, index) => {
      const spec = inferSpec(rows[index]!);
      expect([item.priceDecimals, item.quantityDecimals]).toEqual([spec.priceDecimals, spec.quantityDecimals]);
    });
  });

  it('keep prices bit for bit, however many digits they have', () => {
    const [row] = futuresRows(1);
    const awkward = { ...row!, mark_price: 0.1 + 0.2, index_price: 1.2e-7, '24h_high': 123456.789012 };
    const frame = new FrameEncoder().encode(response([awkward]), 0);
    const [back] = decoded(frame, frame.symbols!);
    expect(Object.is(back!.row.mark_price, 0.1 + 0.2)).toBe(true);
    expect(back!.row.index_price).toBe(1.2e-7);
    // Shown with at most 12 decimals; the number itself is untouched.
    expect(back!.priceDecimals).toBe(12);
  });

  it('send the symbols only when they change', () => {
    const encoder = new FrameEncoder();
    const rows = futuresRows(5);
    const first = encoder.encode(response(rows), 0);
    const second = encoder.encode(response(rows), 0);
    const third = encoder.encode(response(rows.slice(1)), 0);
    expect(first.symbols).toEqual(rows.map((row) => row.symbol));
    expect(second.symbols).toBeNull();
    expect(second.symbolsVersion).toBe(first.symbolsVersion);
    expect(third.symbols).toEqual(rows.slice(1).map((row) => row.symbol));
    expect(third.symbolsVersion).toBeGreaterThan(first.symbolsVersion);
  });

  it('refuse to decode with the symbols of another version', () => {
    const frame = new FrameEncoder().encode(response(futuresRows(3)), 0);
    expect(() => decodeFrame(frame, ['PERP_BTC_USDC'], () => undefined)).toThrow(/3 rows for 1 symbols/);
  });
});

/** A worker that answers polls with frames of `rows`, as the feed worker does. */
class FakeWorker {
  onmessage: ((event: MessageEvent<FeedReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  polls = 0;
  terminated = false;
  private readonly encoder = new FrameEncoder();
  constructor(public rows: FuturesRow[]) {}
  ready() {
    this.onmessage?.({ data: { id: 0, ready: true } } as MessageEvent<FeedReply>);
  }
  /** Answers held back (`hold`), to be given later, as a slow worker's. */
  held: (() => void)[] = [];
  hold = false;
  postMessage({ id, knownVersion }: FeedRequest) {
    this.polls += 1;
    const frame = this.encoder.encode(response(this.rows), 7, knownVersion);
    const answer = () => this.onmessage?.({ data: { id, frame } } as MessageEvent<FeedReply>);
    if (this.hold) this.held.push(answer);
    else queueMicrotask(answer);
  }
  fail() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
  terminate() {
    this.terminated = true;
  }
}

function servePage(rows: FuturesRow[]) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(response(rows)), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the market data feed', () => {
  it('polls in the page until its worker is ready, then in the worker', async () => {
    const rows = futuresRows(4);
    const fetch = servePage(rows);
    const worker = new FakeWorker(rows);
    const feed = new FuturesFeed(() => worker as unknown as Worker);

    const first = await feed.poll();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(worker.polls).toBe(0);
    expect(first.symbols).toEqual(rows.map((row) => row.symbol));

    worker.ready();
    const second = await feed.poll();
    const third = await feed.poll();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(worker.polls).toBe(2);
    // The worker sent its symbols once; the second frame from it decodes with them.
    expect(third.frame.symbols).toBeNull();
    expect(third.symbols).toEqual(second.symbols);
  });

  it('goes back to the page for good when the worker fails', async () => {
    const rows = futuresRows(2);
    const fetch = servePage(rows);
    const worker = new FakeWorker(rows);
    const feed = new FuturesFeed(() => worker as unknown as Worker);
    await feed.poll();
    worker.ready();
    worker.fail();
    await feed.poll();
    expect(worker.terminated).toBe(true);
    expect(worker.polls).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('decodes the poll after one cancelled while its answer brought the symbols (the next answer brings them again)', async () => {
    const rows = futuresRows(3);
    servePage(rows);
    const worker = new FakeWorker(rows);
    const feed = new FuturesFeed(() => worker as unknown as Worker);
    await feed.poll();
    worker.ready();
    worker.hold = true;
    const cancel = new AbortController();
    const cancelled = feed.poll(cancel.signal);
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    // The worker's first frame, with its symbols, comes after the cancel: dropped.
    worker.held.splice(0).forEach((answer) => answer());
    worker.hold = false;
    const next = await feed.poll();
    expect(next.symbols).toEqual(rows.map((row) => row.symbol));
    expect(decoded(next.frame, next.symbols).map((item) => item.row.symbol)).toEqual(rows.map((row) => row.symbol));
    const after = await feed.poll();
    expect(after.frame.symbols).toBeNull();
    expect(after.symbols).toEqual(next.symbols);
  });

  it('decodes a poll the worker was asked for and the page answered when the worker failed meanwhile', async () => {
    const rows = futuresRows(2);
    servePage(rows);
    const worker = new FakeWorker(rows.slice(1));
    const feed = new FuturesFeed(() => worker as unknown as Worker);
    await feed.poll();
    worker.ready();
    // The worker's symbols change twice: its versions are not the page's any more.
    await feed.poll();
    worker.rows = rows;
    await feed.poll();
    worker.hold = true;
    const asked = feed.poll();
    worker.fail();
    const answered = await asked;
    expect(answered.symbols).toEqual(rows.map((row) => row.symbol));
    expect(decoded(answered.frame, answered.symbols)).toHaveLength(2);
  });

  it('passes on a failed poll as an error with the service’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, code: -1000, message: 'the service is down' }), { status: 502 })),
    );
    const feed = new FuturesFeed(undefined);
    await expect(feed.poll()).rejects.toMatchObject({ name: 'ApiError', status: 502, message: 'the service is down' });
  });
});
