import { describe, expect, it } from 'vitest';
import { futuresRowSchema } from '@/interface';
import { instrumentsFor, listedInstruments } from '@/service/market/instruments';
import { pastMinutes } from '@/service/market/backfill';
import { FUNDING_INTERVAL_MS, MarketSimulator } from '@/service/market/simulator';

const start = Date.UTC(2026, 10, 22, 13, 0, 0);
const simulate = (seed = 11) => new MarketSimulator({ instruments: instrumentsFor(), seed, start });

describe('market simulator', () => {
  it('lists at least 40 PERP_<BASE>_USDC instruments with realistic magnitudes', () => {
    const rows = simulate().rows(start + 500);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(row.symbol).toMatch(/^PERP_[A-Z0-9]+_USDC$/);
      expect(futuresRowSchema.safeParse(row).success).toBe(true);
    }
    const btc = rows.find((row) => row.symbol === 'PERP_BTC_USDC');
    expect(btc?.mark_price).toBeGreaterThan(80_000);
    expect(btc?.mark_price).toBeLessThan(120_000);
    expect(rows.filter((row) => row.mark_price < 1).length).toBeGreaterThanOrEqual(5);
  });

  it('replays the same market from the same seed, and another from another', () => {
    const times = [start + 250, start + 600, start + 2000];
    const a = simulate(5);
    const b = simulate(5);
    const c = simulate(6);
    for (const time of times) {
      const rowsA = a.rows(time);
      expect(b.rows(time)).toEqual(rowsA);
      expect(c.rows(time)).not.toEqual(rowsA);
    }
  });

  it('moves prices between polls, keeps index and mark close, and keeps the 24h range consistent', () => {
    const simulator = simulate();
    const first = simulator.rows(start + 1000);
    const second = simulator.rows(start + 2000);
    const moved = second.filter((row, i) => row.mark_price !== first[i]?.mark_price).length;
    expect(moved).toBeGreaterThan(second.length / 2);
    for (const row of second) {
      expect(Math.abs(row.mark_price - row.index_price) / row.index_price).toBeLessThan(0.01);
      expect(row['24h_high']).toBeGreaterThanOrEqual(row['24h_low']);
      expect(row['24h_high']).toBeGreaterThanOrEqual(row.mark_price);
      expect(row['24h_low']).toBeLessThanOrEqual(row.mark_price);
      expect(row['24h_close']).toBe(row.mark_price);
      expect(row['24h_volume']).toBeGreaterThan(0);
      expect(row['24h_amount']).toBeGreaterThan(0);
    }
  });

  it('reports prices on the tick and quantities on the step of each instrument', () => {
    const rows = simulate().rows(start + 1500);
    for (const [i, row] of rows.entries()) {
      const spec = listedInstruments[i]!;
      const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;
      if (!String(row.mark_price).includes('e')) expect(decimals(row.mark_price)).toBeLessThanOrEqual(spec.priceDecimals);
      expect(decimals(row.open_interest)).toBeLessThanOrEqual(Math.max(spec.quantityDecimals, 0));
    }
  });

  it('settles funding on an 8-hour cycle and rolls the rate into the cumulative funding', () => {
    const simulator = simulate();
    const before = simulator.rows(start + 1000);
    const next = before[0]!.next_funding_time;
    expect(next % FUNDING_INTERVAL_MS).toBe(0);
    expect(next).toBeGreaterThan(start);
    expect(next - start).toBeLessThanOrEqual(FUNDING_INTERVAL_MS);
    const after = simulator.rows(next + 1000);
    expect(after[0]!.next_funding_time).toBe(next + FUNDING_INTERVAL_MS);
    expect(after[0]!.sum_unitary_funding).not.toBe(before[0]!.sum_unitary_funding);
  });

  it('moves funding slowly and open interest a little', () => {
    const simulator = simulate();
    const a = simulator.rows(start + 1000);
    const b = simulator.rows(start + 2000);
    for (const [i, row] of b.entries()) {
      expect(Math.abs(row.est_funding_rate - a[i]!.est_funding_rate)).toBeLessThan(0.0002);
      expect(Math.abs(row.open_interest - a[i]!.open_interest) / a[i]!.open_interest).toBeLessThan(0.01);
    }
  });

  it('backfills a day whose funding rate walks into today’s, not one held flat', () => {
    const simulator = simulate();
    const now = start + 90_000;
    const rateNow = simulator.rows(now).find((row) => row.symbol === 'PERP_BTC_USDC')!.est_funding_rate;
    const btc = [...pastMinutes(simulator, now)].find((past) => past.symbol === 'PERP_BTC_USDC')!.candles;
    const rates = btc.map((candle) => candle.est_funding_rate);
    expect(rates.length).toBeGreaterThan(1400);
    expect(new Set(rates).size).toBeGreaterThan(rates.length / 2);
    const steps = rates.slice(1).map((rate, i) => Math.abs(rate - rates[i]!));
    // A minute of the walk moves about 0.00001; a day held flat and then a jump would not pass.
    expect(Math.max(...steps)).toBeLessThan(0.00006);
    expect(Math.abs(rates.at(-1)! - rateNow)).toBeLessThan(0.00006);
    expect(rates.every((rate) => Math.abs(rate) <= 0.003)).toBe(true);
  });

  it('moves every price on every update when asked to (benchmarks)', () => {
    const simulator = new MarketSimulator({ instruments: instrumentsFor(1000), seed: 1, start, everyUpdateMoves: true });
    const a = simulator.rows(start + 250);
    const b = simulator.rows(start + 500);
    expect(a).toHaveLength(1000);
    expect(b.every((row, i) => row.mark_price !== a[i]!.mark_price && row.index_price !== a[i]!.index_price)).toBe(true);
  });
});
