import { describe, expect, it } from 'vitest';
import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import { PixelGate } from '@/terminal/features/chart/components/pixelGate';

/** A series as the gate sees it: `pxPerUnit` pixels per price unit, labels with one decimal, its updates recorded. */
function fakeSeries(pxPerUnit: number) {
  const updates: unknown[] = [];
  const series = {
    priceToCoordinate: (price: number) => 1000 - price * pxPerUnit,
    priceFormatter: () => ({ format: (price: number) => price.toFixed(1) }),
    update: (slot: unknown) => void updates.push(slot),
  };
  return { series: series as unknown as ISeriesApi<SeriesType>, updates };
}

/** A gate over one unlabelled series whose visibility the test switches. */
function hideableGate(hidden: boolean) {
  const { series, updates } = fakeSeries(1);
  const state = { hidden };
  const gate = new PixelGate(() => state.hidden);
  gate.watch(series, { labelled: false });
  return { series, updates, gate, show: (shown: boolean) => void (state.hidden = !shown) };
}

const candle = (time: number, close: number, open = 100) => ({ time, open, high: Math.max(open, close), low: Math.min(open, close), close });

describe('PixelGate: the library draws a poll only when it shows something new', () => {
  it('a move under a pixel waits (unlabelled series); the next move that shows is drawn with its latest values', () => {
    const { series, updates } = fakeSeries(1); // a pixel is one price unit
    const gate = new PixelGate(() => false);
    gate.watch(series, { labelled: false });
    gate.give([[series, candle(60, 100.2)]]);
    expect(updates).toHaveLength(1);
    gate.give([[series, candle(60, 100.4)]]);
    expect(updates).toHaveLength(1);
    gate.give([[series, candle(60, 101.6)]]);
    expect(updates).toEqual([candle(60, 100.2), candle(60, 101.6)]);
    // The candle closes on a value that showed nothing new: it is drawn as it ended before the next opens.
    gate.give([[series, candle(60, 101.7)]]);
    gate.give([[series, candle(120, 101.7, 101.7)]]);
    expect(updates.slice(2)).toEqual([candle(60, 101.7), candle(120, 101.7, 101.7)]);
  });

  it('a candle that turns from up to down within a pixel is drawn (its colour changes)', () => {
    const { series, updates } = fakeSeries(1);
    const gate = new PixelGate(() => false);
    gate.watch(series, { labelled: false });
    gate.give([[series, candle(60, 100.1)]]);
    gate.give([[series, candle(60, 99.9)]]);
    expect(updates).toHaveLength(2);
  });

  it('a labelled series is drawn when its label text changes, even within a pixel', () => {
    const { series, updates } = fakeSeries(0.01);
    const gate = new PixelGate(() => false);
    gate.watch(series, { labelled: true });
    gate.give([[series, { time: 60, value: 5.01 }]]);
    gate.give([[series, { time: 60, value: 5.04 }]]);
    expect(updates).toHaveLength(1);
    gate.give([[series, { time: 60, value: 5.16 }]]);
    expect(updates).toHaveLength(2);
  });

  it('draws nothing while the chart is hidden, and what came meanwhile once it shows', () => {
    const { series, updates } = fakeSeries(1);
    let hidden = true;
    const gate = new PixelGate(() => hidden);
    gate.watch(series, { labelled: true });
    gate.give([[series, { time: 60, value: 10 }]]);
    gate.give([[series, { time: 60, value: 50 }]]);
    expect(updates).toHaveLength(0);
    gate.flush();
    expect(updates).toHaveLength(0);
    hidden = false;
    gate.flush();
    expect(updates).toEqual([{ time: 60, value: 50 }]);
    gate.give([[series, { time: 60, value: 50 }]]);
    expect(updates).toHaveLength(1);
  });

  it('a candle that ends while the chart is hidden is not drawn then; each is drawn, as it ended, once it shows', () => {
    const { series, updates, gate, show } = hideableGate(false);
    gate.give([[series, candle(60, 100.2)]]);
    gate.give([[series, candle(60, 100.4)]]); // under a pixel: waits
    show(false);
    gate.give([[series, candle(60, 103)]]);
    gate.give([[series, candle(120, 104, 103)]]);
    gate.give([[series, candle(120, 99, 103)]]);
    gate.give([[series, candle(180, 98, 99)]]);
    expect(updates).toEqual([candle(60, 100.2)]);
    show(true);
    gate.flush();
    expect(updates).toEqual([candle(60, 100.2), candle(60, 103), candle(120, 99, 103), candle(180, 98, 99)]);
    // Shown: the next candle's slot draws the one that waited under a pixel first.
    gate.give([[series, candle(180, 98.2, 99)]]);
    gate.give([[series, candle(240, 97, 98.2)]]);
    expect(updates.slice(4)).toEqual([candle(180, 98.2, 99), candle(240, 97, 98.2)]);
  });

  it('a new history while hidden drops what waited: nothing older than it is drawn when the chart shows', () => {
    const { series, updates, gate, show } = hideableGate(true);
    gate.give([[series, candle(60, 101)]]);
    gate.give([[series, candle(120, 102, 101)]]);
    gate.reset();
    show(true);
    gate.flush();
    expect(updates).toEqual([]);
  });

  it('after a new history nothing is taken as drawn', () => {
    const { series, updates } = fakeSeries(1);
    const gate = new PixelGate(() => false);
    gate.watch(series, { labelled: false });
    gate.give([[series, { time: 60, value: 10 }]]);
    gate.reset();
    gate.give([[series, { time: 60, value: 10 }]]);
    expect(updates).toHaveLength(2);
  });
});
