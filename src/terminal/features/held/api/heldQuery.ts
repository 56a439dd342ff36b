import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { heldOrdersPageSchema, type HeldOrder } from '@/interface';
import { createBackoff, type Backoff } from '@/terminal/shared/api/backoff';
import { getJson } from '@/terminal/shared/api/http';
import { perQueryClient } from '@/terminal/shared/api/perClient';
import { heldKeys } from './keys';

export async function fetchHeldOrders(signal?: AbortSignal): Promise<HeldOrder[]> {
  return (await getJson('/api/held-orders', heldOrdersPageSchema, signal)).data.rows;
}

/** How the held-orders feed of a query client backs off; each client counts its own failures. */
export const heldBackoffOf = perQueryClient(() => createBackoff());

export const heldQueryOptions = (backoff: Backoff, intervalMs: number, enabled = true) =>
  queryOptions({
    queryKey: heldKeys.list(),
    queryFn: ({ signal }) => backoff.track(fetchHeldOrders(signal)),
    refetchInterval: () => backoff.interval(intervalMs),
    enabled,
    retry: false,
  });

/** The proxy's held orders (newest first), polled at the orders rate. */
export function useHeldOrders(intervalMs: number, enabled = true) {
  return useQuery(heldQueryOptions(heldBackoffOf(useQueryClient()), intervalMs, enabled));
}

/** One held order's new state shown at once, as the next poll would show it. */
export function showHeldOrder(client: QueryClient, order: HeldOrder): void {
  client.setQueryData<HeldOrder[]>(heldKeys.list(), (rows) =>
    rows ? [order, ...rows.filter((row) => row.id !== order.id)].sort((a, b) => b.created_at - a.created_at) : rows,
  );
}

/** Held orders still holding something (awaiting entry, armed, paused). */
export const isLiveHeld = (order: HeldOrder) =>
  order.state === 'armed' || order.state === 'paused' || order.state === 'awaiting_entry';
