import { describe, expect, it } from 'vitest';
import { summaryValues, symbolsPricedByMark } from '@/terminal/features/account';
import { orderStateText, ordersCsvUrl, withOrders } from '@/terminal/features/orders';
import { formatClock } from '@/terminal/shared/format/time';
import { checkTicket } from '@/terminal/features/ticket/model/checkTicket';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { useSentMarksStore } from '@/terminal/features/ticket/sentMarks';
import { journalOrder } from '../fixtures/orders';

describe('what the terminal says of an order', () => {
  it('a limit order the service accepted is placed, at the time it took it; market, IOC and FOK are sent (immediate)', () => {
    const limit = journalOrder();
    expect(orderStateText(limit)).toBe(`placed ${formatClock(limit.updated_at)}`);
    for (const type of ['MARKET', 'IOC', 'FOK'] as const) expect(orderStateText(journalOrder({ order_type: type }))).toBe('sent (immediate)');
    expect(orderStateText(journalOrder({ status: 'rejected' }))).toBe('rejected');
  });

  it('the strip counts what was placed today, not what is working', () => {
    const today = journalOrder();
    const yesterday = journalOrder({ seq: 1, updated_at: today.updated_at - 86_400_000 });
    const values = summaryValues({ orders: [today, yesterday], now: today.updated_at });
    expect(values.workingOrders).toBe('1');
    expect(values.workingNotional).toBe('1,000.13 USDC');
  });

  it('the placed notional counts market orders at the mark they were sent at, and a rejected post-only not at all', () => {
    const limit = journalOrder(); // 0.01 × 100012.5
    const bounded = journalOrder({ ticket_id: 'tk-2', seq: 1, order_type: 'IOC', order_price: 100500, order_quantity: 0.1 });
    const market = journalOrder({ ticket_id: 'tk-2', seq: 2, order_type: 'MARKET', order_price: null, order_quantity: 0.2 });
    const byAmount = journalOrder({ ticket_id: 'tk-3', order_type: 'MARKET', order_price: null, order_quantity: null, order_amount: 500 });
    const postOnly = journalOrder({ ticket_id: 'tk-4', status: 'rejected', order_type: 'POST_ONLY', error_message: 'post-only order would cross the mark' });
    const orders = [limit, bounded, market, byAmount, postOnly];
    const sentMarks = { 'tk-2': { marks: [null, '100000', '99000'] } };
    const values = summaryValues({ orders, now: limit.updated_at, sentMarks });
    // 1,000.125 + 0.1 × 100,000 + 0.2 × 99,000 + 500
    expect(values.workingNotional).toBe('31,300.13 USDC');
    expect(values.workingOrders).toBe('4');
    // A MARKET order sent from elsewhere counts at the mark now; an IOC at its bound without a mark, at its price.
    const elsewhere = summaryValues({ orders: [bounded, market], now: limit.updated_at, marks: new Map([['PERP_BTC_USDC', 101000]]) });
    expect(elsewhere.workingNotional).toBe('30,250.00 USDC');
  });

  it('the summary follows the mark now only of the markets it prices by it (a market order sent elsewhere, today)', () => {
    const market = journalOrder({ ticket_id: 'tk-2', seq: 2, order_type: 'MARKET', order_price: null, order_quantity: 0.2 });
    const eth = journalOrder({ ticket_id: 'tk-5', symbol: 'PERP_ETH_USDC', order_type: 'MARKET', order_price: null, order_quantity: 1 });
    const yesterday = journalOrder({ ticket_id: 'tk-6', symbol: 'PERP_SOL_USDC', order_type: 'MARKET', order_price: null, updated_at: market.updated_at - 86_400_000 });
    const byAmount = journalOrder({ ticket_id: 'tk-3', symbol: 'PERP_XRP_USDC', order_type: 'MARKET', order_price: null, order_quantity: null, order_amount: 500 });
    const limit = journalOrder({ ticket_id: 'tk-7', symbol: 'PERP_DOGE_USDC' });
    const orders = [market, eth, yesterday, byAmount, limit];
    expect(symbolsPricedByMark({ orders, now: market.updated_at })).toEqual(['PERP_BTC_USDC', 'PERP_ETH_USDC']);
    // Sent from here, with the mark it was sent at: that mark prices it, not the one now.
    expect(symbolsPricedByMark({ orders, now: market.updated_at, sentMarks: { 'tk-2': { marks: [null, null, '99000'] } } })).toEqual(['PERP_ETH_USDC']);
    expect(symbolsPricedByMark({ orders: [], now: market.updated_at })).toEqual([]);
  });

  it('the ticket keeps the mark each market order was sent at, by ticket key and place, and only the first send of a key', () => {
    const eth = { symbol: 'PERP_ETH_USDC', mark_price: 3440, priceDecimals: 2, quantityDecimals: 3 };
    const context = { markets: new Map([[eth.symbol, eth]]), durations: [], usedClientOrderIds: new Set<string>() };
    const row = newDraftRow([], eth.symbol);
    const drafts = [{ ...row, price: '3400', size: '1' }, { ...row, id: 'm', kind: 'market' as const, size: '1' }];
    const { remember } = useSentMarksStore.getState().actions;
    remember('tk-9', checkTicket(drafts, context), 1_000);
    remember('tk-9', checkTicket(drafts, { ...context, markets: new Map([[eth.symbol, { ...eth, mark_price: 1 }]]) }), 2_000);
    remember('tk-10', checkTicket(drafts.slice(0, 1), context), 3_000);
    expect(useSentMarksStore.getState().tickets).toEqual({ 'tk-9': { sentAt: 1_000, marks: [null, '3440'] } });
  });

  it('a ticket result goes into the journal page at once: newest first, replacing older copies', () => {
    const older = journalOrder({ ticket_id: 'tk-0', created_at: 1 });
    const sending = journalOrder({ ticket_id: 'tk-1', seq: 0, status: 'sent', created_at: 2 });
    const page = { rows: [sending, older], next_cursor: null };
    const accepted = [journalOrder({ ticket_id: 'tk-1', seq: 0, created_at: 2 }), journalOrder({ ticket_id: 'tk-1', seq: 1, created_at: 2 })];
    const next = withOrders(page, accepted);
    expect(next.rows.map((row) => `${row.ticket_id}:${row.seq}:${row.status}`)).toEqual(['tk-1:1:accepted', 'tk-1:0:accepted', 'tk-0:0:accepted']);
  });

  it('the CSV export takes the filters in force', () => {
    expect(ordersCsvUrl()).toBe('/api/orders.csv');
    expect(ordersCsvUrl({ status: ['accepted'], symbol: 'PERP_BTC_USDC', ticket: 'tk 1' })).toBe('/api/orders.csv?status=accepted&symbol=PERP_BTC_USDC&ticket=tk+1');
  });
});
