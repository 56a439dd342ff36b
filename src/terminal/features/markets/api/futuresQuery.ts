import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { MarketRow } from '../model/marketRow';
import { marketsKeys } from './keys';
import { marketsFeedOf, type FuturesSnapshot, type MarketsFeed } from './marketsFeed';

export type { FuturesSnapshot } from './marketsFeed';

/** `feed`: the query client's own (marketsFeedOf), which remembers specs, ticks and failures. */
export const futuresQueryOptions = (feed: MarketsFeed, intervalMs: number) =>
  queryOptions({
    queryKey: marketsKeys.futures(),
    queryFn: ({ signal }) => feed.poll(signal),
    refetchInterval: () => feed.nextPollIn(intervalMs),
    // Fresh for one interval: a panel that mounts on the first (prefetched) answer does not poll
    // again at once, which would parse a second snapshot while the first rows wait to be painted.
    staleTime: intervalMs,
    // Every poll brings new prices; comparing thousands of rows deeply would only cost time.
    structuralSharing: false,
    retry: false,
  });

function useMarketsFeed(): MarketsFeed {
  return marketsFeedOf(useQueryClient());
}

export function useFutures(intervalMs: number) {
  return useQuery(futuresQueryOptions(useMarketsFeed(), intervalMs));
}

/** The wait before the next poll of a failing feed (the configured interval when it is not failing). */
export function useFuturesRetryInterval(intervalMs: number): number {
  return useMarketsFeed().backoff.interval(intervalMs);
}

/** One market, re-rendering only when that market's row changes. */
export function useMarket(symbol: string | undefined, intervalMs: number): MarketRow | undefined {
  const { data } = useQuery({
    ...futuresQueryOptions(useMarketsFeed(), intervalMs),
    select: (snapshot) => (symbol ? snapshot.bySymbol.get(symbol) : undefined),
  });
  return data;
}

/**
 * The markets feed as its freshness is judged: updated when the service's clock last moved, not
 * when it last answered, so a frozen service that answers fast with the same prices reads stale.
 */
export function pricesFreshness(query: Pick<UseQueryResult<FuturesSnapshot, Error>, 'data' | 'dataUpdatedAt' | 'errorUpdatedAt' | 'error'>) {
  const { data, dataUpdatedAt, errorUpdatedAt, error } = query;
  return { dataUpdatedAt: data ? Math.min(dataUpdatedAt, data.advancedAt) : dataUpdatedAt, errorUpdatedAt, error };
}
