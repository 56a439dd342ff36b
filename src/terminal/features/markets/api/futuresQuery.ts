import { hashKey, queryOptions, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { MarketRow } from '../model/marketRow';
import type { InstrumentSpec } from '../model/specs';
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

/**
 * One market's decimals, re-rendering when they are refined or the feed's error changes, never
 * for a poll that only moves prices (the specs map stays the same object until a spec changes).
 */
export function useMarketSpec(symbol: string | undefined, intervalMs: number): { spec: InstrumentSpec | undefined; error: Error | null } {
  const { data, error } = useQuery({
    ...futuresQueryOptions(useMarketsFeed(), intervalMs),
    select: (snapshot) => (symbol ? snapshot.specs.get(symbol) : undefined),
  });
  return { spec: data, error };
}

const hasSnapshot = () => true;

type FeedRead = Pick<UseQueryResult<FuturesSnapshot, Error>, 'data' | 'dataUpdatedAt' | 'errorUpdatedAt' | 'error'>;

/**
 * The markets snapshot for a view that follows only part of it: the view renders when
 * `follow(snapshot)` changes (compared as a value: a string or a number follows a few figures; the
 * snapshot itself, every poll) or the feed's error does, and reads the snapshot there is then.
 * `data` is that render's snapshot: as old as what the view follows.
 */
export function useFuturesFollowing(intervalMs: number, follow: (snapshot: FuturesSnapshot) => unknown): FeedRead {
  const client = useQueryClient();
  // Its `data` (what is followed) and `error` are read: the view renders for those alone.
  const watched = useQuery({ ...futuresQueryOptions(marketsFeedOf(client), intervalMs), select: follow });
  const state = client.getQueryState<FuturesSnapshot, Error>(marketsKeys.futures());
  return {
    data: watched.data === undefined ? undefined : state?.data,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    errorUpdatedAt: state?.errorUpdatedAt ?? 0,
    error: watched.error,
  };
}

/**
 * The markets feed's state, read when the view renders: for views that judge its freshness
 * against a clock that renders them (useNow, every second). The view renders when the feed's
 * error changes or its first snapshot comes, never for a poll that only moves prices.
 */
export function useFuturesState(intervalMs: number): FeedRead {
  return useFuturesFollowing(intervalMs, hasSnapshot);
}

/**
 * Calls `listener` with one market's row of each new snapshot, first of the one there is now,
 * outside React: a view that draws on a canvas (the chart) follows every poll without rendering.
 * Returns the unsubscribe.
 */
export function watchMarket(client: QueryClient, symbol: string, listener: (market: MarketRow, snapshot: FuturesSnapshot) => void): () => void {
  const key = marketsKeys.futures();
  const hash = hashKey(key);
  let given: FuturesSnapshot | undefined;
  const give = (snapshot: FuturesSnapshot | undefined) => {
    if (!snapshot || snapshot === given) return;
    given = snapshot;
    const market = snapshot.bySymbol.get(symbol);
    if (market) listener(market, snapshot);
  };
  give(client.getQueryData<FuturesSnapshot>(key));
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === hash) give(event.query.state.data as FuturesSnapshot | undefined);
  });
}
