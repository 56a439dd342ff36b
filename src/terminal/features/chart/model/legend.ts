import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import { DASH, formatFixed, formatPercent } from '@/terminal/shared/format/number';
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
/** A value already in percent, signed, written as the scales and the grids write percentages. */
const signed = (value: number | undefined, decimals: number) => (value === undefined ? DASH : formatPercent(value / 100, decimals));

/** The legend's words: a slot with no candle says so, rather than showing the last one's numbers. */
export function legendItems(values: LegendValues | undefined, priceDecimals: number, quantityDecimals: number): LegendItem[] {
  if (!values) return [];
  const candle = values.candle;
  if (!candle) return [{ label: t`No candle`, value: t`the proxy received no snapshot then` }];
  return [
    { label: t({ message: 'O', context: 'chart legend: the candle\'s open price, one letter' }), value: plain(candle.open, priceDecimals) },
    { label: t({ message: 'H', context: 'chart legend: the candle\'s high price, one letter' }), value: plain(candle.high, priceDecimals) },
    { label: t({ message: 'L', context: 'chart legend: the candle\'s low price, one letter' }), value: plain(candle.low, priceDecimals) },
    { label: t({ message: 'C', context: 'chart legend: the candle\'s close price, one letter' }), value: plain(candle.close, priceDecimals) },
    { label: t({ message: 'Index', context: 'the index price' }), value: plain(values.index, priceDecimals) },
    { label: t({ message: 'Basis', context: 'mark price minus index price, in % of the index' }), value: signed(values.basis, 3) },
    { label: t({ message: 'Funding', context: 'the estimated funding rate' }), value: signed(values.funding, 4) },
    { label: t({ message: 'OI', context: 'chart legend: open interest, abbreviated' }), value: plain(values.openInterest, quantityDecimals) },
  ];
}
