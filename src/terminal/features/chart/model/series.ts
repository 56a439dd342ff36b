import type { TapeCandle } from '@/interface';
import { basisPercent } from './basis';

/** Chart time: whole seconds since epoch, UTC (the chart library's UTCTimestamp). */
export type ChartTime = number;

export interface CandleBar {
  time: ChartTime;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ValueBar {
  time: ChartTime;
  value: number;
}

/** A slot with nothing in it: the chart keeps its room, so a missing candle shows as a gap. */
export interface Blank {
  time: ChartTime;
}

export type Slot<T> = T | Blank;

/** Every series the chart draws, slot for slot (a gap is a blank in each). */
export interface ChartSeries {
  candles: Slot<CandleBar>[];
  index: Slot<ValueBar>[];
  basis: Slot<ValueBar>[];
  /** Estimated funding rate in percent (0.0001 → 0.01). */
  funding: Slot<ValueBar>[];
  openInterest: Slot<ValueBar>[];
}

/**
 * Blanks one gap may hold at most. The query asks for a bounded number of slots, so this only
 * guards against a `time` far off its neighbours; a longer gap is drawn this wide.
 */
export const MAX_GAP_SLOTS = 5000;

export const toChartTime = (ms: number): ChartTime => Math.floor(ms / 1000);

export const hasCandle = (slot: Slot<CandleBar>): slot is CandleBar => 'close' in slot;
export const hasValue = (slot: Slot<ValueBar>): slot is ValueBar => 'value' in slot;

export const emptySeries = (): ChartSeries => ({ candles: [], index: [], basis: [], funding: [], openInterest: [] });

/** The candle's start of a moment, at a resolution (candles start on whole multiples since epoch). */
export const slotStart = (ms: number, resolutionMs: number) => Math.floor(ms / resolutionMs) * resolutionMs;

/** The slots strictly between two candle starts, as blanks in every series. */
export function pushBlanks(series: ChartSeries, afterMs: number, beforeMs: number, resolutionMs: number): void {
  let count = 0;
  for (let at = afterMs + resolutionMs; at < beforeMs && count < MAX_GAP_SLOTS; at += resolutionMs, count++) {
    const blank = { time: toChartTime(at) };
    series.candles.push(blank);
    series.index.push(blank);
    series.basis.push(blank);
    series.funding.push(blank);
    series.openInterest.push(blank);
  }
}

/** One candle of the tape as a slot of every series. */
export function pushCandle(series: ChartSeries, candle: TapeCandle): void {
  const time = toChartTime(candle.time);
  series.candles.push({ time, open: candle.open, high: candle.high, low: candle.low, close: candle.close });
  series.index.push({ time, value: candle.index_close });
  const basis = basisPercent(candle.close, candle.index_close);
  series.basis.push(basis === null ? { time } : { time, value: basis });
  series.funding.push({ time, value: candle.est_funding_rate * 100 });
  series.openInterest.push({ time, value: candle.open_interest });
}

/**
 * The tape's candles as the chart's series, in time order, with a blank slot for every candle the
 * tape does not have: the proxy received no snapshot then, and the chart must not join across.
 */
export function toChartSeries(rows: readonly TapeCandle[], resolutionMs: number): ChartSeries {
  const series = emptySeries();
  let previous: number | undefined;
  for (const candle of rows) {
    if (previous !== undefined && candle.time <= previous) continue;
    if (previous !== undefined) pushBlanks(series, previous, candle.time, resolutionMs);
    pushCandle(series, candle);
    previous = candle.time;
  }
  return series;
}

/** Whether two slots draw the same: the same time, and the same values (or both blank). */
export function sameSlot(a: Slot<CandleBar> | Slot<ValueBar> | undefined, b: Slot<CandleBar> | Slot<ValueBar>): boolean {
  if (!a || a.time !== b.time) return false;
  const [x, y] = [a as Partial<CandleBar & ValueBar>, b as Partial<CandleBar & ValueBar>];
  return x.value === y.value && x.open === y.open && x.high === y.high && x.low === y.low && x.close === y.close;
}
