import { crispY, type candleRects, type tailPoints } from '../model/tail';

/** Where the panes are in the tail's canvas: CSS px, and the device's pixels per CSS px. */
export interface Geometry {
  ratio: number;
  left: number;
  width: number;
  right: number;
  tops: number[];
  heights: number[];
}

/** Something drawn in a pane: its key (what it looks like, to skip a frame that draws the same) and how to paint it. */
export interface Shape {
  key: string;
  paint(context: CanvasRenderingContext2D, at: Geometry): void;
}

/** `draw` clipped to the pane, with the pane's top left as the origin (device pixels). */
function inPane(context: CanvasRenderingContext2D, at: Geometry, pane: number, draw: () => void): void {
  const left = Math.round(at.left * at.ratio);
  const top = Math.round(at.tops[pane]! * at.ratio);
  context.save();
  context.beginPath();
  context.rect(left, top, Math.round(at.width * at.ratio), Math.round(at.heights[pane]! * at.ratio));
  context.clip();
  context.translate(left, top);
  draw();
  context.restore();
}

/** The dashed line across the pane at the last value, as the library's price line. */
export function priceLine(pane: number, y: number, colour: string, ratio: number): Shape {
  const width = Math.max(1, Math.floor(ratio));
  const crisp = crispY(y, width, ratio);
  return {
    key: `p${pane}|${crisp}|${colour}`,
    paint(context, at) {
      inPane(context, at, pane, () => {
        context.lineWidth = width;
        context.strokeStyle = colour;
        context.setLineDash([2 * width, 2 * width]);
        context.beginPath();
        context.moveTo(0, crisp);
        context.lineTo(Math.round(at.width * at.ratio), crisp);
        context.stroke();
      });
    },
  };
}

export function segment(pane: number, points: ReturnType<typeof tailPoints>, colour: string): Shape {
  const { from, to } = points;
  return {
    key: `s${pane}|${Math.round(from.x)},${Math.round(from.y)},${Math.round(to.x)},${Math.round(to.y)}|${colour}`,
    paint(context, at) {
      inPane(context, at, pane, () => {
        context.lineWidth = at.ratio;
        context.lineCap = 'butt';
        context.lineJoin = 'round';
        context.setLineDash([]);
        context.strokeStyle = colour;
        context.beginPath();
        context.moveTo(from.x, from.y);
        context.lineTo(to.x, to.y);
        context.stroke();
      });
    },
  };
}

export function rects(pane: number, list: ReturnType<typeof candleRects>, colour: string): Shape {
  return {
    key: `r${pane}|${list.map((rect) => `${rect.x},${rect.y},${rect.width},${rect.height}`).join(' ')}|${colour}`,
    paint(context, at) {
      inPane(context, at, pane, () => {
        context.fillStyle = colour;
        for (const rect of list) context.fillRect(rect.x, rect.y, rect.width, rect.height);
      });
    },
  };
}

/** An odd whole number at least `value`: the library's shapes are centred on a pixel. */
const ceiledOdd = (value: number) => {
  const whole = Math.ceil(value);
  return whole % 2 === 0 ? whole + 1 : whole;
};

/**
 * A fired order's arrow at its price in the live slot, with its words beyond the point (below a
 * buy's, above a sell's), the size the library's markers take at this zoom.
 */
export function marker(x: number, y: number, spacing: number, up: boolean, text: string, colour: string, font: string): Shape {
  const size = ceiledOdd(Math.min(Math.max(spacing, 12), 30));
  return {
    key: `m|${Math.round(x)},${Math.round(y)},${size},${up}|${text}|${colour}`,
    paint(context, at) {
      inPane(context, at, 0, () => {
        const r = at.ratio;
        const [cx, cy] = [x * r, y * r];
        const half = ((size - 1) / 2) * r;
        const base = ((ceiledOdd(size / 2) - 1) / 2) * r;
        const tip = up ? -half : half;
        context.fillStyle = colour;
        context.beginPath();
        context.moveTo(cx - half, cy);
        context.lineTo(cx, cy + tip);
        context.lineTo(cx + half, cy);
        context.lineTo(cx + base, cy);
        context.lineTo(cx + base, cy - tip);
        context.lineTo(cx - base, cy - tip);
        context.lineTo(cx - base, cy);
        context.fill();
        context.font = `${12 * r}px ${font}`;
        context.textAlign = 'center';
        context.textBaseline = up ? 'top' : 'bottom';
        context.fillText(text, cx, cy - tip + (up ? 3 : -3) * r);
      });
    },
  };
}
