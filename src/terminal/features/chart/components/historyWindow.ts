import type { IChartApi, LogicalRange } from 'lightweight-charts';
import type { ChartSeries } from '../model/series';

/** Slots the library holds at least: two hours of minutes, about two screens at the default zoom. */
export const WINDOW_SLOTS = 120;
/** Screens of slots the library holds, and is given more of as soon as fewer than one are left of the view. */
const SCREENS_HELD = 2.5;

const KEYS = ['candles', 'index', 'basis', 'funding', 'openInterest'] as const satisfies readonly (keyof ChartSeries)[];
type Slot = { time: number };

/**
 * Which part of the history the chart library holds. On every update the library rebuilds every
 * point of a series, drawn or not (1,440 per series for a day of minutes), so it holds only the
 * latest few screens of slots; as soon as the trader scrolls or zooms to within a screen of their
 * start, it is given more, so a view never reaches an edge that is not the history's own. The whole
 * history stays here, and every poll's slots go into it, so what is given later is as current as
 * what the library was given live.
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
    this.start = Math.max(0, series.candles.length - slotsFor(range ? range.to - range.from : 0));
    return this.held();
  }

  /** A poll's slots (blanks, then the live one), kept: the live slot is replaced, a later one follows. */
  follow(update: ChartSeries): void {
    for (const key of KEYS) {
      const slots: Slot[] = this.full[key];
      for (const slot of update[key]) {
        if (slots.at(-1)?.time === slot.time) slots[slots.length - 1] = slot;
        else slots.push(slot);
      }
    }
  }

  /** How many slots of the history the library holds. */
  get heldCount(): number {
    return this.full.candles.length - this.start;
  }

  remove(): void {
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
  }

  private held(): ChartSeries {
    const from = this.start;
    return { candles: this.full.candles.slice(from), index: this.full.index.slice(from), basis: this.full.basis.slice(from), funding: this.full.funding.slice(from), openInterest: this.full.openInterest.slice(from) };
  }

  private readonly onRange = (range: LogicalRange | null) => {
    if (!range || this.start === 0 || this.giving) return;
    const screen = Math.max(1, range.to - range.from);
    // Logical indexes count from the first slot held: `from` is how many are left of the view.
    if (range.from > screen) return;
    this.start = Math.max(0, this.start - slotsFor(screen));
    this.giving = true;
    try {
      this.give(this.held());
    } finally {
      this.giving = false;
    }
  };
}

/** Slots to hold for a view of `screen` slots. */
const slotsFor = (screen: number) => Math.max(WINDOW_SLOTS, Math.ceil(screen * SCREENS_HELD));
