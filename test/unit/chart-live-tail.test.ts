import { describe, expect, it } from 'vitest';
import { candleBodyWidth, candleRects, crispY, tailPoints } from '@/terminal/features/chart/model/tail';
import { liveSlotAt, withLiveBlank } from '@/terminal/features/chart/model/liveSlot';
import { toChartSeries } from '@/terminal/features/chart/model/series';
import type { TapeCandle } from '@/interface';

const tape = (time: number, close: number): TapeCandle => ({
  time,
  open: close - 1,
  high: close + 2,
  low: close - 3,
  close,
  index_close: close - 5,
  est_funding_rate: 0.0001,
  open_interest: 20_000,
  volume_24h: 0,
  samples: 1,
});

describe('the live candle drawn as the library draws its candles', () => {
  it('takes the library’s body width at every zoom and pixel ratio, its parity the wick’s', () => {
    // Narrow bars fill their slot; 2.5–4 px slots are three pixels; wide ones narrow to four fifths.
    expect(candleBodyWidth(1, 1)).toBe(1);
    expect(candleBodyWidth(2, 1)).toBe(1); // 2 px, made odd like the 1 px wick
    expect(candleBodyWidth(3, 1)).toBe(3);
    expect(candleBodyWidth(3, 2)).toBe(6);
    expect(candleBodyWidth(3, 1.5)).toBe(3); // 4.5 px, floored, made odd like the 1 px wick
    expect(candleBodyWidth(6, 1)).toBe(5); // 6 × 0.859
    expect(candleBodyWidth(6, 2)).toBe(10);
    expect(candleBodyWidth(50, 1)).toBe(39); // 50 × 0.803 = 40, made odd
  });

  it('a body between open and close and a wick above and below it, on whole device pixels', () => {
    const rects = candleRects(100.4, { open: 50.2, close: 40.6, high: 30.1, low: 60.7 }, 6, { h: 2, v: 2 });
    // Body: 10 px wide centred on x 201 (100.4 × 2 rounded), rows 81 (40.6 × 2) to 100 (50.2 × 2) inclusive.
    expect(rects[0]).toEqual({ x: 196, y: 81, width: 10, height: 20 });
    // Wicks: 2 px wide, from the high to the body, and below the body to the low.
    expect(rects[1]).toEqual({ x: 200, y: 60, width: 2, height: 21 });
    expect(rects[2]).toEqual({ x: 200, y: 101, width: 2, height: 21 });
    // A candle whose high and low are its open and close has no wick.
    expect(candleRects(10, { open: 5, close: 9, high: 5, low: 9 }, 6, { h: 1, v: 1 })).toHaveLength(1);
  });

  it('a line’s last segment joins the slot before; with none before, a slot-wide dash', () => {
    expect(tailPoints(20, 5, { x: 14, y: 8 }, 6, { h: 2, v: 2 })).toEqual({ from: { x: 28, y: 16 }, to: { x: 40, y: 10 } });
    expect(tailPoints(20, 5, undefined, 6, { h: 1, v: 1 })).toEqual({ from: { x: 17, y: 5 }, to: { x: 23, y: 5 } });
    expect(crispY(10.2, 1, 1)).toBe(10.5);
    expect(crispY(10.2, 2, 2)).toBe(20);
  });
});

describe('the live slot, taken from the library’s slots', () => {
  const series = toChartSeries([tape(0, 100), tape(60_000, 101), tape(180_000, 103)], 60_000);

  it('reads every series’ value at a slot, and nothing of a blank', () => {
    expect(liveSlotAt(series, 3)).toEqual({
      time: 180,
      candle: { time: 180, open: 102, high: 105, low: 100, close: 103 },
      values: { index: 98, basis: expect.closeTo(((103 - 98) / 98) * 100, 9), funding: 0.01, openInterest: 20_000 },
    });
    // The minute no poll reached: a blank in every series.
    expect(liveSlotAt(series, 2)).toEqual({ time: 120, candle: undefined, values: {} });
    expect(liveSlotAt(series, -1)).toBeUndefined();
  });

  it('the library is given the live slot as a blank in every series, the others as they are', () => {
    const held = withLiveBlank(series, 180);
    for (const key of ['candles', 'index', 'basis', 'funding', 'openInterest'] as const) {
      expect(held[key].at(-1)).toEqual({ time: 180 });
      expect(held[key].slice(0, -1)).toEqual(series[key].slice(0, -1));
    }
    // A history whose last slot is not the live one (another market's, an older read) is left whole.
    expect(withLiveBlank(series, 240)).toEqual(series);
    expect(withLiveBlank(series, undefined)).toEqual(series);
  });
});
