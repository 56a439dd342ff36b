import { describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { crossingOf, HeldBook, trailingLevel } from '@/proxy/held/book';

const order = (id: string, type: HeldOrder['type'], side: HeldOrder['side'], trigger: number | null, symbol = 'PERP_BTC_USDC') =>
  ({ id, type, side, symbol, trigger_price: trigger, trailing_distance: null, trailing_percent: null }) as HeldOrder;

describe('the held book', () => {
  it('knows which way each kind is crossed', () => {
    expect(crossingOf({ type: 'STOP_MARKET', side: 'SELL' })).toBe('falls');
    expect(crossingOf({ type: 'STOP_LIMIT', side: 'BUY' })).toBe('rises');
    expect(crossingOf({ type: 'TAKE_PROFIT_MARKET', side: 'SELL' })).toBe('rises');
    expect(crossingOf({ type: 'TAKE_PROFIT_LIMIT', side: 'BUY' })).toBe('falls');
    expect(crossingOf({ type: 'TRAILING_STOP', side: 'SELL' })).toBe('falls');
  });

  it('finds the crossed orders from the sorted ends and stops at the first it does not cross', () => {
    const book = new HeldBook();
    book.add(order('s1', 'STOP_MARKET', 'SELL', 90));
    book.add(order('s2', 'STOP_MARKET', 'SELL', 95));
    book.add(order('s3', 'STOP_MARKET', 'SELL', 80));
    book.add(order('b1', 'STOP_MARKET', 'BUY', 110));
    book.add(order('t1', 'TAKE_PROFIT_MARKET', 'SELL', 105));
    book.add(order('e1', 'STOP_MARKET', 'SELL', 1000, 'PERP_ETH_USDC'));
    book.add(order('tr', 'TRAILING_STOP', 'SELL', null));
    expect(book.crossedBy('PERP_BTC_USDC', 100)).toEqual({ crossed: [], trailing: ['tr'] });
    expect(book.crossedBy('PERP_BTC_USDC', 95).crossed).toEqual(['s2']);
    expect(book.crossedBy('PERP_BTC_USDC', 85).crossed).toEqual(['s2', 's1']);
    expect(book.crossedBy('PERP_BTC_USDC', 110).crossed).toEqual(['t1', 'b1']);
    book.remove('s2');
    book.remove('tr');
    expect(book.crossedBy('PERP_BTC_USDC', 85)).toEqual({ crossed: ['s1'], trailing: [] });
    book.add(order('s1', 'STOP_MARKET', 'SELL', 70));
    expect(book.crossedBy('PERP_BTC_USDC', 85).crossed).toEqual([]);
    expect(book.size).toBe(5);
    for (const id of ['s1', 's3', 'b1', 't1', 'e1']) book.remove(id);
    expect([...book.symbolNames]).toEqual([]);
  });

  it('a trailing level is exact in decimals', () => {
    expect(trailingLevel({ side: 'SELL', trailing_distance: 0.1, trailing_percent: null }, 0.3)).toBe(0.2);
    expect(trailingLevel({ side: 'BUY', trailing_distance: null, trailing_percent: 1.5 }, 200)).toBe(203);
  });
});
