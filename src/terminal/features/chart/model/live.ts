import { emptySeries, pushBlanks, pushCandle, slotStart, type ChartSeries } from './series';
import type { TapeCandle } from '@/interface';

/** One market's values in one poll of the markets feed, at the service's time of the snapshot. */
export interface MarketTick {
  serviceTime: number;
  mark: number;
  index: number;
  fundingRate: number;
  openInterest: number;
}

/**
 * The markets feed as the chart follows it: each poll's values of one market, given outside
 * React's renders, so a poll moves the canvas without rendering the chart's views. `watch` calls
 * the listener with the values there are now (if any), then with each new poll's; it returns the
 * unsubscribe.
 */
export interface TickSource {
  watch(symbol: string, listener: (tick: MarketTick) => void): () => void;
}

/** The candle the chart drew last, which the next poll moves (same slot) or follows (a later one). */
export interface LastCandle {
  startMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface LiveUpdate {
  last: LastCandle;
  /** The slots to update, in time order: blanks for the slots no poll reached, then the live candle. */
  series: ChartSeries;
}

export function lastCandleOf(rows: readonly TapeCandle[]): LastCandle | undefined {
  const candle = rows.at(-1);
  return candle && { startMs: candle.time, open: candle.open, high: candle.high, low: candle.low, close: candle.close };
}

/**
 * A poll's effect on the chart: the current candle takes the mark as its close (and stretches its
 * high or low), or a new candle opens at the mark when the poll is in a later slot. A poll older
 * than the last candle changes nothing (the tape already has that moment). The slots between are
 * blanks: the terminal saw no snapshot then.
 */
export function liveUpdate(last: LastCandle | undefined, tick: MarketTick, resolutionMs: number): LiveUpdate | undefined {
  const { mark } = tick;
  if (!Number.isFinite(mark) || !Number.isFinite(tick.serviceTime)) return undefined;
  const startMs = slotStart(tick.serviceTime, resolutionMs);
  if (last && startMs < last.startMs) return undefined;
  const series = emptySeries();
  let candle: LastCandle;
  if (last && startMs === last.startMs) {
    candle = { startMs, open: last.open, high: Math.max(last.high, mark), low: Math.min(last.low, mark), close: mark };
  } else {
    if (last) pushBlanks(series, last.startMs, startMs, resolutionMs);
    candle = { startMs, open: mark, high: mark, low: mark, close: mark };
  }
  pushCandle(series, {
    time: startMs,
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
    index_close: tick.index,
    est_funding_rate: tick.fundingRate,
    open_interest: tick.openInterest,
    volume_24h: 0,
    samples: 1,
  });
  return { last: candle, series };
}
