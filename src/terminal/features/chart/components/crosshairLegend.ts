import type { ISeriesApi, MouseEventParams, Time } from 'lightweight-charts';
import type { LegendValues } from '../model/legend';

/** The chart's series, as the legend reads them. */
export interface LegendSeries {
  candles: ISeriesApi<'Candlestick'>;
  index: ISeriesApi<'Line'>;
  basis: ISeriesApi<'Line'>;
  funding: ISeriesApi<'Line'>;
  openInterest: ISeriesApi<'Line'>;
}

/** The values the library holds at the crosshair's slot (`param.time` set). */
export function crosshairLegend(param: MouseEventParams<Time>, series: LegendSeries): LegendValues {
  const value = (line: ISeriesApi<'Line'>) => {
    const data = param.seriesData.get(line);
    return data && 'value' in data ? data.value : undefined;
  };
  const candle = param.seriesData.get(series.candles);
  return {
    time: Number(param.time),
    candle: candle && 'close' in candle ? { open: candle.open, high: candle.high, low: candle.low, close: candle.close } : undefined,
    index: value(series.index),
    basis: value(series.basis),
    funding: value(series.funding),
    openInterest: value(series.openInterest),
  };
}
