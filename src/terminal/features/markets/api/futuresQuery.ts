import { queryOptions, useQuery } from '@tanstack/react-query';
import { createBackoff } from '../../../shared/api/backoff';
import { toMarketRow, type MarketRow } from '../model/marketRow';
import { mergeSpec, type InstrumentSpec } from '../model/specs';
import { decodeFrame } from './feedFrame';
import { FuturesFeed } from './futuresFeed';

export interface FuturesSnapshot {
  rows: MarketRow[];
  bySymbol: Map<string, MarketRow>;
  /** The service's clock when it produced the rows. */
  serviceTime: number;
  /** This browser's clock when they arrived. */
  receivedAt: number;
}

const feed = new FuturesFeed(
  typeof Worker === 'undefined'
    ? undefined
    : () => new Worker(new URL('./feedWorker.ts', import.meta.url), { type: 'module', name: 'market data' }),
);

/** Specs grow finer with each poll, and ticks compare with the previous poll, so both live here. */
const specs = new Map<string, InstrumentSpec>();
let previous = new Map<string, MarketRow>();
/** How long the last poll took, so that polls start at the configured rate, not that much later. */
let lastPollMs = 0;

export async function fetchFutures(signal?: AbortSignal): Promise<FuturesSnapshot> {
  const startedAt = Date.now();
  const { frame, symbols } = await feed.poll(signal);
  const clockOffsetMs = frame.serviceTime - frame.receivedAt;
  const bySymbol = new Map<string, MarketRow>();
  const rows: MarketRow[] = new Array(symbols.length);
  decodeFrame(frame, symbols, (row, priceDecimals, quantityDecimals, index) => {
    const spec = mergeSpec(specs.get(row.symbol), priceDecimals, quantityDecimals);
    specs.set(row.symbol, spec);
    const market = toMarketRow(row, spec, clockOffsetMs, previous.get(row.symbol));
    bySymbol.set(row.symbol, market);
    rows[index] = market;
  });
  previous = bySymbol;
  lastPollMs = Date.now() - startedAt;
  return { rows, bySymbol, serviceTime: frame.serviceTime, receivedAt: frame.receivedAt };
}

export const futuresBackoff = createBackoff();

export const futuresQueryOptions = (intervalMs: number) =>
  queryOptions({
    queryKey: ['futures'] as const,
    queryFn: ({ signal }) => futuresBackoff.track(fetchFutures(signal)),
    // The next poll starts one interval after this one started (not after it ended), unless the
    // feed is failing and backs off.
    refetchInterval: () =>
      futuresBackoff.failures > 0
        ? futuresBackoff.interval(intervalMs)
        : Math.max(intervalMs / 4, intervalMs - lastPollMs),
    // Every poll brings new prices; comparing thousands of rows deeply would only cost time.
    structuralSharing: false,
    retry: false,
  });

export function useFutures(intervalMs: number) {
  return useQuery(futuresQueryOptions(intervalMs));
}

/** One market, re-rendering only when that market's row changes. */
export function useMarket(symbol: string | undefined, intervalMs: number): MarketRow | undefined {
  const { data } = useQuery({
    ...futuresQueryOptions(intervalMs),
    select: (snapshot) => (symbol ? snapshot.bySymbol.get(symbol) : undefined),
  });
  return data;
}
