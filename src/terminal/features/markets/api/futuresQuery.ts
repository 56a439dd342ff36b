import { queryOptions, useQuery } from '@tanstack/react-query';
import { futuresResponseSchema } from '../../../../interface';
import { createBackoff } from '../../../shared/api/backoff';
import { getJson } from '../../../shared/api/http';
import { toMarketRow, type MarketRow } from '../model/marketRow';
import { inferSpec, type InstrumentSpec } from '../model/specs';

export interface FuturesSnapshot {
  rows: MarketRow[];
  bySymbol: Map<string, MarketRow>;
  /** The service's clock when it produced the rows. */
  serviceTime: number;
  /** This browser's clock when they arrived. */
  receivedAt: number;
}

/** Specs grow finer with each poll, and ticks compare with the previous poll, so both live here. */
const specs = new Map<string, InstrumentSpec>();
let previous = new Map<string, MarketRow>();

export async function fetchFutures(signal?: AbortSignal): Promise<FuturesSnapshot> {
  const response = await getJson('/v1/public/futures', futuresResponseSchema, signal);
  const receivedAt = Date.now();
  const clockOffsetMs = response.timestamp - receivedAt;
  const bySymbol = new Map<string, MarketRow>();
  const rows = response.data.rows.map((row) => {
    const spec = inferSpec(row, specs.get(row.symbol));
    specs.set(row.symbol, spec);
    const market = toMarketRow(row, spec, clockOffsetMs, previous.get(row.symbol));
    bySymbol.set(row.symbol, market);
    return market;
  });
  previous = bySymbol;
  return { rows, bySymbol, serviceTime: response.timestamp, receivedAt };
}

export const futuresBackoff = createBackoff();

export const futuresQueryOptions = (intervalMs: number) =>
  queryOptions({
    queryKey: ['futures'] as const,
    queryFn: ({ signal }) => futuresBackoff.track(fetchFutures(signal)),
    refetchInterval: () => futuresBackoff.interval(intervalMs),
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
