import type { AccountTable, JournalOrder } from '@/interface';

type Row = Record<string, unknown>;

/** The rows the terminal has: market rows and the journal (absent while unknown or signed out). */
export interface AccountSources {
  markets?: readonly object[];
  orders?: readonly JournalOrder[];
}

/** Where a config table's rows come from, and which feed's freshness they follow. */
export interface TableSource {
  rows?: readonly Row[];
  key?: string;
  feed: 'markets' | 'journal';
}

/**
 * Rows for an account table of the config, by its id: market rows, the working orders and the
 * whole journal. Any other id has no source in the interface (rows stay undefined). The casts
 * are here because a config table reads rows field by field, whatever their type.
 */
export function tableSource(table: AccountTable, sources: AccountSources): TableSource {
  const id = table.id.toLowerCase();
  if (id === 'markets') return sources.markets ? { rows: sources.markets as Row[], key: 'symbol', feed: 'markets' } : { feed: 'markets' };
  if ((id === 'orders' || id === 'workingorders') && sources.orders) {
    return { rows: sources.orders.filter((order) => order.status === 'accepted') as unknown as Row[], key: 'client_order_id', feed: 'journal' };
  }
  if ((id === 'orderhistory' || id === 'history') && sources.orders) {
    return { rows: sources.orders as unknown as Row[], key: 'client_order_id', feed: 'journal' };
  }
  return { feed: 'journal' };
}

export const countStatus = (orders: readonly JournalOrder[], status: JournalOrder['status']) =>
  orders.reduce((count, order) => count + (order.status === status ? 1 : 0), 0);
