import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersPageSchema, type OrdersPage } from '../../../../interface';
import { createBackoff } from '../../../shared/api/backoff';
import { getJson } from '../../../shared/api/http';

/** The newest orders of the journal; the proxy keeps them all, the terminal shows the latest. */
export const JOURNAL_PAGE = 500;

export async function fetchJournal(signal?: AbortSignal): Promise<OrdersPage['data']> {
  return (await getJson(`/api/orders?limit=${JOURNAL_PAGE}`, ordersPageSchema, signal)).data;
}

export const journalBackoff = createBackoff();

export const journalQueryOptions = (intervalMs: number, enabled = true) =>
  queryOptions({
    queryKey: ['journal', 'orders'] as const,
    queryFn: ({ signal }) => journalBackoff.track(fetchJournal(signal)),
    refetchInterval: () => journalBackoff.interval(intervalMs),
    enabled,
    retry: false,
  });

export function useJournal(intervalMs: number, enabled = true) {
  return useQuery(journalQueryOptions(intervalMs, enabled));
}
