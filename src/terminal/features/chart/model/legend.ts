import { DASH, formatFixed } from '@/terminal/shared/format/number';
import { hasCandle, hasValue, type ChartSeries } from './series';

/** What the legend shows: the values of one slot (the crosshair's, else the last). */
export interface LegendValues {
  /** Chart time, whole seconds. */
  time: number;
  candle: { open: number; high: number; low: number; close: number } | undefined;
  index: number | undefined;
  basis: number | undefined;
  /** Percent. */
  funding: number | undefined;
  openInterest: number | undefined;
}

/** The values of slot `at` of every series; undefined past either end. */
export function legendAt(series: ChartSeries, at: number): LegendValues | undefined {
  const candle = series.candles[at];
  if (!candle) return undefined;
  const value = (slots: ChartSeries['index']) => {
    const slot = slots[at];
    return slot && hasValue(slot) ? slot.value : undefined;
  };
  return {
    time: candle.time,
    candle: hasCandle(candle) ? { open: candle.open, high: candle.high, low: candle.low, close: candle.close } : undefined,
    index: value(series.index),
    basis: value(series.basis),
    funding: value(series.funding),
    openInterest: value(series.openInterest),
  };
}

export interface LegendItem {
  label: string;
  value: string;
}

const plain = (value: number | undefined, decimals: number) => (value === undefined ? DASH : formatFixed(value, decimals));
const signed = (value: number | undefined, decimals: number) =>
  value === undefined ? DASH : `${value > 0 ? '+' : ''}${formatFixed(value, decimals)}%`;

/** The legend's words: a slot with no candle says so, rather than showing the last one's numbers. */
export function legendItems(values: LegendValues | undefined, priceDecimals: number, quantityDecimals: number): LegendItem[] {
  if (!values) return [];
  const candle = values.candle;
  if (!candle) return [{ label: 'No candle', value: 'the proxy received no snapshot then' }];
  return [
    { label: 'O', value: plain(candle.open, priceDecimals) },
    { label: 'H', value: plain(candle.high, priceDecimals) },
    { label: 'L', value: plain(candle.low, priceDecimals) },
    { label: 'C', value: plain(candle.close, priceDecimals) },
    { label: 'Index', value: plain(values.index, priceDecimals) },
    { label: 'Basis', value: signed(values.basis, 3) },
    { label: 'Funding', value: signed(values.funding, 4) },
    { label: 'OI', value: plain(values.openInterest, quantityDecimals) },
  ];
}
