import { describe, expect, it } from 'vitest';
import type { AutoscaleInfo, IChartApi } from 'lightweight-charts';
import { LiveTail } from '@/terminal/features/chart/components/liveTail';
import type { ChartSeriesApis } from '@/terminal/features/chart/components/chartSeries';
import type { LiveSlot } from '@/terminal/features/chart/model/liveSlot';
import type { ChartColours } from '@/terminal/features/chart/model/colours';

/** The library as LiveTail reads it: the live slot at `x` (null: scrolled off), a price pixel per unit. */
function tailOver() {
  const view = { x: 290 as number | null, autoScale: true };
  const chart = {
    timeScale: () => ({ timeToCoordinate: () => view.x, coordinateToLogical: () => 10, logicalToCoordinate: () => 284, subscribeVisibleLogicalRangeChange() {}, unsubscribeVisibleLogicalRangeChange() {} }),
    paneSize: () => ({ width: 300, height: 200 }),
    priceScale: () => ({ width: () => 60, options: () => ({ autoScale: view.autoScale }) }),
  } as unknown as IChartApi;
  const line = { priceToCoordinate: (price: number) => 1000 - price, priceFormatter: () => ({ format: String }) };
  const series = { candles: line, index: line, basis: line, funding: line, openInterest: line } as unknown as ChartSeriesApis;
  const container = document.createElement('div');
  const tail = new LiveTail(chart, container, series, {} as ChartColours, () => false);
  return { tail, view, container };
}

const slot = (high: number, low: number, values: LiveSlot['values'] = {}): LiveSlot => ({
  time: 600,
  candle: { time: 600, open: (high + low) / 2, high, low, close: low },
  values,
});
const library = (minValue: number, maxValue: number) => (): AutoscaleInfo => ({ priceRange: { minValue, maxValue } });

describe('LiveTail: the library scales its panes to the live values, and draws again only when one leaves them', () => {
  it('widens each series’ autoscale to the live values while the live slot is on screen', () => {
    const { tail, view } = tailOver();
    tail.set(slot(115, 95, { funding: 0.02 }), undefined);
    expect(tail.autoscale('candles')(library(90, 110))?.priceRange).toEqual({ minValue: 90, maxValue: 115 });
    expect(tail.autoscale('funding')(library(0.005, 0.01))?.priceRange).toEqual({ minValue: 0.005, maxValue: 0.02 });
    // A series with no live value, and the hidden basis, keep the library's own range.
    expect(tail.autoscale('openInterest')(library(1, 2))?.priceRange).toEqual({ minValue: 1, maxValue: 2 });
    tail.set(slot(115, 95, { basis: 9 }), undefined);
    expect(tail.autoscale('basis')(library(-1, 1))?.priceRange).toEqual({ minValue: -1, maxValue: 1 });
    tail.setBasisVisible(true);
    expect(tail.autoscale('basis')(library(-1, 1))?.priceRange).toEqual({ minValue: -1, maxValue: 9 });
    // Scrolled back, the live slot off screen: the range is the slots on screen alone, and no value asks for more.
    view.x = null;
    expect(tail.autoscale('candles')(library(90, 110))?.priceRange).toEqual({ minValue: 90, maxValue: 110 });
  });

  it('asks the library to draw again only when a live value leaves the range it was scaled to', () => {
    const { tail } = tailOver();
    // Before the library has scaled with the tail, nothing is asked (its next draw does).
    expect(tail.set(slot(105, 95), undefined)).toBe(false);
    tail.autoscale('candles')(library(90, 110));
    tail.autoscale('index')(library(90, 110));
    expect(tail.set(slot(109, 91, { index: 100 }), undefined)).toBe(false);
    expect(tail.set(slot(111, 91), undefined)).toBe(true);
    expect(tail.set(slot(109, 89), undefined)).toBe(true);
    expect(tail.set(slot(109, 91, { index: 120 }), undefined)).toBe(true);
    // Scaled again with that value: within it, nothing more.
    tail.autoscale('index')(library(90, 110));
    expect(tail.set(slot(109, 91, { index: 119 }), undefined)).toBe(false);
    // A scale the trader dragged (autoscale off) keeps its range: nothing to draw again for.
    const { tail: dragged, view } = tailOver();
    dragged.autoscale('candles')(library(90, 110));
    view.autoScale = false;
    expect(dragged.set(slot(150, 91), undefined)).toBe(false);
  });

  it('puts its canvas and the series’ labels in the chart, and takes them away when removed', () => {
    const { tail, container } = tailOver();
    expect(container.querySelector('canvas.chart__tail')).not.toBeNull();
    expect(container.querySelectorAll('.chart__last')).toHaveLength(5);
    tail.setTitles({ candles: 'mark', index: 'index', basis: 'basis %', funding: 'funding', openInterest: 'open interest' });
    expect(container.querySelector<HTMLElement>('[data-testid="chart-last-index"]')?.dataset.title).toBe('index');
    tail.remove();
    expect(container.children).toHaveLength(0);
  });
});
