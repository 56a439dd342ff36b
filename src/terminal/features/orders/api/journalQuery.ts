import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ordersPageSchema, type JournalOrder, type OrdersPage } from '@/interface';
import { createBackoff, type Backoff } from '@/terminal/shared/api/backoff';
import { getJson } from '@/terminal/shared/api/http';
import { perQueryClient } from '@/terminal/shared/api/perClient';
import { ordersKeys } from './keys';

/** The newest orders of the journal; the proxy keeps them all, the terminal shows the latest. */
export const JOURNAL_PAGE = 500;

export async function fetchJournal(signal?: AbortSignal): Promise<OrdersPage['data']> {
  return (await getJson(`/api/orders?limit=${JOURNAL_PAGE}`, ordersPageSchema, signal)).data;
}

/** How the journal feed of a query client backs off; each client counts its own failures. */
export const journalBackoffOf = perQueryClient(() => createBackoff());

export const journalQueryOptions = (backoff: Backoff, intervalMs: number, enabled = true) =>
  queryOptions({
    queryKey: ordersKeys.journal(),
    queryFn: ({ signal }) => backoff.track(fetchJournal(signal)),
    refetchInterval: () => backoff.interval(intervalMs),
    enabled,
    retry: false,
  });

export function useJournal(intervalMs: number, enabled = true) {
  return useQuery(journalQueryOptions(journalBackoffOf(useQueryClient()), intervalMs, enabled));
}

/** The wait before the next poll of a failing journal feed (the configured interval when it is not failing). */
export function useJournalRetryInterval(intervalMs: number): number {
  return journalBackoffOf(useQueryClient()).interval(intervalMs);
}

const orderKey = (order: JournalOrder) => `${order.ticket_id}:${order.seq}`;

/** The journal page with `orders` in it: each replaces its older copy, new ones come first (newest first). */
export function withOrders(page: OrdersPage['data'], orders: readonly JournalOrder[]): OrdersPage['data'] {
  const fresh = new Set(orders.map(orderKey));
  const newestFirst = [...orders].sort((a, b) => b.created_at - a.created_at || b.seq - a.seq);
  return { ...page, rows: [...newestFirst, ...page.rows.filter((order) => !fresh.has(orderKey(order)))].slice(0, JOURNAL_PAGE) };
}

/**
 * Orders the proxy just answered for (a ticket's result) shown in the journal at once, as the
 * next poll would show them. A journal not read yet is left to its first read.
 */
export function showOrdersInJournal(client: QueryClient, orders: readonly JournalOrder[]): void {
  client.setQueryData<OrdersPage['data']>(ordersKeys.journal(), (page) => (page ? withOrders(page, orders) : page));
}
