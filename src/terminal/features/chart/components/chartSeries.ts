import { CandlestickSeries, LineSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { ChartColours } from '../model/colours';
import { amountFormat, candleColours, percentFormat } from './chartOptions';

/** Every series of the chart: mark candles, index and basis in the price pane, funding and open interest below. */
export interface ChartSeriesApis {
  candles: ISeriesApi<'Candlestick'>;
  index: ISeriesApi<'Line'>;
  basis: ISeriesApi<'Line'>;
  funding: ISeriesApi<'Line'>;
  openInterest: ISeriesApi<'Line'>;
}

/**
 * The series, in the theme's colours. The live slot, its price lines, last values and the series'
 * names beside the scales are the page's (LiveTail, LastPriceLabel): the library holds that slot as a blank.
 */
export function addChartSeries(chart: IChartApi, colours: ChartColours): ChartSeriesApis {
  const live = { lastValueVisible: false, priceLineVisible: false, lineWidth: 1 } as const;
  return {
    candles: chart.addSeries(CandlestickSeries, { ...candleColours(colours), lastValueVisible: false, priceLineVisible: false, title: '' }),
    index: chart.addSeries(LineSeries, { ...live, color: colours.index, title: '', crosshairMarkerVisible: false }),
    basis: chart.addSeries(LineSeries, { ...live, color: colours.basis, title: '', priceScaleId: 'left', visible: false, priceFormat: percentFormat(3) }),
    funding: chart.addSeries(LineSeries, { ...live, color: colours.funding, title: '', priceFormat: percentFormat(4) }, 1),
    openInterest: chart.addSeries(LineSeries, { ...live, color: colours.openInterest, title: '', priceFormat: amountFormat }, 2),
  };
}

/** Another theme, or up and down swapped. */
export function colourSeries(all: ChartSeriesApis, colours: ChartColours): void {
  all.candles.applyOptions(candleColours(colours));
  all.index.applyOptions({ color: colours.index });
  all.basis.applyOptions({ color: colours.basis });
  all.funding.applyOptions({ color: colours.funding });
  all.openInterest.applyOptions({ color: colours.openInterest });
}
