import type { IChartApi } from 'lightweight-charts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartSizer, RESIZE_EVERY_MS } from '@/terminal/features/chart/components/chartSizer';

/** The observer the sizer makes, so the test can report sizes as the browser would. */
let report: (width: number, height: number) => void = () => undefined;
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {
    report = (width, height) => this.callback([{ contentRect: { width, height } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChartSizer: the chart follows its box, not on every frame of a drag', () => {
  it('takes a quiet box at once, a drag at most every RESIZE_EVERY_MS, and always its last size', () => {
    const sizes: [number, number][] = [];
    const chart = {
      resize: (width: number, height: number, forceRepaint?: boolean) => {
        // Painted at once, or a frame shows the canvases blank.
        expect(forceRepaint).toBe(true);
        sizes.push([width, height]);
      },
    } as unknown as IChartApi;
    const sizer = new ChartSizer(chart, document.createElement('div'), () => Date.now());
    report(400.6, 300);
    expect(sizes).toEqual([[400, 300]]);
    // A drag: a size per frame.
    for (let width = 401; width <= 420; width++) {
      vi.advanceTimersByTime(16);
      report(width, 300);
    }
    // 20 frames over 320 ms: a size every RESIZE_EVERY_MS, not 20.
    expect(sizes.length).toBeLessThanOrEqual(1 + Math.ceil((20 * 16) / RESIZE_EVERY_MS));
    expect(sizes.length).toBeGreaterThan(1);
    vi.advanceTimersByTime(RESIZE_EVERY_MS);
    expect(sizes.at(-1)).toEqual([420, 300]);
    const settled = sizes.length;
    // The same size again changes nothing; gone, it takes no size late.
    report(420, 300);
    vi.advanceTimersByTime(RESIZE_EVERY_MS);
    expect(sizes).toHaveLength(settled);
    report(500, 300);
    vi.advanceTimersByTime(10);
    report(510, 300);
    sizer.remove();
    vi.advanceTimersByTime(RESIZE_EVERY_MS);
    expect(sizes.at(-1)).toEqual([500, 300]);
  });
});
