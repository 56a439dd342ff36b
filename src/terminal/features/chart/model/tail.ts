/*
 * The live slot's shapes in the canvas's device pixels, by the same rules the chart library draws
 * its own candles and lines with, so the candle the terminal draws (LiveTail) sits among the
 * library's as one of them: the same width at every zoom, the same rounding of each edge.
 */

/** A filled rectangle, in device pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pixel heights (CSS px from the pane's top) of a candle's four prices. */
export interface CandleYs {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * A candle's body width in device pixels for a slot `spacing` CSS px wide: nearly the whole slot
 * when bars are narrow, down to four fifths as they widen; three pixels between 2.5 and 4 px.
 */
export function candleBodyWidth(spacing: number, ratio: number): number {
  const narrowing = 1 - (0.2 * Math.atan(Math.max(4, spacing) - 4)) / (Math.PI / 2);
  const width = Math.min(Math.floor(spacing * narrowing * ratio), Math.floor(spacing * ratio));
  let body = spacing >= 2.5 && spacing <= 4 ? Math.floor(3 * ratio) : Math.max(Math.floor(ratio), width);
  // The wick (and the crosshair) is a whole pixel line: the body's width keeps its parity, so it is centred.
  if (body >= 2 && Math.floor(ratio) % 2 !== body % 2) body -= 1;
  return body;
}

/** A candle at `x` (CSS px from the pane's left): its body and the wick above and below it. */
export function candleRects(x: number, ys: CandleYs, spacing: number, ratio: { h: number; v: number }): Rect[] {
  const body = candleBodyWidth(spacing, ratio.h);
  const centre = Math.round(x * ratio.h);
  const top = Math.round(Math.min(ys.open, ys.close) * ratio.v);
  const bottom = Math.round(Math.max(ys.open, ys.close) * ratio.v);
  const high = Math.round(ys.high * ratio.v);
  const low = Math.round(ys.low * ratio.v);
  const wick = Math.max(Math.floor(ratio.h), Math.min(Math.floor(ratio.h), Math.floor(spacing * ratio.h), body));
  const wickLeft = centre - Math.floor(wick / 2);
  const rects: Rect[] = [{ x: centre - Math.floor(body / 2), y: top, width: body, height: bottom - top + 1 }];
  if (top > high) rects.push({ x: wickLeft, y: high, width: wick, height: top - high });
  if (low > bottom) rects.push({ x: wickLeft, y: bottom + 1, width: wick, height: low - bottom });
  return rects;
}

/** The line from the slot before (if it has a value) to the live one, as the library strokes it: device pixels, unrounded. */
export function tailPoints(x: number, y: number, before: { x: number; y: number } | undefined, spacing: number, ratio: { h: number; v: number }) {
  // A value with no value before it is drawn as the library draws a lone point: a slot-wide dash.
  const from = before ?? { x: x - spacing / 2, y };
  const to = before ? { x, y } : { x: x + spacing / 2, y };
  return { from: { x: from.x * ratio.h, y: from.y * ratio.v }, to: { x: to.x * ratio.h, y: to.y * ratio.v } };
}

/** A horizontal line's height in device pixels: a whole pixel, offset by half of one when its width is odd (crisp). */
export function crispY(y: number, lineWidth: number, ratio: number): number {
  return Math.round(y * ratio) + (lineWidth % 2 ? 0.5 : 0);
}
