import {
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { onLocaleChange } from '@/terminal/shared/i18n/i18n';
import type { ChartColours } from '../model/colours';
import { crosshairLabel, tickLabel } from '../model/time';
import { legendAt, type LegendValues } from '../model/legend';
import { liveUpdate, type LastCandle, type MarketTick } from '../model/live';
import type { HeldLine, HeldMarker } from '../model/heldLines';
import type { ChartPriceLine } from '../model/priceLines';
import { toChartTime, type ChartSeries } from '../model/series';
import { paletteOptions, priceFormatOf, seriesTitles } from './chartOptions';
import { addChartSeries, colourSeries, type ChartSeriesApis } from './chartSeries';
import { HeldLayer } from './heldLayer';
import { ChartSizer } from './chartSizer';
import { crosshairLegend } from './crosshairLegend';
import { HistoryWindow } from './historyWindow';
import { LiveTail } from './liveTail';
import { liveSlotAt, withLiveBlank } from '../model/liveSlot';
import { OrderLines } from './orderLines';
import { LibraryFeed } from './libraryFeed';
import { PricePaneWatch, type PricePaneHandlers } from './pricePane';

export interface ChartHandlers extends PricePaneHandlers {
  /** The values under the crosshair, or of the last candle when the pointer is off the chart. */
  onLegend(values: LegendValues | undefined): void;
}

type ValueSeries = ISeriesApi<'Line'>;

// The chart library wants its nominal time type; ours is the same whole seconds.
const asTimed = <T extends { time: number }>(slots: readonly T[]) => slots as unknown as (T & { time: UTCTimestamp })[];

/**
 * The canvas side of the chart, as one object the React view drives: mark candles with the index
 * over them (and the basis, when asked for) in the top pane, funding and open interest below. It
 * holds no logic of its own: what to draw comes from the model's pure functions.
 */
export class ChartEngine {
  private readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private readonly index: ValueSeries;
  private readonly basis: ValueSeries;
  private readonly funding: ValueSeries;
  private readonly openInterest: ValueSeries;
  private readonly orders: OrderLines;
  private last: LastCandle | undefined;
  private latest: LegendValues | undefined;
  /** The slot under the crosshair (chart seconds), if any. */
  private hoveredTime: number | undefined;
  private readonly stopFollowingLocale: () => void;
  private readonly pane: PricePaneWatch;
  private readonly held: HeldLayer;
  private readonly feed: LibraryFeed;
  private readonly sizer: ChartSizer;
  private readonly history: HistoryWindow;
  private readonly tail: LiveTail;
  private readonly all: ChartSeriesApis;

  constructor(
    container: HTMLElement,
    colours: ChartColours,
    private readonly handlers: ChartHandlers,
  ) {
    this.chart = createChart(container, {
      ...paletteOptions(colours),
      layout: {
        ...paletteOptions(colours).layout,
        // The library's own logo injects an inline stylesheet, which the page's CSP refuses: the
        // panel shows the attribution link instead (see CandleChart).
        attributionLogo: false,
      },
      // Room above the candles for the legend.
      rightPriceScale: { borderColor: colours.grid, scaleMargins: { top: 0.18, bottom: 0.06 } },
      leftPriceScale: { borderColor: colours.grid, visible: false },
      timeScale: {
        borderColor: colours.grid,
        // The library counts from its last slot with data; the live slot is a blank after it (LiveTail).
        rightOffset: 1,
        // A candle that ends replaces its blank: the view moves on with it, as with a new bar.
        allowShiftVisibleRangeOnWhitespaceReplacement: true,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, unit: number) => tickLabel(Number(time), unit),
      },
      localization: { timeFormatter: (time: Time) => crosshairLabel(Number(time)) },
    });
    // Not the library's autoSize, which resizes on every frame of a splitter's drag (ChartSizer).
    this.sizer = new ChartSizer(this.chart, container);
    const all = addChartSeries(this.chart, colours);
    ({ candles: this.candles, index: this.index, basis: this.basis, funding: this.funding, openInterest: this.openInterest } = all);
    this.all = all;
    this.tail = new LiveTail(this.chart, container, all, colours, this.hidden);
    this.tail.setTitles(seriesTitles());
    for (const key of Object.keys(all) as (keyof ChartSeriesApis)[]) all[key].applyOptions({ autoscaleInfoProvider: this.tail.autoscale(key) });
    this.orders = new OrderLines(this.candles, colours);
    // The series' names follow the language; the price lines' titles come from the view, which renders again.
    this.stopFollowingLocale = onLocaleChange(() => {
      this.tail.setTitles(seriesTitles());
      this.writeLast();
    });
    const [, fundingPane, interestPane] = this.chart.panes();
    this.chart.panes()[0]?.setStretchFactor(4);
    fundingPane?.setStretchFactor(1);
    interestPane?.setStretchFactor(1);
    // No click handler: a plain click, drag or scroll never prices an order (see PricePaneWatch).
    this.pane = new PricePaneWatch(this.chart, this.candles, container, handlers, () => this.last?.close);
    this.chart.subscribeCrosshairMove(this.crosshair);
    this.held = new HeldLayer(this.candles, colours, (markers) => this.tail.setMarkers(markers));
    this.history = new HistoryWindow(this.chart, (held) => this.hold(held));
    this.feed = new LibraryFeed(this.chart, all, this.history, this.hidden);
    document.addEventListener('visibilitychange', this.showAgain);
    this.chart.timeScale().subscribeSizeChange(this.resized);
  }

  /** The tab hidden, or the panel (a dock tab behind another): nothing is drawn. The library's own size (reading the element's in a poll forces a layout). */
  private readonly hidden = () => document.hidden || this.chart.paneSize(0).width === 0;

  /** Shown again (the tab): what the polls meanwhile brought is drawn, the panes scaled to the live values. */
  private readonly showAgain = () => {
    this.feed.rescale(this.liveTime);
    this.tail.soon();
  };

  /** At a new size (the panel shown again, or resized): the library draws anyway, and scales its panes then. */
  private readonly resized = () => {
    this.feed.flush();
    this.tail.soon();
  };

  /**
   * Slots as the library is to hold them: the live one a blank (LiveTail draws it), unless no candle
   * comes before it (a market whose tape is empty): the library scales its panes only to values it holds.
   */
  private forLibrary(slots: ChartSeries): ChartSeries {
    return this.history.hasCandleBeforeLive() ? withLiveBlank(slots, this.liveTime) : slots;
  }

  /** The live slot's time (chart seconds). */
  private get liveTime(): number | undefined {
    return this.last && toChartTime(this.last.startMs);
  }

  /** The price format of the instrument: as many decimals as its tick. */
  setPriceDecimals(decimals: number): void {
    const priceFormat = priceFormatOf(decimals);
    this.candles.applyOptions({ priceFormat });
    this.index.applyOptions({ priceFormat });
    this.writeLast();
    this.pane.soon();
  }

  /** A whole new history (another market or resolution, or a fresh read). */
  setSeries(series: ChartSeries, last: LastCandle | undefined): void {
    const count = series.candles.length;
    this.last = last;
    this.tail.set(liveSlotAt(series, count - 1), liveSlotAt(series, count - 2));
    this.hold(this.history.reset(series));
    this.held.setLiveTime(this.liveTime);
    this.feed.keepLiveInView();
    this.writeLast();
    this.latest = legendAt(series, series.candles.length - 1);
    if (this.hoveredTime === undefined) this.handlers.onLegend(this.latest);
    this.pane.soon();
  }

  /** What the library holds, the only setData (HistoryWindow gives more as the trader looks back): the latest of each slot, the live one a blank (LiveTail draws it). */
  private hold(window: ChartSeries): void {
    const held = this.forLibrary(window);
    this.candles.setData(asTimed(held.candles));
    this.index.setData(asTimed(held.index));
    this.basis.setData(asTimed(held.basis));
    this.funding.setData(asTimed(held.funding));
    this.openInterest.setData(asTimed(held.openInterest));
    this.held.holdFrom(held.candles[0]?.time ?? Number.NEGATIVE_INFINITY);
    this.feed.reset();
  }

  /**
   * One poll of the markets feed: the live slot moves (LiveTail draws it), or the next one opens.
   * Each update makes the library redraw the whole chart, so it is given only a slot that ended
   * (with the blanks after it and the new live slot, a blank), when the panes must be scaled to a
   * live value (LiveTail), and never a change that moves no pixel (PixelGate).
   */
  applyTick(tick: MarketTick, resolutionMs: number): void {
    const update = liveUpdate(this.last, tick, resolutionMs);
    if (!update) return;
    const opened = this.last?.startMs !== update.last.startMs;
    // First: the history may give the library its slots now, the live one among them (a blank).
    this.last = update.last;
    this.history.follow(update.series);
    const recent = this.history.latest(update.series.candles.length + 1);
    const count = recent.candles.length;
    const rescale = this.tail.set(liveSlotAt(recent, count - 1), liveSlotAt(recent, count - 2));
    if (opened || !this.history.hasCandleBeforeLive()) {
      this.feed.give(this.forLibrary(recent));
      this.held.setLiveTime(this.liveTime);
    } else if (rescale) this.feed.rescale(this.liveTime);
    this.writeLast();
    this.latest = legendAt(update.series, update.series.candles.length - 1);
    if (this.hoveredTime === undefined || this.hoveredTime === this.latest?.time) this.handlers.onLegend(this.latest);
    this.pane.soon();
  }

  private writeLast(): void {
    const last = this.last;
    // No candle (a market with an empty tape): no label, not the last market's price.
    if (!last) this.tail.mark.clear();
    else this.tail.mark.write(this.candles.priceFormatter().format(last.close), last.close >= last.open ? 'up' : 'down');
    this.tail.soon();
  }

  /** Another theme, or up and down swapped: every colour again, the data and lines kept. */
  setColours(colours: ChartColours): void {
    this.chart.applyOptions(paletteOptions(colours));
    colourSeries(this.all, colours);
    this.tail.setColours(colours);
    this.orders.setColours(colours);
    this.held.setColours(colours);
  }

  setBasisVisible(visible: boolean): void {
    this.tail.setBasisVisible(visible);
    this.feed.showBasis(visible);
    this.basis.applyOptions({ visible });
    this.chart.applyOptions({ leftPriceScale: { visible } });
    this.tail.soon();
    this.pane.soon();
  }

  /** Draws the wanted price lines (the service's orders, the ticket's draft). */
  setPriceLines(wanted: readonly ChartPriceLine[]): void {
    this.orders.set(wanted);
  }

  /** The held orders' lines (a line being moved at the price it is being moved to). */
  setHeldLines(lines: readonly HeldLine[]): void {
    this.held.setLines(lines);
  }

  setHeldMarkers(markers: readonly HeldMarker[]): void {
    this.held.setMarkers(markers);
  }

  remove(): void {
    document.removeEventListener('visibilitychange', this.showAgain);
    this.chart.timeScale().unsubscribeSizeChange(this.resized);
    this.tail.remove();
    this.stopFollowingLocale();
    this.sizer.remove();
    this.history.remove();
    this.pane.remove();
    this.held.remove();
    this.chart.unsubscribeCrosshairMove(this.crosshair);
    this.chart.remove();
  }

  private readonly crosshair = (param: MouseEventParams<Time>) => {
    this.pane.crosshair(param);
    this.hoveredTime = param.time === undefined ? undefined : Number(param.time);
    // The last slot as the polls brought it (the library holds it as a blank), followed poll by poll.
    if (this.hoveredTime === undefined || this.hoveredTime === this.latest?.time) return this.handlers.onLegend(this.latest);
    this.handlers.onLegend(crosshairLegend(param, this.all));
  };
}
