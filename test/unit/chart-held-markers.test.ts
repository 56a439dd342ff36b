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
    const layer = new HeldLayer({} as ISeriesApi<'Candlestick'>, colours);
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
});
