import type { IChartApi, LogicalRange } from 'lightweight-charts';
import { hasCandle, type ChartSeries } from '../model/series';

/** Slots a screen is taken to hold before the library has shown one: about the default zoom of a panel. */
export const DEFAULT_SCREEN = 60;
/** Slots held left of the view, at least: room to scroll back a little before more is given. */
const MIN_MARGIN = 30;

const KEYS = ['candles', 'index', 'basis', 'funding', 'openInterest'] as const satisfies readonly (keyof ChartSeries)[];
type Slot = { time: number };

/**
 * Which part of the history the chart library holds. On every update the library rebuilds every
 * point of a series, drawn or not (1,440 per series for a day of minutes), so it holds the screen
 * and a margin left of it (half a screen, at least 30 slots). As soon as the trader scrolls or zooms
 * to within half that margin of the first slot held, it is given two screens and a margin more, so
 * a view never reaches an edge that is not the history's own. When a new slot opens and more than
 * two margins are held left of the view (the trader came back, or a chart left open all day has
 * gathered the minutes since), the slots beyond one margin are let go: a poll costs the same in
 * the evening as in the morning, and the view, right of them, does not move.
 * The whole history stays here, and every poll's slots go into it, so what is given later is as
 * current as what the library was given live.
 */
export class HistoryWindow {
  private full: ChartSeries = { candles: [], index: [], basis: [], funding: [], openInterest: [] };
  /** Index in the whole history of the first slot the library holds (every series has the same slots). */
  private start = 0;
  private giving = false;

  constructor(
    private readonly chart: IChartApi,
    /** Sets the library's data to these slots (its `setData`, for every series). */
    private readonly give: (held: ChartSeries) => void,
  ) {
    chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
  }

  /** A whole new history: the slots the library is to hold of it (the latest few screens). */
  reset(series: ChartSeries): ChartSeries {
    this.full = { candles: [...series.candles], index: [...series.index], basis: [...series.basis], funding: [...series.funding], openInterest: [...series.openInterest] };
    const range = this.chart.timeScale().getVisibleLogicalRange();
    const screen = range ? screenOf(range) : DEFAULT_SCREEN;
    this.start = Math.max(0, series.candles.length - screen - marginFor(screen));
    return this.held();
  }

  /**
   * A poll's slots (blanks, then the live one), kept: the live slot is replaced, a later one
   * follows. Whether the library is to let go of its oldest slots is decided as a slot opens (once
   * a candle, not on every poll); then it is given the slots it holds now, this poll's included.
   */
  follow(update: ChartSeries): void {
    const count = this.full.candles.length;
    for (const key of KEYS) {
      const slots: Slot[] = this.full[key];
      for (const slot of update[key]) {
        if (slots.at(-1)?.time === slot.time) slots[slots.length - 1] = slot;
        else slots.push(slot);
      }
    }
    const range = this.chart.timeScale().getVisibleLogicalRange();
    if (this.full.candles.length > count && range) this.move(this.laterStart(range));
  }

  /** The last `count` slots of the whole history, every series. */
  latest(count: number): ChartSeries {
    const from = Math.max(0, this.full.candles.length - count);
    return { candles: this.full.candles.slice(from), index: this.full.index.slice(from), basis: this.full.basis.slice(from), funding: this.full.funding.slice(from), openInterest: this.full.openInterest.slice(from) };
  }

  /** Slots from the last candle before the live slot (the last) to it: 1, more after minutes no poll reached. */
  liveOffset(): number {
    const at = this.candleBeforeLive();
    return at < 0 ? 1 : this.full.candles.length - 1 - at;
  }

  /** Whether the library holds a candle before the live slot (not so for a market whose tape is empty). */
  hasCandleBeforeLive(): boolean {
    return this.candleBeforeLive() >= 0;
  }

  private candleBeforeLive(): number {
    const candles = this.full.candles;
    let at = candles.length - 2;
    while (at >= this.start && !hasCandle(candles[at]!)) at -= 1;
    return at < this.start ? -1 : at;
  }

  /** How many slots of the history the library holds. */
  get heldCount(): number {
    return this.full.candles.length - this.start;
  }

  remove(): void {
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
  }

  private held(): ChartSeries {
    return this.latest(this.full.candles.length - this.start);
  }

  private readonly onRange = (range: LogicalRange | null) => {
    if (!range || this.giving) return;
    const margin = marginFor(screenOf(range));
    // Logical indexes count from the first slot held: `from` is how many are held left of the view.
    if (range.from < margin / 2) this.move(Math.max(0, this.start - 2 * screenOf(range) - margin));
  };

  /** Where the slots held start when those far left of the view are let go (a view right of the last candle keeps a screen and a margin). */
  private laterStart(range: LogicalRange): number {
    const screen = screenOf(range);
    const margin = marginFor(screen);
    const left = Math.floor(range.from);
    if (left <= 2 * margin) return this.start;
    return Math.max(this.start, Math.min(this.start + left - margin, this.full.candles.length - screen - margin));
  }

  private move(start: number): void {
    if (start === this.start) return;
    this.start = start;
    this.giving = true;
    try {
      this.give(this.held());
    } finally {
      this.giving = false;
    }
  }
}

/** Slots across a view, the blank space right of the last candle included. */
const screenOf = (range: LogicalRange) => Math.max(1, Math.ceil(range.to - range.from));
/** Slots to hold left of a view of `screen` slots. */
const marginFor = (screen: number) => Math.max(MIN_MARGIN, Math.ceil(screen / 2));
