import { describe, expect, it } from 'vitest';
import { summaryValues } from '@/terminal/features/account';
import { orderStateText, ordersCsvUrl, withOrders } from '@/terminal/features/orders';
import { formatClock } from '@/terminal/shared/format/time';
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
