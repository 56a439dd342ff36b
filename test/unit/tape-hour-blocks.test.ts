import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredCandle } from '@/proxy/tape/codec';
import { decodeHourBlock, encodeHourBlock, mergeRows, type MinuteRowWithTime } from '@/proxy/tape/hourBlocks';
import { TapeStore } from '@/proxy/tape/tapeStore';
import { tempDir } from '../helpers/stack';

const HOUR = 500_000; // an hour number: minutes 30,000,000 to 30,000,059
const value = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.maxSafeInteger(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(2 ** 51, -(2 ** 51), 2 ** 51 - 1, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Rows of one hour: distinct minutes in order, ten values each. */
const hourRows = fc
  .uniqueArray(fc.integer({ min: 0, max: 59 }), { maxLength: 60 })
  .chain((offsets) =>
    fc.tuple(...offsets.sort((a, b) => a - b).map((offset) => fc.array(value, { minLength: 10, maxLength: 10 }).map((values) => [HOUR * 60 + offset, ...values]))),
  );

const decoded = (rows: readonly MinuteRowWithTime[], first = HOUR * 60, last = HOUR * 60 + 59) => {
  const out: MinuteRowWithTime[] = [];
  decodeHourBlock(HOUR, encodeHourBlock(HOUR, rows), first, last, out);
  return out;
};

describe('an hour of minutes as one block', () => {
  it('decodes to exactly the numbers encoded (integers of any size, -0, fractions), in minute order', () => {
    fc.assert(
      fc.property(hourRows, (rows) => {
        const back = decoded(rows);
        expect(back.length).toBe(rows.length);
        back.forEach((row, i) => row.forEach((item, k) => expect(Object.is(item, rows[i]![k]), `row ${i} value ${k}: ${item} vs ${rows[i]![k]}`).toBe(true)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives only the minutes asked for, and refuses a minute outside its hour or bytes cut short', () => {
    const rows = [0, 5, 59].map((offset) => [HOUR * 60 + offset, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(decoded(rows, HOUR * 60 + 1, HOUR * 60 + 59).map((row) => row[0]! - HOUR * 60)).toEqual([5, 59]);
    expect(() => encodeHourBlock(HOUR, [[HOUR * 60 + 60, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])).toThrow(/not in it/);
    const bytes = encodeHourBlock(HOUR, [[HOUR * 60, 0.5, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(() => decodeHourBlock(HOUR, bytes.subarray(0, bytes.length - 3), HOUR * 60, HOUR * 60 + 59, [])).toThrow(/cut short/);
    // Cut inside a varint, a minute repeated or past the hour, a value longer than any written: refused.
    const varints = encodeHourBlock(HOUR, [[HOUR * 60, 2 ** 40, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(() => decodeHourBlock(HOUR, varints.subarray(0, 4), HOUR * 60, HOUR * 60 + 59, [])).toThrow(/cut short/);
    const twice = Buffer.concat([varints, varints]);
    expect(() => decodeHourBlock(HOUR, twice, HOUR * 60, HOUR * 60 + 59, [])).toThrow(/not a block/);
    expect(() => decodeHourBlock(HOUR, Buffer.from([60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), HOUR * 60, HOUR * 60 + 59, [])).toThrow(/not a block/);
    expect(() => decodeHourBlock(HOUR, Buffer.from([0, 255, 255, 255, 255, 255, 255, 255, 255, 1]), HOUR * 60, HOUR * 60 + 59, [])).toThrow(/over 8 bytes/);
  });

  it('merges with later rows, a later row winning its minute', () => {
    const row = (minute: number, mark: number) => [minute, mark];
    expect(mergeRows([row(1, 1), row(3, 1), row(5, 1)], [row(0, 2), row(3, 2), row(6, 2)])).toEqual([row(0, 2), row(1, 1), row(3, 2), row(5, 1), row(6, 2)]);
    expect(mergeRows([], [row(1, 2)])).toEqual([row(1, 2)]);
    expect(mergeRows([row(1, 1)], [])).toEqual([row(1, 1)]);
  });
});

const MINUTE = 60_000;
const BASE = Date.UTC(2030, 0, 1, 10); // an hour's start
const SYMBOL = 'PERP_BTC_USDC';

function candle(minute: number, price: number, samples = 2): { symbol: string; candle: StoredCandle } {
  return {
    symbol: SYMBOL,
    candle: {
      time: BASE + minute * MINUTE, open: price, high: price + 1.5, low: price - 0.5, close: price + 0.25, index_close: price - 0.1,
      est_funding_rate: 0.00012345, open_interest: 12.5 + minute, volume_24h: 1000.75, samples, simulated: minute % 2 === 0,
    },
  };
}

describe('the tape store with finished hours compacted', () => {
  let store: TapeStore | undefined;
  afterEach(() => store?.close());
  const read = (from: number, to: number) => store!.minutes(SYMBOL, BASE + from * MINUTE, BASE + to * MINUTE);

  it('reads the same minutes before and after compacting, gaps staying gaps, and after a restart', () => {
    const path = join(tempDir('perp-tape-blocks-'), 'tape.sqlite');
    store = new TapeStore(path);
    // Three hours with gaps, a fraction kept raw (not a whole number of any decimals) in one minute.
    const minutes = [0, 1, 2, 30, 59, 60, 61, 119, 121, 150, 170];
    store.writeMinutes(minutes.map((minute) => candle(minute, 100_000 + minute * 0.1)));
    store.writeMinutes([{ symbol: SYMBOL, candle: { ...candle(3, 1).candle, open: Math.PI, high: 4, low: 1, close: 2 } }]);
    const before = read(-5, 200);
    expect(before.map((item) => (item.time - BASE) / MINUTE)).toEqual([0, 1, 2, 3, 30, 59, 60, 61, 119, 121, 150, 170]);

    // The hour in progress (minute 120 on) is not compacted: only hours ending before `before`.
    expect(store.compactSome(SYMBOL, BASE + 125 * MINUTE, 1)).toBe(1);
    expect(read(-5, 200)).toEqual(before);
    expect(store.compactSome(SYMBOL, BASE + 125 * MINUTE, 10)).toBe(1);
    expect(store.compactSome(SYMBOL, BASE + 125 * MINUTE, 10)).toBe(0);
    expect(read(-5, 200)).toEqual(before);
    expect(read(2, 60)).toEqual(before.filter((item) => item.time >= BASE + 2 * MINUTE && item.time <= BASE + 60 * MINUTE));

    store.close();
    store = new TapeStore(path);
    expect(read(-5, 200)).toEqual(before);
    // The recent reads (the chart's 1m answers) hold the same rows as the file.
    const slice = store.recentMinutes(SYMBOL, BASE - 5 * MINUTE, BASE + 200 * MINUTE);
    expect(slice?.candles.slice(slice.start, slice.end)).toEqual(before);
  });

  it('merges a minute written into a compacted hour (after a restart too), and compacts it again', () => {
    const path = join(tempDir('perp-tape-blocks-'), 'tape.sqlite');
    store = new TapeStore(path);
    store.writeMinutes([0, 1, 2].map((minute) => candle(minute, 100 + minute)));
    store.compactSome(SYMBOL, BASE + 2 * 60 * MINUTE, 10);
    store.close();
    store = new TapeStore(path);
    store.writeMinutes([candle(1, 90, 5), candle(4, 104)]);
    const merged = read(0, 59);
    expect(merged.map((item) => (item.time - BASE) / MINUTE)).toEqual([0, 1, 2, 4]);
    // Minute 1 had open 101, high 102.5, low 100.5 and 2 samples; the later snapshots are merged in.
    expect(merged[1]).toMatchObject({ open: 101, high: 102.5, low: 89.5, close: 90.25, samples: 7 });
    expect(store.compactSome(SYMBOL, BASE + 2 * 60 * MINUTE, 10)).toBe(1);
    expect(read(0, 59)).toEqual(merged);
  });

  it('prunes to the minute through blocks, never bringing back the older self of a minute written late', () => {
    store = new TapeStore(join(tempDir('perp-tape-blocks-'), 'tape.sqlite'));
    store.writeMinutes([0, 30, 60, 90, 110, 130].map((minute) => candle(minute, 100 + minute)));
    expect(store.compactSome(SYMBOL, BASE + 120 * MINUTE, 10)).toBe(2);
    // Minute 90, in the compacted second hour, gets more snapshots: its newer self is a row.
    store.writeMinutes([candle(90, 50, 5)]);
    const late = read(90, 90)[0];
    expect(late).toMatchObject({ open: 190, low: 49.5, samples: 7 });

    while (store.pruneSome(SYMBOL, BASE + 85 * MINUTE, 1440) > 0);
    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([90, 110, 130]);
    expect(read(90, 90)[0]).toEqual(late);
    while (store.pruneSome(SYMBOL, BASE + 100 * MINUTE, 1440) > 0);
    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([110, 130]);
    // Nothing left before the cutoff: another round finds nothing to do.
    expect(store.pruneSome(SYMBOL, BASE + 100 * MINUTE, 1440)).toBe(0);
  });

  it('prunes in batches shorter than an hour, a block at a time', () => {
    store = new TapeStore(join(tempDir('perp-tape-blocks-'), 'tape.sqlite'));
    store.writeMinutes([0, 1, 2, 3, 4, 5].map((minute) => candle(minute, 100 + minute)));
    store.compactSome(SYMBOL, BASE + 60 * MINUTE, 10);
    let rounds = 0;
    while (store.pruneSome(SYMBOL, BASE + 4 * MINUTE, 2) > 0) rounds += 1;
    expect(rounds).toBe(2);
    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([4, 5]);
  });

  it('keeps the recent reads equal to the file through a compaction and a late minute', () => {
    store = new TapeStore(join(tempDir('perp-tape-blocks-'), 'tape.sqlite'));
    store.writeMinutes([0, 1, 2, 61, 62].map((minute) => candle(minute, 100 + minute)));
    const recent = () => {
      const slice = store!.recentMinutes(SYMBOL, BASE, BASE + 90 * MINUTE)!;
      return slice.candles.slice(slice.start, slice.end);
    };
    expect(recent()).toEqual(read(0, 90));
    store.compactSome(SYMBOL, BASE + 61 * MINUTE, 10);
    expect(recent()).toEqual(read(0, 90));
    store.writeMinutes([candle(1, 80, 4)]);
    expect(recent()).toEqual(read(0, 90));
    expect(recent()[1]).toMatchObject({ low: 79.5, samples: 6 });
  });

  it('reads a damaged block as a gap, says so once, sets it aside and compacts the hours after it', () => {
    const path = join(tempDir('perp-tape-blocks-'), 'tape.sqlite');
    store = new TapeStore(path);
    const told: string[] = [];
    store.onDamagedBlock = (symbol, hourStart, message) => told.push(`${symbol} ${new Date(hourStart).toISOString()} ${message}`);
    store.writeMinutes([0, 1, 60, 61].map((minute) => candle(minute, 100 + minute)));
    store.compactSome(SYMBOL, BASE + 2 * 60 * MINUTE, 10);
    const file = new Database(path);
    // The first hour's block damaged on disk: a minute that is past the hour.
    file.prepare('UPDATE minute_blocks SET data = ? WHERE hour = ?').run(Buffer.from([61, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), BASE / 3_600_000);
    file.close();

    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([60, 61]);
    expect(read(0, 59)).toEqual([]);
    expect(store.damagedBlocks).toBe(1);
    expect(told).toEqual([`${SYMBOL} 2030-01-01T10:00:00.000Z hour block ${BASE / 3_600_000}: minute 61 after -1, not a block`]);

    // A minute of that hour written again, then the next compaction: the damaged bytes go aside,
    // the hour is a block again with what was written since, and the hours after are compacted.
    store.writeMinutes([candle(1, 90), candle(120, 220)]);
    expect(store.compactSome(SYMBOL, BASE + 3 * 60 * MINUTE, 10)).toBe(2);
    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([1, 60, 61, 120]);
    store.close();
    const after = new Database(path, { readonly: true });
    expect(after.prepare('SELECT count(*) FROM minute_blocks_damaged').pluck().get()).toBe(1);
    expect(after.prepare('SELECT count(*) FROM minutes').pluck().get()).toBe(0);
    after.close();
    store = new TapeStore(path);
    expect(read(-5, 200).map((item) => (item.time - BASE) / MINUTE)).toEqual([1, 60, 61, 120]);
    expect(store.damagedBlocks).toBe(0);
    expect(told).toHaveLength(1);
  });
});
