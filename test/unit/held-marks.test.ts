import { describe, expect, it } from 'vitest';
import type { FuturesRow } from '@/interface';
import { MarkBoard } from '@/proxy/held/marks';

const row = (mark: number, extra: Partial<FuturesRow> = {}): FuturesRow => ({
  symbol: 'PERP_BTC_USDC', index_price: mark, mark_price: mark, sum_unitary_funding: 0, est_funding_rate: 0,
  last_funding_rate: 0, next_funding_time: 0, open_interest: 12, '24h_open': mark, '24h_close': mark, '24h_high': mark,
  '24h_low': mark, '24h_amount': 0, '24h_volume': 3, ...extra,
});

describe('the proxy’s marks infer each market’s steps from the digits it reports', () => {
  it('takes the finest step seen in any price or quantity field, and never a coarser one later', () => {
    const board = new MarkBoard();
    board.record([row(100_000)], 1);
    expect(board.get('PERP_BTC_USDC')).toMatchObject({ mark: 100_000, askedAt: 1, priceDecimals: 0, quantityDecimals: 0 });
    board.record([row(100_000.5, { '24h_low': 99_000.25, open_interest: 1.0001 })], 2);
    expect(board.get('PERP_BTC_USDC')).toMatchObject({ mark: 100_000.5, askedAt: 2, priceDecimals: 2, quantityDecimals: 4 });
    board.record([row(100_001, { '24h_volume': 0.5 })], 3);
    expect(board.get('PERP_BTC_USDC')).toMatchObject({ mark: 100_001, priceDecimals: 2, quantityDecimals: 4 });
  });

  it('reads the digits a value is written with, not its float noise', () => {
    const board = new MarkBoard();
    // 1000.37 × 100 is 100036.99999999999 in floats: still two decimals.
    board.record([row(1000.37)], 1);
    expect(board.get('PERP_BTC_USDC')?.priceDecimals).toBe(2);
    board.record([row(0.00000012)], 2);
    expect(board.get('PERP_BTC_USDC')?.priceDecimals).toBe(8);
    const noisy = new MarkBoard();
    // 0.30000000000000004: 0.3 in floats, one decimal.
    noisy.record([row(0.1 + 0.2, { '24h_high': 1.23456789012345 })], 1);
    expect(noisy.get('PERP_BTC_USDC')?.priceDecimals).toBe(12);
    noisy.record([row(0.1 + 0.2, { open_interest: 0.1 + 0.2 })], 2);
    expect(noisy.get('PERP_BTC_USDC')?.quantityDecimals).toBe(1);
  });
});
