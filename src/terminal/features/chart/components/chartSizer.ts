import type { IChartApi } from 'lightweight-charts';

/** While its box keeps changing (a splitter dragged), the chart takes a new size at most this often. */
export const RESIZE_EVERY_MS = 100;

/**
 * Sizes the chart to its box, as the library's `autoSize` does, but not on every frame of a drag:
 * each resize reallocates the bitmaps of every pane's canvases and redraws them all, which cost a
 * splitter drag most of its frames. The first change of a quiet box is taken at once; further
 * changes within RESIZE_EVERY_MS wait, and the last is always taken. Meanwhile the chart's box
 * clips it (`contain: strict`), so nothing spills over a neighbour.
 */
export class ChartSizer {
  private readonly observer: ResizeObserver;
  private lastAppliedAt = Number.NEGATIVE_INFINITY;
  private pending: { width: number; height: number } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private applied = { width: -1, height: -1 };

  constructor(
    private readonly chart: IChartApi,
    container: HTMLElement,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (box) this.offer(Math.floor(box.width), Math.floor(box.height));
    });
    this.observer.observe(container);
  }

  /** The box's new size, as the observer reports it. */
  private offer(width: number, height: number): void {
    this.pending = { width, height };
    if (this.timer !== undefined) return;
    const wait = this.lastAppliedAt + RESIZE_EVERY_MS - this.now();
    if (wait <= 0) this.apply();
    else this.timer = setTimeout(() => this.apply(), wait);
  }

  private apply(): void {
    this.timer = undefined;
    const size = this.pending;
    this.pending = undefined;
    if (!size || (size.width === this.applied.width && size.height === this.applied.height)) return;
    this.applied = size;
    this.lastAppliedAt = this.now();
    // Painted at once, as the library's autoSize does: a canvas given a new size is blank until drawn.
    this.chart.resize(size.width, size.height, true);
  }

  remove(): void {
    this.observer.disconnect();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
