import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { candleJson } from '@/proxy/tape/candlesJson';
import type { StoredCandle } from '@/proxy/tape/codec';
import { TapeStore } from '@/proxy/tape/tapeStore';
import { tempDir } from '../helpers/stack';

const MINUTE = 60_000;
const BASE = Date.UTC(2030, 0, 1, 10);
const SYMBOL = 'PERP_BTC_USDC';

function candle(minute: number, price: number, samples = 2): { symbol: string; candle: StoredCandle } {
  const time = BASE + minute * MINUTE;
  return {
    symbol: SYMBOL,
    candle: { time, open: price, high: price + 1.5, low: price - 0.5, close: price + 0.25, index_close: price, est_funding_rate: 0.0001, open_interest: 12.5, volume_24h: 1000.75, samples, simulated: false },
  };
}

let store: TapeStore;
afterEach(() => store.close());

/** The recent-reads answer for minutes [from, to], with each row's JSON, next to a plain read of the file. */
function bothReads(from: number, to: number) {
  const slice = store.recentMinutes(SYMBOL, BASE + from * MINUTE, BASE + to * MINUTE);
  if (!slice) throw new Error('no slice');
  const recent = slice.candles.slice(slice.start, slice.end).map((item, i) => ({ ...item, json: slice.json(slice.start + i) }));
  const file = store.minutes(SYMBOL, BASE + from * MINUTE, BASE + to * MINUTE).map((item) => ({ ...item, json: candleJson(item) }));
  // The rows joined as the answer sends them, kept from read to read, are the file's too.
  expect(slice.joined().toString()).toBe(file.map((item) => item.json).join(','));
  return { recent, file, minutes: recent.map((item) => (item.time - BASE) / MINUTE) };
}

describe('the minutes kept from recent reads', () => {
  it('serve what the file holds after every write and prune, gaps staying gaps', () => {
    store = new TapeStore(join(tempDir('perp-tape-recent-'), 'tape.sqlite'));
    store.writeMinutes([0, 1, 2, 3, 4, 6, 7].map((minute) => candle(minute, 100 + minute)));
    let read = bothReads(0, 9);
    expect(read.minutes).toEqual([0, 1, 2, 3, 4, 6, 7]);
    expect(read.recent).toEqual(read.file);

    // A narrower and a later range, read partly from what the first read kept.
    expect(bothReads(2, 5).minutes).toEqual([2, 3, 4]);
    store.writeMinutes([candle(8, 108)]);
    read = bothReads(2, 12);
    expect(read.minutes).toEqual([2, 3, 4, 6, 7, 8]);
    expect(read.recent).toEqual(read.file);

    // A minute already read gets more snapshots (merged on the file): the read shows the merge.
    store.writeMinutes([candle(3, 90, 5)]);
    read = bothReads(2, 12);
    expect(read.recent.find((item) => item.time === BASE + 3 * MINUTE)).toMatchObject({ low: 89.5, samples: 7 });
    expect(read.recent).toEqual(read.file);

    // The gap at minute 5 filled late; then the oldest minutes pruned.
    store.writeMinutes([candle(5, 105)]);
    read = bothReads(0, 12);
    expect(read.minutes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(read.recent).toEqual(read.file);
    // An older minute written after the reads (a backfill, say), then a read reaching back to it.
    store.writeMinutes([candle(-3, 97)]);
    expect(bothReads(1, 4).minutes).toEqual([1, 2, 3, 4]);
    read = bothReads(-5, 12);
    expect(read.minutes).toEqual([-3, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(read.recent).toEqual(read.file);
    store.pruneSome(SYMBOL, BASE + 2 * MINUTE, 1440);
    read = bothReads(0, 12);
    expect(read.minutes).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(read.recent).toEqual(read.file);
  });

  it('keeps what it holds when the file changes in a later minute only, and forgets nothing that is asked again', () => {
    store = new TapeStore(join(tempDir('perp-tape-recent-'), 'tape.sqlite'));
    store.writeMinutes([0, 1, 2].map((minute) => candle(minute, 100 + minute)));
    const first = store.recentMinutes(SYMBOL, BASE, BASE + 2 * MINUTE);
    store.writeMinutes([candle(3, 103)]);
    const again = store.recentMinutes(SYMBOL, BASE, BASE + 3 * MINUTE);
    // The same candle objects: minutes 0–2 were not read from the file again.
    expect(again?.candles[0]).toBe(first?.candles[0]);
    expect(again && again.end - again.start).toBe(4);
    expect(store.recentMinutes('PERP_NOPE_USDC', BASE, BASE + MINUTE)).toBeUndefined();
  });
});
