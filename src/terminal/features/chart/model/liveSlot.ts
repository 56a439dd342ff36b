import { hasCandle, hasValue, type CandleBar, type ChartSeries } from './series';

export type ValueKey = 'index' | 'basis' | 'funding' | 'openInterest';
export const VALUE_KEYS: readonly ValueKey[] = ['index', 'basis', 'funding', 'openInterest'];

/** One slot of every series: the live one as the polls bring it, or the one before it as the library holds it. */
export interface LiveSlot {
  time: number;
  candle?: CandleBar;
  values: Partial<Record<ValueKey, number>>;
}

/** The slot at `at` of every series (undefined before the first). */
export function liveSlotAt(series: ChartSeries, at: number): LiveSlot | undefined {
  const slot = series.candles[at];
  if (!slot) return undefined;
  const values: LiveSlot['values'] = {};
  for (const key of VALUE_KEYS) {
    const value = series[key][at];
    if (value && hasValue(value)) values[key] = value.value;
  }
  return { time: slot.time, candle: hasCandle(slot) ? slot : undefined, values };
}

/** The slots as the library is to hold them: the live slot (the last, at `liveTime`) a blank in every series. */
export function withLiveBlank(series: ChartSeries, liveTime: number | undefined): ChartSeries {
  const blank = <T extends { time: number }>(slots: T[]): (T | { time: number })[] =>
    liveTime !== undefined && slots.at(-1)?.time === liveTime ? [...slots.slice(0, -1), { time: liveTime }] : slots;
  return {
    candles: blank(series.candles),
    index: blank(series.index),
    basis: blank(series.basis),
    funding: blank(series.funding),
    openInterest: blank(series.openInterest),
  };
}
