import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { sameSlot, type ChartSeries } from '../model/series';
import type { ChartSeriesApis } from './chartSeries';
import type { HistoryWindow } from './historyWindow';
import { PixelGate } from './pixelGate';

type AnySlot = ChartSeries['candles'][number] | ChartSeries['index'][number];

/**
 * What the chart library is given after a history is set: each update makes it recalculate and
 * redraw the whole chart, so it gets only a slot that ended (with the blanks after it and the new
 * live slot, a blank), never a slot that changes nothing of a series, and never a change that moves
 * no pixel (PixelGate). The hidden basis gets the slots it missed when it is shown.
 */
export class LibraryFeed {
  private readonly gate: PixelGate;
  /** The slot each series was given last. */
  private readonly given = new Map<object, AnySlot>();
  /** The basis while it is hidden, one slot per time. */
  private readonly hiddenBasis = new Map<number, ChartSeries['basis'][number]>();
  private basisShown = false;

  constructor(
    private readonly chart: IChartApi,
    private readonly all: ChartSeriesApis,
    private readonly history: HistoryWindow,
    private readonly hidden: () => boolean,
  ) {
    this.gate = new PixelGate(hidden);
    this.gate.watch(all.candles, { labelled: false });
    this.gate.watch(all.index, { labelled: false });
    for (const series of [all.basis, all.funding, all.openInterest]) this.gate.watch(series, { labelled: true });
  }

  /** The library was given a whole history: nothing is owed. */
  reset(): void {
    this.given.clear();
    this.gate.reset();
    this.hiddenBasis.clear();
  }

  /**
   * A slot ended: `recent` is it, the blanks after it and the live slot (a blank), in every series;
   * or, with no candle before it, the live slot itself.
   */
  give(recent: ChartSeries): void {
    if (!this.basisShown) for (const slot of recent.basis) this.hiddenBasis.set(slot.time, slot);
    const { candles, index, funding, openInterest, basis } = this.all;
    const lines: [ISeriesApi<'Candlestick' | 'Line'>, readonly AnySlot[]][] = [
      [candles, recent.candles],
      [index, recent.index],
      [funding, recent.funding],
      [openInterest, recent.openInterest],
    ];
    if (this.basisShown) lines.push([basis, recent.basis]);
    this.gate.give(lines.flatMap(([target, slots]) => slots.filter((slot) => this.changes(target, slot)).map((slot) => [target, slot] as const)));
    this.keepLiveInView();
  }

  /** The basis shown: the slots that ended while it was hidden, in time order. */
  showBasis(visible: boolean): void {
    this.basisShown = visible;
    if (!visible) return;
    for (const time of [...this.hiddenBasis.keys()].sort((a, b) => a - b)) {
      const slot = this.hiddenBasis.get(time)!;
      if (this.changes(this.all.basis, slot)) this.gate.give([[this.all.basis, slot]]);
    }
    this.hiddenBasis.clear();
  }

  /** Shown again, or at a new size: what waited is drawn. */
  flush(): void {
    this.gate.flush();
    this.keepLiveInView();
  }

  /** The library draws again with its panes autoscaled to the live values (the live slot, a blank, given again). */
  rescale(liveTime: number | undefined): void {
    if (liveTime === undefined || this.hidden()) return;
    // What waits goes first: the library takes no slot older than the last it was given.
    this.flush();
    this.all.candles.update({ time: liveTime as UTCTimestamp });
  }

  /**
   * The library places its view from its last slot with data; the live slot is a blank after it
   * (after the minutes no poll reached, too). A view whose right edge is at that last candle or
   * past it, short of the live slot, is moved to show it, as a chart following the market does;
   * a view the trader scrolled back stays.
   */
  keepLiveInView(): void {
    if (this.hidden()) return;
    const offset = this.history.liveOffset();
    const timeScale = this.chart.timeScale();
    const position = timeScale.scrollPosition();
    if (position >= -0.5 && position < offset) timeScale.scrollToPosition(offset, false);
  }

  /** Whether `slot` changes what `series` was given last (remembered if it does). */
  private changes(series: object, slot: AnySlot): boolean {
    if (sameSlot(this.given.get(series), slot)) return false;
    this.given.set(series, slot);
    return true;
  }
}
