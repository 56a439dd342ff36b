import type { ISeriesApi } from 'lightweight-charts';
import { describe, expect, it, vi } from 'vitest';
import type { ChartColours } from '@/terminal/features/chart/model/colours';
import type { HeldMarker } from '@/terminal/features/chart/model/heldLines';

/** The library's markers plugin, as far as the layer uses it: what it was last given to draw. */
const plugin = vi.hoisted(() => ({ drawn: [] as { id?: string; time: unknown }[][], detached: 0 }));
vi.mock('lightweight-charts', async (original) => ({
  ...(await original<object>()),
  createSeriesMarkers: () => ({
    setMarkers: (markers: { id?: string; time: unknown }[]) => plugin.drawn.push(markers),
    detach: () => (plugin.detached += 1),
  }),
}));
const { HeldLayer } = await import('@/terminal/features/chart/components/heldLayer');

const marker = (id: string, time: number): HeldMarker => ({ id, time, price: 100, kind: 'stop', side: 'SELL', text: 'SL' });
const colours = new Proxy({}, { get: () => '#000' }) as ChartColours;

describe('the held orders’ markers on the chart', () => {
  it('leave out fired orders older than what the library holds, and show them once it holds their time', () => {
    const layer = new HeldLayer({} as ISeriesApi<'Candlestick'>, colours, () => {});
    const markers = [marker('old', 1_000), marker('recent', 9_000)];
    layer.setMarkers(markers);
    expect(plugin.drawn.at(-1)!.map((drawn) => drawn.id)).toEqual(['old', 'recent']);
    // The library now holds from 5,000 s: the old marker would sit on its first candle, so it waits.
    layer.holdFrom(5_000);
    expect(plugin.drawn.at(-1)!.map((drawn) => drawn.id)).toEqual(['recent']);
    // Polls of the held orders bring the same rows: nothing is drawn again.
    const count = plugin.drawn.length;
    layer.setMarkers([...markers]);
    expect(plugin.drawn).toHaveLength(count);
    // The trader looks back: the library holds from 500 s, and the old marker is drawn at its time.
    layer.holdFrom(500);
    expect(plugin.drawn.at(-1)!.map((drawn) => [drawn.id, drawn.time])).toEqual([['old', 1_000], ['recent', 9_000]]);
  });

  it('a fired order in the live slot is drawn with that slot (the tail), and goes to the library when the slot ends', () => {
    const live: string[][] = [];
    const layer = new HeldLayer({} as ISeriesApi<'Candlestick'>, colours, (markers) => live.push(markers.map((drawn) => drawn.id)));
    layer.setLiveTime(9_000);
    layer.setMarkers([marker('earlier', 8_940), marker('now', 9_000)]);
    // The library holds the live slot as a blank: its markers plugin would put "now" on the candle before.
    expect(plugin.drawn.at(-1)!.map((drawn) => drawn.id)).toEqual(['earlier']);
    expect(live.at(-1)).toEqual(['now']);
    // The slot ends: the library has its candle, and the marker on it.
    layer.setLiveTime(9_060);
    expect(plugin.drawn.at(-1)!.map((drawn) => drawn.id)).toEqual(['earlier', 'now']);
    expect(live.at(-1)).toEqual([]);
  });
});

