import type { IChartApi, LogicalRange } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN, HistoryWindow } from '@/terminal/features/chart/components/historyWindow';
import { toChartSeries, type ChartSeries } from '@/terminal/features/chart/model/series';
import type { TapeCandle } from '@/interface';

const MINUTE = 60_000;
const candle = (minute: number, close: number): TapeCandle => ({
  time: minute * MINUTE, open: close, high: close + 1, low: close - 1, close,
  index_close: close - 2, est_funding_rate: 0.0001, open_interest: 10, volume_24h: 1, samples: 1,
});
const lastOf = (series: ChartSeries, count: number): ChartSeries => ({
  candles: series.candles.slice(-count), index: series.index.slice(-count), basis: series.basis.slice(-count),
  funding: series.funding.slice(-count), openInterest: series.openInterest.slice(-count),
});
const live = (minute: number, close: number) => toChartSeries([candle(minute, close)], MINUTE);
const day = toChartSeries(Array.from({ length: 1440 }, (_, minute) => candle(minute, 100 + minute)), MINUTE);

/** The chart's time scale as far as the window reads it: a visible range the test sets, and its listeners. */
function fakeChart() {
  const listeners = new Set<(range: LogicalRange | null) => void>();
  const state = { range: null as LogicalRange | null };
  const timeScale = {
    getVisibleLogicalRange: () => state.range,
    subscribeVisibleLogicalRangeChange: (listener: (range: LogicalRange | null) => void) => listeners.add(listener),
    unsubscribeVisibleLogicalRangeChange: (listener: (range: LogicalRange | null) => void) => listeners.delete(listener),
  };
  const view = (from: number, to: number) => {
    state.range = { from, to } as LogicalRange;
    for (const listener of [...listeners]) listener(state.range);
  };
  return { chart: { timeScale: () => timeScale } as unknown as IChartApi, view, state, listeners };
}

function windowOn() {
  const fake = fakeChart();
  const given: ChartSeries[] = [];
  const history = new HistoryWindow(fake.chart, (held) => given.push(held));
  return { ...fake, given, history };
}

describe('the chart’s history window', () => {
  it('gives the library a screen and a margin of a new history, every series alike', () => {
    const { history, state } = windowOn();
    // Before the library has shown a screen: a default screen and a margin of 30 slots.
    const held = history.reset(day);
    expect(held.candles).toHaveLength(DEFAULT_SCREEN + 30);
    expect(held.candles.at(-1)).toEqual(day.candles.at(-1));
    for (const key of ['index', 'basis', 'funding', 'openInterest'] as const) expect(held[key].map((slot) => slot.time)).toEqual(held.candles.map((slot) => slot.time));
    // Zoomed out to 200 slots a screen: that screen and half of one.
    state.range = { from: 0, to: 200 } as LogicalRange;
    expect(history.reset(day).candles).toHaveLength(300);
    // A history shorter than that is held whole.
    expect(history.reset(lastOf(day, 50)).candles).toHaveLength(50);
  });

  it('gives more as the view comes within half a margin of the first slot held, with every poll kept', () => {
    const { history, view, given } = windowOn();
    history.reset(day);
    // A poll moves the last candle, then the next minute opens after a minute no poll reached.
    history.follow(live(1439, 7));
    const next = toChartSeries([candle(1439, 7), candle(1441, 8)], MINUTE);
    history.follow(lastOf(next, 2));
    // A view of 60 slots (a margin of 30) with 20 held left of it: nothing is given.
    view(20, 80);
    expect(given).toHaveLength(0);
    // 10 left: two screens and a margin more (150).
    view(10, 70);
    expect(given).toHaveLength(1);
    const held = given[0]!;
    expect(held.candles.length).toBe(DEFAULT_SCREEN + 30 + 2 + 150);
    expect(held.candles.slice(-3)).toEqual([
      { time: (1439 * MINUTE) / 1000, open: 7, high: 8, low: 6, close: 7 },
      { time: (1440 * MINUTE) / 1000 },
      { time: (1441 * MINUTE) / 1000, open: 8, high: 9, low: 7, close: 8 },
    ]);
    expect(held.funding.length).toBe(held.candles.length);
    expect(history.heldCount).toBe(held.candles.length);
  });

  it('lets go of the slots far left of the view as a new slot opens, never on a poll that only moves one', () => {
    const { history, given, state, view } = windowOn();
    state.range = { from: 30, to: 90 } as LogicalRange;
    expect(history.reset(day).candles).toHaveLength(90);
    // The trader looked back (150 more held), then came back to the live edge: 180 held left of a 60-slot view.
    view(5, 65);
    expect(given.at(-1)!.candles).toHaveLength(240);
    state.range = { from: 180, to: 240 } as LogicalRange;
    history.follow(live(1439, 7));
    expect(given).toHaveLength(1);
    // The next minute opens: all but a margin (30) left of the view are let go, this poll's slot kept.
    history.follow(live(1440, 8));
    expect(given).toHaveLength(2);
    const held = given[1]!;
    expect(held.candles[0]!.time).toBe(day.candles[1440 - 240 + 180 - 30]!.time);
    expect(held.candles.at(-1)).toEqual({ time: (1440 * MINUTE) / 1000, open: 8, high: 9, low: 7, close: 8 });
    expect(held.openInterest.map((slot) => slot.time)).toEqual(held.candles.map((slot) => slot.time));
    // Two margins or fewer left of the view: kept as they are.
    state.range = { from: 60, to: 120 } as LogicalRange;
    history.follow(live(1441, 9));
    expect(given).toHaveLength(2);
    // A view far right of the last candle still has a screen and a margin of candles.
    state.range = { from: 500, to: 560 } as LogicalRange;
    history.follow(live(1442, 9));
    expect(given.at(-1)!.candles).toHaveLength(90);
  });

  it('stops at the history’s own start, and lets go of the chart when removed', () => {
    const { history, view, given, listeners } = windowOn();
    history.reset(day);
    for (let i = 0; i < 20; i++) view(-10, 1000);
    expect(given.at(-1)!.candles).toHaveLength(1440);
    const count = given.length;
    view(-10, 1000);
    expect(given).toHaveLength(count);
    history.remove();
    expect(listeners.size).toBe(0);
  });

  it('counts the slots from the last candle before the live one to it: one, more after minutes no poll reached', () => {
    const { history } = windowOn();
    history.reset(day);
    expect(history.liveOffset()).toBe(1);
    // Three minutes with no snapshot, then the live candle: blanks between.
    // The poll's slots as the live update makes them: the blanks, then the live candle.
    history.follow(lastOf(toChartSeries([candle(1439, 0), candle(1443, 90)], MINUTE), 4));
    expect(history.liveOffset()).toBe(4);
    history.follow(live(1444, 91));
    expect(history.liveOffset()).toBe(1);
    expect(history.hasCandleBeforeLive()).toBe(true);
    // A market whose tape is empty: the live candle alone, nothing before it for the library to scale to.
    history.reset(live(10, 100));
    expect(history.hasCandleBeforeLive()).toBe(false);
    expect(history.liveOffset()).toBe(1);
  });
});

