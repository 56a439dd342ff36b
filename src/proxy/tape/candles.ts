import { TAPE_MAX_ROWS, tapeResolutions, type TapeCandle, type TapeCandlesQuery } from '@/interface';
import { mergeCandle, type StoredCandle } from './codec';
import type { TapeRecorder } from './recorder';
import { HOUR_MS } from './tapeStore';

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
  rows: TapeCandle[];
  recordingSince: number | null;
  simulated: boolean;
}

/** Candles of `step` folded into buckets of `size` ms (both in time order). */
function rollUp(candles: StoredCandle[], size: number): StoredCandle[] {
  const out: StoredCandle[] = [];
  for (const candle of candles) {
    const time = Math.floor(candle.time / size) * size;
    const last = out[out.length - 1];
    if (last && last.time === time) mergeCandle(last, candle);
    else out.push({ ...candle, time });
  }
  return out;
}

/**
 * Candles of one instrument whose start lies in [from, to], oldest first. Resolutions under an hour
 * are rolled up from the minutes at query time; an hour and more from the stored hours. The minute
 * in progress (in memory) is included, so the last candle is as fresh as the last snapshot.
 */
export function tapeCandles(recorder: TapeRecorder, query: TapeCandlesQuery): TapeAnswer {
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
  const start = Math.floor(query.from / size) * size;
  const fromHours = size >= HOUR_MS;
  const stored = fromHours ? recorder.store.hours(query.symbol, start, query.to) : recorder.store.minutes(query.symbol, start, query.to);
  const live = recorder.inProgress(query.symbol);
  if (live && live.time >= start && live.time <= query.to) {
    const time = fromHours ? Math.floor(live.time / HOUR_MS) * HOUR_MS : live.time;
    const last = stored[stored.length - 1];
    if (last && last.time === time) mergeCandle(last, live);
    else if (!last || last.time < time) stored.push({ ...live, time });
  }
  const candles = size === (fromHours ? HOUR_MS : 60_000) ? stored : rollUp(stored, size);
  let simulated = false;
  const rows = candles.map(({ simulated: fromSimulator, ...candle }) => {
    simulated ||= fromSimulator;
    return candle;
  });
  const since = recorder.store.recordedSince(query.symbol) ?? recorder.inProgress(query.symbol)?.time ?? null;
  return { rows, recordingSince: since, simulated };
}
