import type { IChartApi, LogicalRange } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { HistoryWindow, WINDOW_SLOTS } from '@/terminal/features/chart/components/historyWindow';
import { toChartSeries, type ChartSeries } from '@/terminal/features/chart/model/series';
import type { TapeCandle } from '@/interface';

const MINUTE = 60_000;
const candle = (minute: number, close: number): TapeCandle => ({
  time: minute * MINUTE, open: close, high: close + 1, low: close - 1, close,
  index_close: close - 2, est_funding_rate: 0.0001, open_interest: 10, volume_24h: 1, samples: 1,
});
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
  it('gives the library the latest few screens of a new history, every series alike', () => {
    const { history, state } = windowOn();
    const held = history.reset(day);
    expect(held.candles).toHaveLength(WINDOW_SLOTS);
    expect(held.candles.at(-1)).toEqual(day.candles.at(-1));
    for (const key of ['index', 'basis', 'funding', 'openInterest'] as const) expect(held[key].map((slot) => slot.time)).toEqual(held.candles.map((slot) => slot.time));
    // Zoomed out to 200 slots a screen: two and a half screens are held.
    state.range = { from: 0, to: 200 } as LogicalRange;
    expect(history.reset(day).candles).toHaveLength(500);
    // A history shorter than that is held whole.
    expect(history.reset({ ...day, candles: day.candles.slice(-50), index: day.index.slice(-50), basis: day.basis.slice(-50), funding: day.funding.slice(-50), openInterest: day.openInterest.slice(-50) }).candles).toHaveLength(50);
  });

  it('gives more as the view comes within a screen of the first slot held, with every poll kept', () => {
    const { history, view, given } = windowOn();
    history.reset(day);
    // A poll moves the last candle, then the next minute opens after a minute no poll reached.
    const live = (minute: number, close: number) => toChartSeries([candle(minute, close)], MINUTE);
    history.follow(live(1439, 7));
    const next = toChartSeries([candle(1439, 7), candle(1441, 8)], MINUTE);
    history.follow({ candles: next.candles.slice(1), index: next.index.slice(1), basis: next.basis.slice(1), funding: next.funding.slice(1), openInterest: next.openInterest.slice(1) });
    // More than a screen of held slots left of the view: nothing is given.
    view(70, 130);
    expect(given).toHaveLength(0);
    // Within a screen of the start: 150 more (two and a half screens of 60, at least WINDOW_SLOTS).
    view(40, 100);
    expect(given).toHaveLength(1);
    const held = given[0]!;
    expect(held.candles.length).toBe(WINDOW_SLOTS + 2 + 150);
    expect(held.candles.slice(-3)).toEqual([
      { time: (1439 * MINUTE) / 1000, open: 7, high: 8, low: 6, close: 7 },
      { time: (1440 * MINUTE) / 1000 },
      { time: (1441 * MINUTE) / 1000, open: 8, high: 9, low: 7, close: 8 },
    ]);
    expect(held.funding.length).toBe(held.candles.length);
    expect(history.heldCount).toBe(held.candles.length);
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
});
