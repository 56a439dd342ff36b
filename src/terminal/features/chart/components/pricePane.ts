import type { IChartApi, ISeriesApi, MouseEventParams, Time } from 'lightweight-charts';
import type { VisibleRange } from '../model/edges';

/** A price on the price pane: the price (a float from a pixel: the view snaps it) and its height there. */
export interface PriceAt {
  price: number;
  y: number;
}

/** The price pane as the view lays its overlays on it. */
export interface PaneLayout {
  /** The pane's height, and the width of the price scale on its right, in pixels. */
  height: number;
  scaleWidth: number;
  range: VisibleRange;
  /** The last candle's close, where the "+" waits for the keyboard before any pointer came. */
  last: PriceAt | undefined;
}

export interface PricePaneHandlers {
  /** The pointer moved over the price pane (not the panes below it). */
  onPointerPrice(at: PriceAt): void;
  /** A right click (or a long press) on the price pane: the menu of orders at that price, at x. */
  onMenu(at: PriceAt & { x: number }): void;
  /** The pane after a redraw that may have moved its prices. */
  onLayout(layout: PaneLayout): void;
}

const sameLayout = (a: PaneLayout | undefined, b: PaneLayout) =>
  a !== undefined &&
  a.height === b.height &&
  a.scaleWidth === b.scaleWidth &&
  a.range.low === b.range.low &&
  a.range.high === b.range.high &&
  a.last?.price === b.last?.price &&
  a.last?.y === b.last?.y;

/**
 * What the view needs of the price pane to put a price in the ticket on purpose: the price under
 * the pointer, a right click's, and where the pane's prices are after each redraw. A plain click
 * or drag is the library's (scroll, zoom) and nothing else: it never prices an order.
 */
export class PricePaneWatch {
  private frame = 0;
  private reported: PaneLayout | undefined;

  constructor(
    private readonly chart: IChartApi,
    private readonly candles: ISeriesApi<'Candlestick'>,
    private readonly container: HTMLElement,
    private readonly handlers: PricePaneHandlers,
    private readonly lastClose: () => number | undefined,
  ) {
    chart.timeScale().subscribeVisibleLogicalRangeChange(this.soon);
    chart.timeScale().subscribeSizeChange(this.soon);
    container.addEventListener('contextmenu', this.menu);
    // Dragging or wheeling the price scale, and a double click that scales it back, move the prices.
    for (const name of ['pointerup', 'wheel', 'dblclick'] as const) container.addEventListener(name, this.soon, { passive: true });
  }

  /** The crosshair's moves: the price under the pointer while it is on the price pane. */
  crosshair(param: MouseEventParams<Time>): void {
    if (!param.point || (param.paneIndex ?? 0) !== 0) return;
    const price = this.candles.coordinateToPrice(param.point.y);
    if (price !== null) this.handlers.onPointerPrice({ price, y: param.point.y });
  }

  /**
   * Measures the pane once the library has drawn what was just asked of it (its own frame was
   * asked for first, so it runs first): the prices at its edges, and where the last close is.
   */
  readonly soon = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.measure();
    });
  };

  private measure(): void {
    const { height } = this.chart.paneSize(0);
    const high = this.candles.coordinateToPrice(0);
    const low = this.candles.coordinateToPrice(height);
    if (high === null || low === null || height <= 0) return;
    const close = this.lastClose();
    const y = close === undefined ? null : this.candles.priceToCoordinate(close);
    const layout: PaneLayout = {
      height,
      scaleWidth: this.chart.priceScale('right').width(),
      range: { low, high },
      last: close !== undefined && y !== null ? { price: close, y } : undefined,
    };
    if (sameLayout(this.reported, layout)) return;
    this.reported = layout;
    this.handlers.onLayout(layout);
  }

  private readonly menu = (event: MouseEvent) => {
    const box = this.container.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    // Below the price pane (funding, open interest) a right click is the browser's.
    if (y < 0 || y > this.chart.paneSize(0).height) return;
    const price = this.candles.coordinateToPrice(y);
    if (price === null) return;
    event.preventDefault();
    this.handlers.onMenu({ price, x, y });
  };

  remove(): void {
    cancelAnimationFrame(this.frame);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.soon);
    this.chart.timeScale().unsubscribeSizeChange(this.soon);
    this.container.removeEventListener('contextmenu', this.menu);
    for (const name of ['pointerup', 'wheel', 'dblclick'] as const) this.container.removeEventListener(name, this.soon);
  }
}
