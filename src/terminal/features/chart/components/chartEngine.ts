import {
  CandlestickSeries,
  createChart,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
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
import { diffLines, type ChartPriceLine } from '../model/priceLines';
import { sameSlot, type ChartSeries } from '../model/series';
import { amountFormat, candleColours, paletteOptions, percentFormat, priceFormatOf, seriesTitles } from './chartOptions';
import { HeldLayer } from './heldLayer';
import { LastPriceLabel } from './lastPriceLabel';
import { ChartSizer } from './chartSizer';
import { crosshairLegend } from './crosshairLegend';
import { HistoryWindow } from './historyWindow';
import { PixelGate } from './pixelGate';
import { PricePaneWatch, type PricePaneHandlers } from './pricePane';

export interface ChartHandlers extends PricePaneHandlers {
  /** The values under the crosshair, or of the last candle when the pointer is off the chart. */
  onLegend(values: LegendValues | undefined): void;
}

type ValueSeries = ISeriesApi<'Line'>;
type AnySlot = ChartSeries['candles'][number] | ChartSeries['index'][number];

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
  private readonly lines = new Map<string, { line: ChartPriceLine; handle: IPriceLine }>();
  private last: LastCandle | undefined;
  /** The slot each series was given last: a poll that changes nothing of a series leaves it be. */
  private readonly given = new Map<object, AnySlot>();
  /** The basis while it is hidden, one slot per time, given to it when it is shown. */
  private readonly hiddenBasis = new Map<number, ChartSeries['basis'][number]>();
  private basisShown = false;
  private latest: LegendValues | undefined;
  private hovering = false;
  private readonly stopFollowingLocale: () => void;
  private readonly pane: PricePaneWatch;
  private readonly held: HeldLayer;
  private readonly gate: PixelGate;
  private readonly lastLabel: LastPriceLabel;
  private readonly sizer: ChartSizer;
  private readonly history: HistoryWindow;

  constructor(
    container: HTMLElement,
    private colours: ChartColours,
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
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, unit: number) => tickLabel(Number(time), unit),
      },
      localization: { timeFormatter: (time: Time) => crosshairLabel(Number(time)) },
    });
    // Not the library's autoSize, which resizes on every frame of a splitter's drag (ChartSizer).
    this.sizer = new ChartSizer(this.chart, container);
    const titles = seriesTitles();
    // The last price's label is the page's (LastPriceLabel): its text changes with polls that move no pixel.
    this.candles = this.chart.addSeries(CandlestickSeries, { ...candleColours(colours), title: titles.candles, lastValueVisible: false });
    this.index = this.chart.addSeries(LineSeries, { color: colours.index, lineWidth: 1, title: titles.index, lastValueVisible: false, crosshairMarkerVisible: false });
    const basis = { color: colours.basis, lineWidth: 1, title: titles.basis, priceScaleId: 'left', visible: false, priceFormat: percentFormat(3) } as const;
    this.basis = this.chart.addSeries(LineSeries, basis);
    this.funding = this.chart.addSeries(LineSeries, { color: colours.funding, lineWidth: 1, title: titles.funding, priceFormat: percentFormat(4) }, 1);
    this.openInterest = this.chart.addSeries(LineSeries, { color: colours.openInterest, lineWidth: 1, title: titles.openInterest, priceFormat: amountFormat }, 2);
    // The series' names follow the language; the price lines' titles come from the view, which renders again.
    this.stopFollowingLocale = onLocaleChange(() => {
      this.setTitles();
      this.writeLast();
    });
    const [, fundingPane, interestPane] = this.chart.panes();
    this.chart.panes()[0]?.setStretchFactor(4);
    fundingPane?.setStretchFactor(1);
    interestPane?.setStretchFactor(1);
    // No click handler: a plain click, drag or scroll never prices an order (see PricePaneWatch).
    this.lastLabel = new LastPriceLabel(container);
    const onLayout = (layout: Parameters<ChartHandlers['onLayout']>[0]) => {
      this.lastLabel.place(layout.last?.y ?? null, layout.height, layout.scaleWidth);
      handlers.onLayout(layout);
    };
    this.pane = new PricePaneWatch(this.chart, this.candles, container, { ...handlers, onLayout }, () => this.last?.close);
    this.chart.subscribeCrosshairMove(this.crosshair);
    this.held = new HeldLayer(this.candles, colours);
    // The library's own size (reading the element's in a poll forces a layout); its width, as a pane is never under 2 px high.
    this.gate = new PixelGate(() => document.hidden || this.chart.paneSize(0).width === 0);
    this.gate.watch(this.candles, { labelled: false });
    this.gate.watch(this.index, { labelled: false });
    for (const series of [this.basis, this.funding, this.openInterest]) this.gate.watch(series, { labelled: true });
    this.history = new HistoryWindow(this.chart, (held) => this.hold(held));
    document.addEventListener('visibilitychange', this.showAgain);
    this.chart.timeScale().subscribeSizeChange(this.showAgain);
  }

  /** Shown again (the tab, or the panel): what the polls meanwhile brought is drawn. */
  private readonly showAgain = () => this.gate.flush();

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
    this.hold(this.history.reset(series));
    this.last = last;
    this.writeLast();
    this.latest = legendAt(series, series.candles.length - 1);
    if (!this.hovering) this.handlers.onLegend(this.latest);
    this.pane.soon();
  }

  /** What the library holds, the only setData (HistoryWindow gives more as the trader looks back): the latest of each slot, nothing owed. */
  private hold(held: ChartSeries): void {
    this.candles.setData(asTimed(held.candles));
    this.index.setData(asTimed(held.index));
    this.basis.setData(asTimed(held.basis));
    this.funding.setData(asTimed(held.funding));
    this.openInterest.setData(asTimed(held.openInterest));
    this.held.holdFrom(held.candles[0]?.time ?? Number.NEGATIVE_INFINITY);
    this.given.clear();
    this.gate.reset();
    this.hiddenBasis.clear();
  }

  /**
   * One poll of the markets feed: the last candle moves, or the next one opens. Each update makes
   * the library redraw the whole chart, so a series the poll does not change (a funding rate
   * that holds, the hidden basis) is not updated, a change that moves no pixel waits (PixelGate),
   * and a poll that changes nothing redraws nothing.
   */
  applyTick(tick: MarketTick, resolutionMs: number): void {
    const update = liveUpdate(this.last, tick, resolutionMs);
    if (!update) return;
    const { series } = update;
    this.history.follow(series);
    if (!this.basisShown) for (const slot of series.basis) this.hiddenBasis.set(slot.time, slot);
    const lines: [ISeriesApi<'Candlestick' | 'Line'>, readonly AnySlot[]][] = [
      [this.candles, series.candles],
      [this.index, series.index],
      [this.funding, series.funding],
      [this.openInterest, series.openInterest],
    ];
    if (this.basisShown) lines.push([this.basis, series.basis]);
    this.gate.give(lines.flatMap(([target, slots]) => slots.filter((slot) => this.changes(target, slot)).map((slot) => [target, slot] as const)));
    this.last = update.last;
    this.writeLast();
    this.latest = legendAt(series, series.candles.length - 1);
    if (!this.hovering) this.handlers.onLegend(this.latest);
    this.pane.soon();
  }

  private writeLast(): void {
    const last = this.last;
    // No candle (a market with an empty tape): no label, not the last market's price.
    if (!last) this.lastLabel.clear();
    else this.lastLabel.write(this.candles.priceFormatter().format(last.close), last.close >= last.open ? 'up' : 'down');
  }

  /** Whether `slot` changes what `series` was given last (remembered if it does). */
  private changes(series: object, slot: AnySlot): boolean {
    if (sameSlot(this.given.get(series), slot)) return false;
    this.given.set(series, slot);
    return true;
  }

  /** Another theme, or up and down swapped: every colour again, the data and lines kept. */
  setColours(colours: ChartColours): void {
    this.colours = colours;
    this.chart.applyOptions(paletteOptions(colours));
    this.candles.applyOptions(candleColours(colours));
    this.index.applyOptions({ color: colours.index });
    this.basis.applyOptions({ color: colours.basis });
    this.funding.applyOptions({ color: colours.funding });
    this.openInterest.applyOptions({ color: colours.openInterest });
    for (const { line, handle } of this.lines.values()) handle.applyOptions({ color: this.lineColour(line) });
    this.held.setColours(colours);
  }

  private setTitles(): void {
    const titles = seriesTitles();
    this.candles.applyOptions({ title: titles.candles });
    this.index.applyOptions({ title: titles.index });
    this.basis.applyOptions({ title: titles.basis });
    this.funding.applyOptions({ title: titles.funding });
    this.openInterest.applyOptions({ title: titles.openInterest });
  }

  setBasisVisible(visible: boolean): void {
    this.basisShown = visible;
    if (visible) {
      for (const time of [...this.hiddenBasis.keys()].sort((a, b) => a - b)) {
        const slot = this.hiddenBasis.get(time)!;
        if (this.changes(this.basis, slot)) this.gate.give([[this.basis, slot]]);
      }
      this.hiddenBasis.clear();
    }
    this.basis.applyOptions({ visible });
    this.chart.applyOptions({ leftPriceScale: { visible } });
    this.pane.soon();
  }

  /** Draws the wanted price lines; a line whose price, side and title stay is left alone. */
  setPriceLines(wanted: readonly ChartPriceLine[]): void {
    const drawn = new Map([...this.lines].map(([id, entry]) => [id, entry.line]));
    const { removed, added } = diffLines(drawn, wanted);
    for (const id of removed) {
      const entry = this.lines.get(id);
      if (entry) this.candles.removePriceLine(entry.handle);
      this.lines.delete(id);
    }
    for (const line of added) {
      const handle = this.candles.createPriceLine({
        id: line.id,
        price: line.price,
        color: this.lineColour(line),
        lineWidth: 1,
        lineStyle: line.source === 'draft' ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
        title: line.title,
      });
      this.lines.set(line.id, { line, handle });
    }
  }

  /** The held orders' lines (a line being moved at the price it is being moved to). */
  setHeldLines(lines: readonly HeldLine[]): void {
    this.held.setLines(lines);
  }

  setHeldMarkers(markers: readonly HeldMarker[]): void {
    this.held.setMarkers(markers);
  }

  private lineColour(line: ChartPriceLine): string {
    return line.side === 'BUY' ? this.colours.up : this.colours.down;
  }

  remove(): void {
    document.removeEventListener('visibilitychange', this.showAgain);
    this.chart.timeScale().unsubscribeSizeChange(this.showAgain);
    this.stopFollowingLocale();
    this.sizer.remove();
    this.history.remove();
    this.pane.remove();
    this.lastLabel.remove();
    this.held.remove();
    this.chart.unsubscribeCrosshairMove(this.crosshair);
    this.chart.remove();
  }

  private readonly crosshair = (param: MouseEventParams<Time>) => {
    this.pane.crosshair(param);
    this.hovering = param.time !== undefined;
    // The last slot as the polls brought it: the library may hold a move too small to draw.
    if (!this.hovering || Number(param.time) === this.latest?.time) return this.handlers.onLegend(this.latest);
    this.handlers.onLegend(crosshairLegend(param, { candles: this.candles, index: this.index, basis: this.basis, funding: this.funding, openInterest: this.openInterest }));
  };
}
