import type { ISeriesApi, SeriesType, UTCTimestamp } from 'lightweight-charts';
import { hasCandle, hasValue, type CandleBar, type Slot, type ValueBar } from '../model/series';

type AnySlot = Slot<CandleBar> | Slot<ValueBar>;
type AnySeries = ISeriesApi<SeriesType>;

/** Whether a series shows its last value as a label on its price scale (its text then counts). */
export interface GateOptions {
  labelled: boolean;
}

const asTime = <T extends { time: number }>(slot: T) => slot as unknown as T & { time: UTCTimestamp };

/**
 * Gives the chart library a poll's slot only when the trader could see it: every `update` makes
 * the library recalculate every pane and redraw the whole chart, and most polls move a price by
 * less than a device pixel. What a slot shows is its time, the device pixels of its prices, a
 * candle's colour and, where the series has a last-value label, the label's text; a slot that
 * shows the same as the one drawn is kept and drawn with the next one that does not (or when the
 * candle's slot ends, so a finished candle is always the one the tape has). Nothing is drawn while
 * the chart is hidden, not even a candle that ends meanwhile; it is brought up to date when it shows again.
 */
export class PixelGate {
  /** What the library shows of each series, as a key. */
  private readonly drawn = new Map<AnySeries, string>();
  /**
   * Slots given and not drawn, by series, in time order: the last may still be forming; those
   * before it are candles that ended while the chart was hidden (one per slot of hidden time).
   */
  private readonly waiting = new Map<AnySeries, AnySlot[]>();
  private readonly options = new Map<AnySeries, GateOptions>();

  constructor(private readonly hidden: () => boolean) {}

  watch(series: AnySeries, options: GateOptions): void {
    this.options.set(series, options);
  }

  /** A whole new history was set: nothing is waiting, and what is drawn is unknown. */
  reset(): void {
    this.drawn.clear();
    this.waiting.clear();
  }

  /**
   * A poll's slots, in time order per series. Every key is read before any slot is given: a
   * price's pixel read after an update makes the library rescale its panes there and then.
   */
  give(slots: readonly (readonly [AnySeries, AnySlot])[]): void {
    const hidden = this.hidden();
    const keys = slots.map(([series, slot]) => (hidden ? undefined : this.keyOf(series, slot)));
    slots.forEach(([series, slot], i) => {
      const key = keys[i];
      if (key === undefined || key === this.drawn.get(series)) this.wait(series, slot);
      else this.draw(series, slot, key);
    });
  }

  /** Draws what waits (the chart shows again, or the trader needs its exact values). */
  flush(): void {
    if (this.hidden()) return;
    for (const [series, queue] of [...this.waiting]) {
      this.waiting.delete(series);
      for (const slot of queue) series.update(asTime(slot) as never);
      this.drawn.set(series, this.keyOf(series, queue.at(-1)!));
    }
  }

  /** Kept for later: it replaces a waiting slot of its time, and follows the ones before. */
  private wait(series: AnySeries, slot: AnySlot): void {
    const queue = this.waiting.get(series) ?? [];
    if (queue.at(-1)?.time === slot.time) queue.pop();
    queue.push(slot);
    this.waiting.set(series, queue);
  }

  /** Drawn now, after the waiting candles that ended before it (each as it ended). */
  private draw(series: AnySeries, slot: AnySlot, key: string): void {
    const earlier = (this.waiting.get(series) ?? []).filter((before) => before.time !== slot.time);
    this.waiting.delete(series);
    for (const before of earlier) series.update(asTime(before) as never);
    series.update(asTime(slot) as never);
    this.drawn.set(series, key);
  }

  private keyOf(series: AnySeries, slot: AnySlot): string {
    const labelled = this.options.get(series)?.labelled ?? true;
    const pixel = (price: number) => {
      const y = series.priceToCoordinate(price);
      return y === null ? 'x' : Math.round(y * (globalThis.devicePixelRatio || 1));
    };
    const label = (price: number) => (labelled ? series.priceFormatter().format(price) : '');
    if ('open' in slot && hasCandle(slot)) {
      const { open, high, low, close } = slot;
      return `${slot.time}|${pixel(open)}|${pixel(high)}|${pixel(low)}|${pixel(close)}|${close >= open}|${label(close)}`;
    }
    if ('value' in slot && hasValue(slot)) return `${slot.time}|${pixel(slot.value)}|${label(slot.value)}`;
    return `${slot.time}|`;
  }
}
