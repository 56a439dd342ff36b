import type { AutoscaleInfo, AutoscaleInfoProvider, IChartApi, UTCTimestamp } from 'lightweight-charts';
import type { ChartColours } from '../model/colours';
import { VALUE_KEYS, type LiveSlot, type ValueKey } from '../model/liveSlot';
import { candleRects, tailPoints } from '../model/tail';
import { marker, priceLine, rects, segment, type Geometry, type Shape } from './tailShapes';
import { heldColourOf, type HeldMarker } from '../model/heldLines';
import type { ChartSeriesApis } from './chartSeries';
import { LastPriceLabel } from './lastPriceLabel';

export type TailKey = 'candles' | ValueKey;

const PANE: Record<TailKey, number> = { candles: 0, index: 0, basis: 0, funding: 1, openInterest: 2 };
/** The library's line between two panes, in CSS px. */
const SEPARATOR = 1;

/**
 * The live slot of every series, drawn by the terminal on a canvas of its own over the library's
 * panes: the forming candle, the lines' last segments, their dashed price lines and the value
 * labels of funding, open interest and basis. The library holds that slot as a blank, so a poll
 * that moves the live values redraws this one small canvas, not the library's three panes, their
 * axes and every candle. The library draws again only when what it shows changes: a candle ends,
 * the trader scrolls or zooms, or a live value leaves the price range its autoscale gave (each
 * series' range includes the live values, `autoscale`). A range that a line's live value widened
 * stays until the library draws again; what the polls moved is never outside the pane.
 */
export class LiveTail {
  private readonly canvas: HTMLCanvasElement;
  private live: LiveSlot | undefined;
  private before: LiveSlot | undefined;
  /** The price range each series' autoscale gave the library last, the live values included. */
  private readonly ranges = new Map<TailKey, { min: number; max: number }>();
  private frame = 0;
  private drawn = '';
  private size = '';
  private basisShown = false;
  private markers: readonly HeldMarker[] = [];
  private readonly labels: Record<'funding' | 'openInterest' | 'basis' | 'index', LastPriceLabel>;
  /** The mark's last price (its text and tone written by the engine, placed here with the index's name). */
  readonly mark: LastPriceLabel;

  constructor(
    private readonly chart: IChartApi,
    private readonly container: HTMLElement,
    private readonly series: ChartSeriesApis,
    private colours: ChartColours,
    private readonly hidden: () => boolean,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'chart__tail';
    this.canvas.setAttribute('aria-hidden', 'true');
    container.append(this.canvas);
    this.mark = new LastPriceLabel(container);
    this.labels = {
      index: new LastPriceLabel(container, { series: 'index', valueless: true }),
      funding: new LastPriceLabel(container, { series: 'funding' }),
      openInterest: new LastPriceLabel(container, { series: 'openInterest' }),
      basis: new LastPriceLabel(container, { series: 'basis', side: 'left' }),
    };
    // Scrolling or zooming moves the live slot; dragging or wheeling a price scale rescales its pane without a range event.
    chart.timeScale().subscribeVisibleLogicalRangeChange(this.soon);
    container.addEventListener('pointermove', this.dragging, { passive: true });
    for (const name of ['pointerup', 'wheel', 'dblclick'] as const) container.addEventListener(name, this.soon, { passive: true });
  }

  private readonly dragging = (event: PointerEvent) => {
    if (event.buttons !== 0) this.soon();
  };

  /** The series' autoscale: the library's range over the slots on screen, widened to the live values when the live slot is on screen. */
  autoscale(key: TailKey): AutoscaleInfoProvider {
    return (original) => {
      const base = original();
      const onScreen = this.onScreen();
      const live = onScreen ? this.valuesOf(key) : [];
      const min = Math.min(base?.priceRange?.minValue ?? Number.POSITIVE_INFINITY, ...live);
      const max = Math.max(base?.priceRange?.maxValue ?? Number.NEGATIVE_INFINITY, ...live);
      // Off screen, a live value needs no room; on screen, one that comes later outside this range does.
      if (!onScreen || min > max) this.ranges.delete(key);
      else this.ranges.set(key, { min, max });
      if (live.length === 0) return base;
      return { ...base, priceRange: { minValue: min, maxValue: max } } satisfies AutoscaleInfo;
    };
  }

  /**
   * The live slot and the one before it (drawn once the caller has given the library its changes
   * and asked for `soon`). True when a live value is outside the range the library scaled its pane
   * to: the library must draw again (the caller asks it to) for the value to show.
   */
  set(live: LiveSlot | undefined, before: LiveSlot | undefined): boolean {
    this.live = live;
    this.before = before;
    return (Object.keys(PANE) as TailKey[]).some((key) => {
      const range = this.ranges.get(key);
      const outside = range !== undefined && this.valuesOf(key).some((value) => value < range.min || value > range.max);
      // A scale the trader dragged keeps its range: drawing again would not bring the value in.
      return outside && this.chart.priceScale(key === 'basis' ? 'left' : 'right', PANE[key]).options().autoScale;
    });
  }

  /** The fired orders' markers in the live slot (the library would put them on the candle before it). */
  setMarkers(markers: readonly HeldMarker[]): void {
    this.markers = markers;
    this.soon();
  }

  /** The series' names beside their scales, in the trader's language. */
  setTitles(titles: Record<TailKey, string>): void {
    this.mark.title(titles.candles);
    for (const key of ['index', 'funding', 'openInterest', 'basis'] as const) this.labels[key].title(titles[key]);
  }

  setBasisVisible(visible: boolean): void {
    this.basisShown = visible;
  }

  setColours(colours: ChartColours): void {
    this.colours = colours;
    this.drawn = '';
    this.soon();
  }

  /** Draws on the next frame, after the library's own (asked for first, so it runs first): its coordinates are then the new ones. */
  readonly soon = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  };

  remove(): void {
    cancelAnimationFrame(this.frame);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.soon);
    this.container.removeEventListener('pointermove', this.dragging);
    for (const name of ['pointerup', 'wheel', 'dblclick'] as const) this.container.removeEventListener(name, this.soon);
    this.canvas.remove();
    for (const label of [this.mark, ...Object.values(this.labels)]) label.remove();
  }

  private valuesOf(key: TailKey): number[] {
    const live = this.live;
    if (!live) return [];
    if (key === 'candles') return live.candle ? [live.candle.high, live.candle.low] : [];
    if (key === 'basis' && !this.basisShown) return [];
    const value = live.values[key];
    return value === undefined ? [] : [value];
  }

  private onScreen(): boolean {
    const live = this.live;
    if (!live) return false;
    const x = this.chart.timeScale().timeToCoordinate(live.time as UTCTimestamp);
    return x !== null && x >= 0 && x <= this.chart.paneSize(0).width;
  }

  private geometry(): Geometry {
    const heights = [0, 1, 2].map((pane) => this.chart.paneSize(pane).height);
    const tops = heights.map((_, pane) => heights.slice(0, pane).reduce((sum, height) => sum + height + SEPARATOR, 0));
    return {
      ratio: globalThis.devicePixelRatio || 1,
      left: this.chart.priceScale('left').width(),
      width: this.chart.paneSize(0).width,
      right: this.chart.priceScale('right').width(),
      tops,
      heights,
    };
  }

  private draw(): void {
    if (this.hidden()) return;
    const at = this.geometry();
    this.fit(at);
    const shapes = this.shapes(at);
    const key = `${at.left}|${at.tops.join(',')}|${shapes.map((shape) => shape.key).join(';')}`;
    if (key !== this.drawn) {
      this.drawn = key;
      const context = this.canvas.getContext('2d');
      if (!context) return;
      context.save();
      context.clearRect(0, 0, this.canvas.width, this.canvas.height);
      for (const shape of shapes) shape.paint(context, at);
      context.restore();
    }
    this.placeLabels(at);
  }

  /** The canvas over the panes (not the price scale on the right), at the device's pixels. */
  private fit(at: Geometry): void {
    const css = { width: at.left + at.width, height: at.tops[2]! + at.heights[2]! };
    const size = `${css.width}x${css.height}@${at.ratio}`;
    if (size === this.size) return;
    this.size = size;
    this.drawn = '';
    this.canvas.style.width = `${css.width}px`;
    this.canvas.style.height = `${css.height}px`;
    this.canvas.width = Math.round(css.width * at.ratio);
    this.canvas.height = Math.round(css.height * at.ratio);
  }

  private shapes(at: Geometry): Shape[] {
    const live = this.live;
    const x = live ? this.chart.timeScale().timeToCoordinate(live.time as UTCTimestamp) : null;
    if (!live || x === null) return [];
    const beforeX = this.before ? this.chart.timeScale().timeToCoordinate(this.before.time as UTCTimestamp) : null;
    const spacing = beforeX === null ? this.spacingAt(x) : x - beforeX;
    const shapes: Shape[] = [];
    const ratio = { h: at.ratio, v: at.ratio };
    for (const key of VALUE_KEYS) {
      if (key === 'basis' && !this.basisShown) continue;
      const value = live.values[key];
      const y = value === undefined ? null : this.series[key].priceToCoordinate(value);
      if (y === null) continue;
      const colour = this.colours[key];
      const previous = this.before?.values[key];
      const previousY = previous === undefined || beforeX === null ? null : this.series[key].priceToCoordinate(previous);
      const points = tailPoints(x, y, previousY === null ? undefined : { x: beforeX!, y: previousY }, spacing, ratio);
      shapes.push(priceLine(PANE[key], y, colour, at.ratio), segment(PANE[key], points, colour));
    }
    const candle = live.candle;
    if (candle) {
      const y = (price: number) => this.series.candles.priceToCoordinate(price);
      const [open, high, low, close] = [y(candle.open), y(candle.high), y(candle.low), y(candle.close)];
      if (open !== null && high !== null && low !== null && close !== null) {
        const colour = candle.close >= candle.open ? this.colours.up : this.colours.down;
        shapes.push(priceLine(0, close, colour, at.ratio), rects(0, candleRects(x, { open, high, low, close }, spacing, ratio), colour));
      }
    }
    for (const fired of this.markers) {
      const y = this.series.candles.priceToCoordinate(fired.price);
      if (y !== null) shapes.push(marker(x, y, spacing, fired.side === 'BUY', fired.text, this.colours[heldColourOf[fired.kind]], this.colours.font));
    }
    return shapes;
  }

  /** A slot's width where the live slot has no slot before it to measure from. */
  private spacingAt(x: number): number {
    const timeScale = this.chart.timeScale();
    const logical = timeScale.coordinateToLogical(x);
    const previous = logical === null ? null : timeScale.logicalToCoordinate((logical - 1) as never);
    return previous === null ? 6 : Math.max(1, x - previous);
  }

  private placeLabels(at: Geometry): void {
    const live = this.live;
    for (const key of ['funding', 'openInterest', 'basis'] as const) {
      const label = this.labels[key];
      const value = live?.values[key];
      if (value === undefined || (key === 'basis' && !this.basisShown)) {
        label.clear();
        continue;
      }
      const series = this.series[key];
      label.write(series.priceFormatter().format(value), 'up');
      const pane = PANE[key];
      label.place(series.priceToCoordinate(value), at.heights[pane]!, key === 'basis' ? at.left : at.right, at.tops[pane]);
    }
    const close = live?.candle ? this.series.candles.priceToCoordinate(live.candle.close) : null;
    const index = live?.values.index === undefined ? null : this.series.index.priceToCoordinate(live.values.index);
    const [markY, indexY] = apart(close, index, Math.max(this.mark.labelHeight, this.labels.index.labelHeight));
    this.mark.place(markY, at.heights[0]!, at.right);
    this.labels.index.place(indexY, at.heights[0]!, at.right);
  }

}

/** Two labels' middles moved apart (about their midpoint) when they would overlap, as the library's own labels are. */
function apart(a: number | null, b: number | null, height: number): [number | null, number | null] {
  if (a === null || b === null || Math.abs(a - b) >= height) return [a, b];
  const middle = (a + b) / 2;
  const half = height / 2;
  return a <= b ? [middle - half, middle + half] : [middle + half, middle - half];
}
