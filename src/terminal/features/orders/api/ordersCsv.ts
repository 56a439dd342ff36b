import type { OrderStatus } from '@/interface';

/** The filters of the journal a table shows; the export takes the same ones. */
export interface OrdersFilter {
  status?: readonly OrderStatus[];
  symbol?: string;
  ticket?: string;
}

/** The proxy's CSV export of the journal with these filters (every page, newest first). */
export function ordersCsvUrl(filter: OrdersFilter = {}): string {
  const query = new URLSearchParams();
  if (filter.status && filter.status.length > 0) query.set('status', filter.status.join(','));
  if (filter.symbol) query.set('symbol', filter.symbol);
  if (filter.ticket) query.set('ticket', filter.ticket);
  const text = query.toString();
  return text ? `/api/orders.csv?${text}` : '/api/orders.csv';
}
