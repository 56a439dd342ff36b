import { TAPE_MAX_ROWS, tapeResolutions, type TapeCandlesQuery } from '@/interface';
import { candleJson, joinedJson } from './candlesJson';
import { mergeCandle, type StoredCandle } from './codec';
import type { MinuteSlice } from './minuteCache';
import type { TapeRecorder } from './recorder';
import { HOUR_MS, MINUTE_MS } from './tapeStore';

/** A query the tape cannot answer, naming the parameter to fix. */
export class TapeQueryError extends Error {
  constructor(
    readonly parameter: string,
    detail: string,
  ) {
    super(`${parameter}: ${detail}`);
  }
}

export interface TapeAnswer {
  /** The candles' JSON (see candlesJson.ts), oldest first, joined by commas. */
  rows: Buffer;
  recordingSince: number | null;
  simulated: boolean;
}

/** Candles of `step` folded into buckets of `size` ms (both in time order); `candles` are not changed. */
function rollUp(candles: readonly StoredCandle[], size: number): StoredCandle[] {
  const out: StoredCandle[] = [];
  for (const candle of candles) {
    const time = Math.floor(candle.time / size) * size;
    const last = out[out.length - 1];
    if (last && last.time === time) mergeCandle(last, candle);
    else out.push({ ...candle, time });
  }
  return out;
}

/** The resolution's length in ms, once the query is one the tape can answer. */
function checkedSize(recorder: TapeRecorder, query: TapeCandlesQuery): number {
  const size = tapeResolutions[query.resolution];
  if (query.from > query.to) throw new TapeQueryError('from', `${query.from} is after to (${query.to})`);
  const count = Math.floor(query.to / size) - Math.floor(query.from / size) + 1;
  if (count > TAPE_MAX_ROWS) {
    throw new TapeQueryError(
      'from',
      `from–to spans ${count} candles of ${query.resolution}, more than ${TAPE_MAX_ROWS} per answer; narrow the range or take a coarser resolution`,
    );
  }
  if (!recorder.has(query.symbol)) {
    throw new TapeQueryError('symbol', `${query.symbol} is not on the tape (the service has not served it since the tape began)`);
  }
  return size;
}

/**
 * `candles` (buckets of `bucket` ms, stored, in time order) with the minute in progress merged
 * into its bucket; the stored candles themselves are not changed (a copy takes the merge).
 */
function withLive(candles: StoredCandle[], live: StoredCandle | undefined, bucket: number): StoredCandle[] {
  if (!live) return candles;
  const time = Math.floor(live.time / bucket) * bucket;
  const last = candles[candles.length - 1];
  if (last && last.time === time) candles[candles.length - 1] = mergeCandle({ ...last }, live);
  else if (!last || last.time < time) candles.push({ ...live, time });
  return candles;
}

/** The 1m answer: the rows' JSON as earlier reads wrote it, only the minute in progress written now. */
function minuteRows(slice: MinuteSlice | undefined, live: StoredCandle | undefined) {
  let simulated = false;
  const start = slice?.start ?? 0;
  const end = slice?.end ?? 0;
  for (let i = start; i < end; i++) if (slice!.candles[i]!.simulated) simulated = true;
  const last = slice && end > start ? slice.candles[end - 1] : undefined;
  if (last && live && last.time === live.time) {
    // The minute in progress goes on from one on the file (after a restart): that row changes.
    const rows: string[] = [];
    for (let i = start; i < end - 1; i++) rows.push(slice!.json(i));
    rows.push(candleJson(mergeCandle({ ...last }, live)));
    return { rows: joinedJson(rows), simulated };
  }
  const stored = slice ? slice.joined() : Buffer.alloc(0);
  if (!live || (last && last.time > live.time)) return { rows: stored, simulated };
  return { rows: Buffer.concat([stored, Buffer.from(`${stored.length > 0 ? ',' : ''}${candleJson(live)}`)]), simulated };
}

/**
 * Candles of one instrument whose start lies in [from, to], oldest first. Resolutions under an hour
 * are rolled up from the minutes at query time; an hour and more from the stored hours. The minute
 * in progress (in memory) is included, so the last candle is as fresh as the last snapshot.
 */
export function tapeCandles(recorder: TapeRecorder, query: TapeCandlesQuery): TapeAnswer {
  const size = checkedSize(recorder, query);
  const { symbol, to } = query;
  const start = Math.floor(query.from / size) * size;
  const inProgress = recorder.inProgress(symbol);
  const live = inProgress && inProgress.time >= start && inProgress.time <= to ? inProgress : undefined;
  const recordingSince = recorder.store.recordedSince(symbol) ?? inProgress?.time ?? null;
  if (size === MINUTE_MS) return { ...minuteRows(recorder.store.recentMinutes(symbol, start, to), live), recordingSince };

  let candles: StoredCandle[];
  if (size >= HOUR_MS) candles = rollUp(withLive(recorder.store.hours(symbol, start, to), live, HOUR_MS), size);
  // 5m and 15m read their minutes straight from the file: 1,500 of those slots are up to 22,500
  // minutes, more than the kept reads hold per instrument (they are for repeated 1m reads).
  else candles = rollUp(withLive(recorder.store.minutes(symbol, start, to), live, MINUTE_MS), size);
  return { rows: joinedJson(candles.map(candleJson)), recordingSince, simulated: candles.some((candle) => candle.simulated) };
}
