import { joinedJson } from './candlesJson';
import { decodeMinute, type StoredCandle } from './codec';

/*
 * Minutes read back from the file, kept for the next read of the same instrument. A chart asks for
 * the same day again and again as the minutes go by; reading and decoding 1,440 rows and writing
 * them as JSON each time cost about 5 ms, most of the 5 ms budget of that answer. Only the minutes
 * the tape did not hand out before are read. The store tells the cache of every minute it writes
 * or deletes, so nothing served from here differs from the file.
 */

/** Every stored minute of one instrument in [first, last] (minute numbers), oldest first. */
interface MinuteSpan {
  first: number;
  last: number;
  minutes: number[];
  candles: StoredCandle[];
  /** Each candle's JSON (without `simulated`), made the first time it is served. */
  json: (string | undefined)[];
  /** The JSON of candles [start, end) joined by commas, as last served. */
  joined?: { start: number; end: number; bytes: Buffer };
}

/** Candles of a span that a read asked for: [start, end) of `candles`, read-only. */
export interface MinuteSlice {
  readonly candles: readonly StoredCandle[];
  readonly start: number;
  readonly end: number;
  /** The JSON of candle `i` (as the answer writes it). */
  json(i: number): string;
  /**
   * The JSON of candles [start, end) joined by commas, as bytes. Kept for the next read of the same
   * candles: a 300 kB string made anew for each answer cost more in garbage collection than to write.
   */
  joined(): Buffer;
}

/** Rows [minute, ...MinuteRow] of one instrument, minutes in [from, to], in order. */
export type ReadMinuteRows = (from: number, to: number) => number[][];

/** The JSON of a candle as the answer writes it (the schema's keys, in its order). */
export type CandleJson = (candle: StoredCandle) => string;

function firstAtOrAfter(minutes: readonly number[], minute: number): number {
  let low = 0;
  let high = minutes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (minutes[middle]! < minute) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class MinuteCache {
  /** Spans by instrument id, least recently read first. */
  private readonly spans = new Map<number, MinuteSpan>();

  constructor(
    private readonly candleJson: CandleJson,
    /** About 2.5 MB per instrument at most (6,000 rows of some 400 bytes). */
    private readonly maxInstruments = 8,
    /** A span grows as minutes go by; past this many rows it keeps only what was last asked for. */
    private readonly maxRows = 6_000,
  ) {}

  /** The stored minutes of `id` in [from, to] (minute numbers), reading from the file what is not here. */
  read(id: number, from: number, to: number, readRows: ReadMinuteRows): MinuteSlice {
    let span = this.spans.get(id);
    if (!span || from < span.first || from > span.last + 1) {
      span = { first: from, last: from - 1, minutes: [], candles: [], json: [] };
    }
    if (to > span.last) {
      for (const row of readRows(span.last + 1, to)) {
        span.minutes.push(row[0]!);
        span.candles.push(decodeMinute(row[0]!, row, 1));
        span.json.push(undefined);
      }
      span.last = to;
    }
    if (span.minutes.length > this.maxRows) this.cut(span, firstAtOrAfter(span.minutes, from), from);
    this.spans.delete(id);
    this.spans.set(id, span);
    if (this.spans.size > this.maxInstruments) this.spans.delete(this.spans.keys().next().value!);

    const kept = span;
    const candleJson = this.candleJson;
    const json = (i: number) => (kept.json[i] ??= candleJson(kept.candles[i]!));
    const start = firstAtOrAfter(span.minutes, from);
    const end = firstAtOrAfter(span.minutes, to + 1);
    const joined = () => {
      if (kept.joined?.start !== start || kept.joined.end !== end) {
        const parts = new Array<string>(end - start);
        for (let i = start; i < end; i++) parts[i - start] = json(i);
        kept.joined = { start, end, bytes: joinedJson(parts) };
      }
      return kept.joined.bytes;
    };
    return { candles: span.candles, start, end, json, joined };
  }

  /** A minute of `id` was written: what the cache has from it on is no longer the file's. */
  written(id: number, minute: number): void {
    const span = this.spans.get(id);
    // A minute outside the span changes nothing in it (a gap before or after stays as read).
    if (!span || minute > span.last || minute < span.first) return;
    const at = firstAtOrAfter(span.minutes, minute);
    span.joined = undefined;
    span.minutes.length = at;
    span.candles.length = at;
    span.json.length = at;
    span.last = minute - 1;
  }

  /** Minutes of `id` were deleted. */
  pruned(id: number): void {
    this.spans.delete(id);
  }

  private cut(span: MinuteSpan, at: number, first: number): void {
    span.minutes.splice(0, at);
    span.candles.splice(0, at);
    span.json.splice(0, at);
    span.joined = undefined;
    span.first = first;
  }
}
