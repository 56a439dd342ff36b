import {
  createSeriesMarkers,
  LineStyle,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartColours } from '../model/colours';
import { heldColourOf, type HeldLine, type HeldMarker } from '../model/heldLines';

const STYLES = { solid: LineStyle.Solid, dashed: LineStyle.Dashed, dotted: LineStyle.Dotted } as const;

const sameMarkers = (a: readonly HeldMarker[], b: readonly HeldMarker[]) =>
  a.length === b.length &&
  a.every((marker, at) => {
    const other = b[at]!;
    return marker.id === other.id && marker.time === other.time && marker.price === other.price && marker.text === other.text;
  });

const sameLine = (a: HeldLine, b: HeldLine) =>
  a.price === b.price && a.title === b.title && a.style === b.style && a.kind === b.kind && a.dimmed === b.dimmed;

/**
 * The held orders on the candles: their lines (a trigger's label is the view's handle over the
 * canvas, which can be grabbed and focused; a limit's is drawn here) and the markers of fired ones.
 */
export class HeldLayer {
  private readonly lines = new Map<string, { line: HeldLine; handle: IPriceLine }>();
  /** Made with the first marker: the plugin asks for a second paint after each poll's update, even empty. */
  private markers: ISeriesMarkersPluginApi<Time> | undefined;
  private shownMarkers: readonly HeldMarker[] = [];
  private wantedMarkers: readonly HeldMarker[] = [];
  /** The first slot the library holds (HistoryWindow): the markers plugin would put an older marker on it. */
  private heldFrom = Number.NEGATIVE_INFINITY;
  /** The live slot, a blank to the library (LiveTail draws it): the plugin would put its markers on the candle before. */
  private liveTime = Number.POSITIVE_INFINITY;

  constructor(
    private readonly candles: ISeriesApi<'Candlestick'>,
    private colours: ChartColours,
    /** The markers of the live slot, drawn with it. */
    private readonly drawLive: (markers: readonly HeldMarker[]) => void,
  ) {}

  /** Draws the wanted lines; a line that did not change is left alone (a poll that changes nothing redraws nothing). */
  setLines(wanted: readonly HeldLine[]): void {
    const wantedById = new Map(wanted.map((line) => [line.id, line]));
    for (const [id, entry] of this.lines) {
      const next = wantedById.get(id);
      if (next && sameLine(next, entry.line)) continue;
      this.candles.removePriceLine(entry.handle);
      this.lines.delete(id);
    }
    for (const line of wanted) {
      if (this.lines.has(line.id)) continue;
      const handle = this.candles.createPriceLine({
        id: line.id,
        price: line.price,
        color: this.colourOf(line),
        lineWidth: line.part === 'trigger' && !line.dimmed ? 2 : 1,
        lineStyle: STYLES[line.style],
        axisLabelVisible: line.part === 'trigger',
        // A trigger's words are on its handle (the view's), which the keyboard and a screen reader reach too.
        title: line.part === 'trigger' ? '' : line.title,
      });
      this.lines.set(line.id, { line, handle });
    }
  }

  /** The fired orders' markers; each poll of the held orders gives new rows, and the same markers redraw nothing. */
  setMarkers(markers: readonly HeldMarker[]): void {
    this.wantedMarkers = markers;
    // A fired order older than what the library holds waits until it holds that time; one in the live slot is drawn with it.
    const shown = markers.filter((marker) => marker.time >= this.heldFrom && marker.time < this.liveTime);
    this.drawLive(markers.filter((marker) => marker.time >= this.liveTime));
    if (sameMarkers(this.shownMarkers, shown)) return;
    this.paintMarkers(shown);
  }

  /** The live slot's time (chart seconds): its markers are the tail's until it ends. */
  setLiveTime(time: number | undefined): void {
    const next = time ?? Number.POSITIVE_INFINITY;
    if (next === this.liveTime) return;
    this.liveTime = next;
    this.setMarkers(this.wantedMarkers);
  }

  /** The library now holds slots from `time` (chart seconds) on. */
  holdFrom(time: number): void {
    this.heldFrom = time;
    this.setMarkers(this.wantedMarkers);
  }

  private paintMarkers(markers: readonly HeldMarker[]): void {
    this.shownMarkers = markers;
    if (markers.length === 0) {
      this.markers?.detach();
      this.markers = undefined;
      return;
    }
    // Fired markers never widen the price scale: it stays where the trader's lines are.
    this.markers ??= createSeriesMarkers(this.candles, [], { autoScale: false });
    this.markers.setMarkers(
      markers.map(
        (marker): SeriesMarker<Time> => ({
          id: marker.id,
          time: marker.time as UTCTimestamp,
          position: 'atPriceMiddle',
          price: marker.price,
          shape: marker.side === 'BUY' ? 'arrowUp' : 'arrowDown',
          color: this.colours[heldColourOf[marker.kind]],
          text: marker.text,
        }),
      ),
    );
  }

  setColours(colours: ChartColours): void {
    this.colours = colours;
    for (const { line, handle } of this.lines.values()) handle.applyOptions({ color: this.colourOf(line) });
    this.paintMarkers(this.shownMarkers);
  }

  private colourOf(line: HeldLine): string {
    return this.colours[heldColourOf[line.kind]];
  }

  remove(): void {
    this.markers?.detach();
  }
}
