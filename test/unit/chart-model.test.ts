import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import type { TapeCandle } from '@/interface';
import { basisPercent } from '@/terminal/features/chart/model/basis';
import { chartColours, chartTokens } from '@/terminal/features/chart/model/colours';
import { legendAt, legendItems } from '@/terminal/features/chart/model/legend';
import { setFormatLocale } from '@/terminal/shared/format/locale';
import { lastCandleOf, liveUpdate, type MarketTick } from '@/terminal/features/chart/model/live';
import { chartCover, chartStatus } from '@/terminal/features/chart/model/notes';
import { edgeNotes, offscreenOrders } from '@/terminal/features/chart/model/edges';
import { diffLines, draftLines, orderLines, type ChartPriceLine, type DraftLike } from '@/terminal/features/chart/model/priceLines';
import { hasCandle, sameSlot, toChartSeries } from '@/terminal/features/chart/model/series';
import { snapToTick } from '@/terminal/features/chart/model/snap';
import { journalOrder } from '../fixtures/orders';

const MINUTE = 60_000;
const T0 = 1_700_000_040_000; // a whole minute

function candle(minute: number, close: number, extra: Partial<TapeCandle> = {}): TapeCandle {
  return {
    time: T0 + minute * MINUTE,
    open: close - 1,
    high: close + 2,
    low: close - 3,
    close,
    index_close: close - 10,
    est_funding_rate: 0.0001,
    open_interest: 1234.5,
    volume_24h: 99,
    samples: 12,
    ...extra,
  };
}

const tick = (at: number, mark: number, extra: Partial<MarketTick> = {}): MarketTick => ({
  serviceTime: at,
  mark,
  index: mark - 5,
  fundingRate: 0.0002,
  openInterest: 2000,
  ...extra,
});

describe('candles → series', () => {
  it('maps every field of a candle into its series, in seconds', () => {
    const series = toChartSeries([candle(0, 100)], MINUTE);
    expect(series.candles).toEqual([{ time: T0 / 1000, open: 99, high: 102, low: 97, close: 100 }]);
    expect(series.index).toEqual([{ time: T0 / 1000, value: 90 }]);
    expect(series.funding).toEqual([{ time: T0 / 1000, value: 0.01 }]);
    expect(series.openInterest).toEqual([{ time: T0 / 1000, value: 1234.5 }]);
    expect(series.basis[0]).toEqual({ time: T0 / 1000, value: (10 / 90) * 100 });
  });

  it('leaves a blank slot for every missing candle, never a carried close', () => {
    const series = toChartSeries([candle(0, 100), candle(3, 103), candle(4, 104)], MINUTE);
    expect(series.candles.map((slot) => slot.time)).toEqual([0, 1, 2, 3, 4].map((m) => (T0 + m * MINUTE) / 1000));
    expect(series.candles.map(hasCandle)).toEqual([true, false, false, true, true]);
    for (const slots of [series.index, series.basis, series.funding, series.openInterest]) {
      expect(slots[1]).toEqual({ time: (T0 + MINUTE) / 1000 });
      expect(slots).toHaveLength(5);
    }
  });

  it('blanks at coarser resolutions step by that resolution', () => {
    const hour = 3_600_000;
    const start = Math.floor(T0 / hour) * hour;
    const series = toChartSeries([candle(0, 1, { time: start }), candle(0, 2, { time: start + 3 * hour })], hour);
    expect(series.candles).toHaveLength(4);
  });

  it('keeps time strictly increasing: a repeated or earlier row is dropped', () => {
    const series = toChartSeries([candle(0, 100), candle(0, 101), candle(2, 102), candle(1, 99)], MINUTE);
    expect(series.candles.filter(hasCandle).map((bar) => bar.close)).toEqual([100, 102]);
  });
});

describe('what a poll changes', () => {
  it('a slot draws the same only with the same time and every value the same', () => {
    const candle = { time: 60, open: 1, high: 2, low: 0.5, close: 1.5 };
    expect(sameSlot(candle, { ...candle })).toBe(true);
    expect(sameSlot(undefined, candle)).toBe(false);
    for (const key of ['time', 'open', 'high', 'low', 'close'] as const) expect(sameSlot(candle, { ...candle, [key]: candle[key] + 1 }), key).toBe(false);
    expect(sameSlot({ time: 60, value: 0.01 }, { time: 60, value: 0.01 })).toBe(true);
    expect(sameSlot({ time: 60, value: 0.01 }, { time: 60, value: 0.010001 })).toBe(false);
    expect(sameSlot({ time: 60 }, { time: 60 })).toBe(true);
    expect(sameSlot({ time: 60 }, { time: 60, value: 0 })).toBe(false);
  });
});

describe('basis', () => {
  it('is mark − index in percent of index', () => {
    expect(basisPercent(101, 100)).toBeCloseTo(1, 12);
    expect(basisPercent(99.5, 100)).toBeCloseTo(-0.5, 12);
    expect(basisPercent(100, 100)).toBe(0);
  });

  it('has no value without an index', () => {
    expect(basisPercent(100, 0)).toBeNull();
    expect(basisPercent(100, Number.NaN)).toBeNull();
  });
});

describe('the live candle', () => {
  const last = lastCandleOf([candle(0, 100), candle(1, 110)])!;

  it('a poll in the last candle moves its close and stretches its high and low, keeping its open', () => {
    const up = liveUpdate(last, tick(T0 + MINUTE + 5_000, 200), MINUTE)!;
    expect(up.last).toEqual({ startMs: T0 + MINUTE, open: 109, high: 200, low: 107, close: 200 });
    expect(up.series.candles).toEqual([{ time: (T0 + MINUTE) / 1000, open: 109, high: 200, low: 107, close: 200 }]);
    const down = liveUpdate(up.last, tick(T0 + MINUTE + 9_000, 50), MINUTE)!;
    expect(down.last).toEqual({ startMs: T0 + MINUTE, open: 109, high: 200, low: 50, close: 50 });
  });

  it('a poll in the next slot opens a new candle at the mark, with the tick’s index, funding and interest', () => {
    const next = liveUpdate(last, tick(T0 + 2 * MINUTE, 111), MINUTE)!;
    expect(next.series.candles).toEqual([{ time: (T0 + 2 * MINUTE) / 1000, open: 111, high: 111, low: 111, close: 111 }]);
    expect(next.series.index).toEqual([{ time: (T0 + 2 * MINUTE) / 1000, value: 106 }]);
    expect(next.series.funding).toEqual([{ time: (T0 + 2 * MINUTE) / 1000, value: 0.02 }]);
    expect(next.series.openInterest).toEqual([{ time: (T0 + 2 * MINUTE) / 1000, value: 2000 }]);
  });

  it('slots no poll reached stay blank before the new candle', () => {
    const later = liveUpdate(last, tick(T0 + 4 * MINUTE + 1, 120), MINUTE)!;
    expect(later.series.candles.map((slot) => [slot.time, hasCandle(slot)])).toEqual([
      [(T0 + 2 * MINUTE) / 1000, false],
      [(T0 + 3 * MINUTE) / 1000, false],
      [(T0 + 4 * MINUTE) / 1000, true],
    ]);
  });

  it('a poll older than the last candle changes nothing; the first poll of an empty tape starts one', () => {
    expect(liveUpdate(last, tick(T0 + 30_000, 1), MINUTE)).toBeUndefined();
    expect(liveUpdate(undefined, tick(T0 + 30_000, 7), MINUTE)?.last).toEqual({ startMs: T0, open: 7, high: 7, low: 7, close: 7 });
  });

  it('high ≥ open, close ≥ low over any run of polls in one slot', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 }), (marks) => {
        let current = liveUpdate(undefined, tick(T0, marks[0]!), MINUTE)!.last;
        for (const mark of marks.slice(1)) current = liveUpdate(current, tick(T0 + 1000, mark), MINUTE)!.last;
        expect(current.open).toBe(marks[0]);
        expect(current.close).toBe(marks.at(-1));
        expect(current.high).toBe(Math.max(...marks));
        expect(current.low).toBe(Math.min(...marks));
      }),
    );
  });
});

describe('a clicked price snapped to the tick', () => {
  it('rounds to the instrument’s decimals, exactly, as text', () => {
    expect(snapToTick(99849.2734, 1)).toBe('99849.3');
    expect(snapToTick(0.1 + 0.2, 2)).toBe('0.30');
    expect(snapToTick(2.20065, 4)).toBe('2.2007');
    expect(snapToTick(180.0244999, 3)).toBe('180.024');
    expect(snapToTick(650, 0)).toBe('650');
  });

  it('gives nothing at or below zero', () => {
    expect(snapToTick(-3, 1)).toBeUndefined();
    expect(snapToTick(0.04, 1)).toBeUndefined();
    expect(snapToTick(Number.NaN, 1)).toBeUndefined();
  });

  it('is always a whole number of ticks within half a tick of the click', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e7, noNaN: true }), fc.integer({ min: 0, max: 8 }), (price, decimals) => {
        const text = snapToTick(price, decimals);
        if (text === undefined) return;
        const tick = new Big(1).div(new Big(10).pow(decimals));
        expect(new Big(text).mod(tick).eq(0)).toBe(true);
        expect(new Big(text).minus(price).abs().lte(tick.div(2))).toBe(true);
        expect(text.split('.')[1]?.length ?? 0).toBe(decimals);
      }),
    );
  });
});

describe('price lines', () => {
  const row = (extra: Partial<DraftLike>): DraftLike => ({ id: 'r1', symbol: 'PERP_BTC_USDC', side: 'BUY', kind: 'limit', price: '100000.5', size: '0.01', ...extra });

  it('draws every priced and sized limit row of the ticket on this market, dashed as drafts, numbered as the ticket lists them', () => {
    const lines = draftLines(
      [row({}), row({ id: 'r2', side: 'SELL', price: '100100' }), row({ id: 'r3', symbol: 'PERP_ETH_USDC' }), row({ id: 'r4', kind: 'market' }), row({ id: 'r5', price: '' }), row({ id: 'r6', price: '12.' })],
      'PERP_BTC_USDC',
    );
    expect(lines).toEqual([
      { id: 'draft:BUY:100000.5', price: 100000.5, side: 'BUY', source: 'draft', count: 1, title: '#1 buy' },
      { id: 'draft:SELL:100100', price: 100100, side: 'SELL', source: 'draft', count: 1, title: '#2 sell' },
    ]);
  });

  it('a row the proxy will hold (a stop, a TWAP) draws no line at the limit price it keeps from before but does not send', () => {
    const lines = draftLines([row({ heldKind: 'stop' }), row({ id: 'r2', heldKind: 'twap' }), row({ id: 'r3', price: '99000' })], 'PERP_BTC_USDC');
    expect(lines.map((line) => [line.price, line.title])).toEqual([[99_000, '#3 buy']]);
  });

  it('an empty draft draws nothing: a row without a size, or without a price', () => {
    expect(draftLines([row({ size: '' }), row({ id: 'r2', size: '  ' }), row({ id: 'r3', price: '', size: '1' })], 'PERP_BTC_USDC')).toEqual([]);
    expect(draftLines([row({ size: '' }), row({ id: 'r2', price: '99000' })], 'PERP_BTC_USDC').map((line) => line.title)).toEqual(['#2 buy']);
  });

  it('rows of one side at one price are one line, its label counted, its row numbers kept', () => {
    const lines = draftLines(
      [row({}), row({ id: 'r2', price: '99000' }), row({ id: 'r3' }), row({ id: 'r4', side: 'SELL' })],
      'PERP_BTC_USDC',
    );
    expect(lines.map((line) => [line.id, line.count, line.title])).toEqual([
      ['draft:BUY:100000.5', 2, '#1 #3 buy ×2'],
      ['draft:BUY:99000', 1, '#2 buy'],
      ['draft:SELL:100000.5', 1, '#4 sell'],
    ]);
  });

  it('draws placed and outgoing resting orders of the market, not immediate, rejected or other markets’ ones', () => {
    const lines = orderLines(
      [
        journalOrder(),
        journalOrder({ seq: 1, status: 'sent', side: 'SELL', order_price: 100500 }),
        journalOrder({ seq: 2, order_type: 'IOC' }),
        journalOrder({ seq: 3, status: 'rejected' }),
        journalOrder({ seq: 4, symbol: 'PERP_ETH_USDC' }),
        journalOrder({ seq: 5, order_type: 'MARKET', order_price: null }),
        journalOrder({ seq: 6, order_type: 'POST_ONLY', order_price: 99000 }),
      ],
      'PERP_BTC_USDC',
    );
    expect(lines.map((line) => [line.id, line.price, line.side, line.source, line.count, line.title])).toEqual([
      ['order:BUY:100012.5', 100012.5, 'BUY', 'order', 1, 'buy placed'],
      ['order:SELL:100500', 100500, 'SELL', 'order', 1, 'sell sent'],
      ['order:BUY:99000', 99000, 'BUY', 'order', 1, 'buy placed'],
    ]);
  });

  it('orders of one side at one price are one line whose label says how many', () => {
    const lines = orderLines(
      [
        journalOrder(),
        journalOrder({ seq: 1, status: 'sent' }),
        journalOrder({ ticket_id: 'tk-2', seq: 0 }),
        journalOrder({ seq: 2, side: 'SELL' }),
        journalOrder({ seq: 3, side: 'SELL', order_price: 100013 }),
      ],
      'PERP_BTC_USDC',
    );
    expect(lines.map((line) => [line.id, line.count, line.title])).toEqual([
      ['order:BUY:100012.5', 3, 'buy ×3'],
      ['order:SELL:100012.5', 1, 'sell placed'],
      ['order:SELL:100013', 1, 'sell placed'],
    ]);
  });

  it('redraws only the lines that changed', () => {
    const before = draftLines([row({}), row({ id: 'r2', price: '99000' })], 'PERP_BTC_USDC');
    const drawn = new Map(before.map((line) => [line.id, line]));
    const after = draftLines([row({}), row({ id: 'r2', price: '99001' }), row({ id: 'r3', price: '100000.5' })], 'PERP_BTC_USDC');
    const { removed, added } = diffLines(drawn, after);
    expect(removed).toEqual(['draft:BUY:100000.5', 'draft:BUY:99000']);
    expect(added.map((line) => [line.id, line.count])).toEqual([
      ['draft:BUY:100000.5', 2],
      ['draft:BUY:99001', 1],
    ]);
    expect(diffLines(drawn, before)).toEqual({ removed: [], added: [] });
  });
});

describe('orders beyond the price pane', () => {
  const line = (price: number, count = 1): ChartPriceLine => ({ id: `order:BUY:${price}`, price, side: 'BUY', source: 'order', count, title: 'buy' });

  it('counts the orders each line stands for above and below the visible prices, none on the edges', () => {
    const lines = [line(90), line(95, 3), line(100), line(110), line(120, 2), line(130)];
    expect(offscreenOrders(lines, { low: 95, high: 110 })).toEqual({ above: 3, below: 1 });
    expect(offscreenOrders(lines, { low: 0, high: 1000 })).toEqual({ above: 0, below: 0 });
    expect(offscreenOrders(lines, undefined)).toEqual({ above: 0, below: 0 });
  });

  it('says how many at each edge with orders beyond it, in words', () => {
    expect(edgeNotes({ above: 2, below: 1 })).toEqual({ above: '▲ 2 orders above', below: '▼ 1 order below' });
    expect(edgeNotes({ above: 0, below: 0 })).toEqual({ above: undefined, below: undefined });
  });
});

describe('legend, colours and states', () => {
  it('the legend says when a slot has no candle, rather than showing another one’s numbers', () => {
    const series = toChartSeries([candle(0, 100), candle(2, 102)], MINUTE);
    expect(legendItems(legendAt(series, 1), 1, 2)).toEqual([{ label: 'No candle', value: 'the proxy received no snapshot then' }]);
    const items = legendItems(legendAt(series, 2), 1, 2);
    expect(items.find((item) => item.label === 'C')?.value).toBe('102.0');
    expect(items.find((item) => item.label === 'Funding')?.value).toBe('+0.0100%');
    // In the trader's locale, as the scales write it.
    setFormatLocale('fr');
    try {
      const french = new Intl.NumberFormat('fr', { style: 'percent', minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: 'exceptZero' });
      expect(legendItems(legendAt(series, 2), 1, 2).find((item) => item.label === 'Funding')?.value).toBe(french.format(0.0001));
    } finally {
      setFormatLocale('en');
    }
  });

  it('colours come from the theme’s tokens, and a missing token is named', () => {
    const colours = chartColours((token) => `value-of${token}`);
    expect(colours.up).toBe('value-of--color-up');
    expect(Object.keys(colours)).toEqual(Object.keys(chartTokens));
    expect(() => chartColours((token) => (token === '--color-chart-basis' ? '' : 'x'))).toThrow(/--color-chart-basis/);
  });

  const state = { symbol: 'PERP_BTC_USDC', error: null, candles: 10, recordingSince: T0, simulated: false, staleReason: undefined };

  it('every state is in words', () => {
    expect(chartCover({ ...state, symbol: undefined })?.text).toMatch(/Click a market/);
    expect(chartCover({ ...state, candles: undefined })).toEqual({ kind: 'loading', text: 'Loading the candles of PERP_BTC_USDC…' });
    expect(chartCover({ ...state, candles: undefined, error: new Error('boom') })?.text).toBe('Candles are unavailable: boom');
    expect(chartCover({ ...state, candles: 0, recordingSince: null })?.text).toMatch(/tape starts empty against a real service/);
    expect(chartCover({ ...state, candles: 0 })?.text).toMatch(/^No candles of PERP_BTC_USDC in this range yet \(recording since /);
    expect(chartCover(state)).toBeUndefined();
    expect(chartStatus(state)?.text).toMatch(/^Recording since /);
    expect(chartStatus({ ...state, simulated: true })?.text).toMatch(/backfilled by the simulator$/);
    expect(chartStatus({ ...state, staleReason: 'no update for 12 s' })).toEqual({
      text: 'Prices stale: no update for 12 s. The last candle is not moving.',
      stale: true,
    });
  });
});
