import { useMemo } from 'react';
import { useConfig, usePollingIntervals } from '../features/config';
import { useFutures } from '../features/markets';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { OrderTicket, type MarketContext } from '../features/ticket';
import { isStale, staleReason } from '../shared/api/freshness';
import { useNow } from '../shared/useNow';

const NO_MARKETS: ReadonlyMap<string, MarketContext> = new Map();

/** The ticket, fed with live markets, the config's durations and the client ids the journal holds. */
export function TicketPanel() {
  const intervals = usePollingIntervals();
  const { durations } = useConfig();
  const futures = useFutures(intervals.quotes);
  const signedIn = useSession() === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  const rows = journal.data?.rows;
  const now = useNow();
  const stale = isStale(futures, intervals.quotes, now) ? staleReason(futures, intervals.quotes, now) || 'prices are not live' : undefined;
  const usedClientOrderIds = useMemo(
    () =>
      new Set(
        (rows ?? [])
          .filter((order) => order.status !== 'rejected' && order.status !== 'failed' && order.client_order_id)
          .map((order) => order.client_order_id as string),
      ),
    [rows],
  );
  return (
    <OrderTicket
      markets={futures.data?.bySymbol ?? NO_MARKETS}
      durations={durations}
      usedClientOrderIds={usedClientOrderIds}
      staleReason={stale}
    />
  );
}
