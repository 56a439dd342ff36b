import { queryOptions, useQuery } from '@tanstack/react-query';
import { tapeCandlesResponseSchema, tapeResolutions, TAPE_MAX_ROWS, type TapeCandlesResponse, type TapeResolution } from '@/interface';
import { getJson } from '@/terminal/shared/api/http';
import { chartKeys } from './keys';

/** Slots one read covers: a screenful and more to scroll back through, well under the tape's limit per answer. */
export const CHART_SLOTS = Math.min(1500, TAPE_MAX_ROWS);

export type CandlesAnswer = TapeCandlesResponse['data'];

/** The range of one read: the last CHART_SLOTS slots up to the current one, which is still forming. */
export function candlesRange(resolution: TapeResolution, now: number): { from: number; to: number } {
  const length = tapeResolutions[resolution];
  const to = Math.floor(now / length) * length + length;
  return { from: to - CHART_SLOTS * length, to };
}

export function candlesPath(symbol: string, resolution: TapeResolution, range: { from: number; to: number }): string {
  const query = new URLSearchParams({ symbol, resolution, from: String(range.from), to: String(range.to) });
  return `/api/tape/candles?${query.toString()}`;
}

export async function fetchCandles(symbol: string, resolution: TapeResolution, signal?: AbortSignal, now = Date.now()): Promise<CandlesAnswer> {
  return (await getJson(candlesPath(symbol, resolution, candlesRange(resolution, now)), tapeCandlesResponseSchema, signal)).data;
}

/**
 * Read once per market and resolution: from then on the markets feed moves the last candle, so
 * polls never reload the series. A return to a market or resolution reads it anew (staleTime 0),
 * since the candles kept from before miss what happened meanwhile.
 */
export const candlesQueryOptions = (symbol: string, resolution: TapeResolution) =>
  queryOptions({
    queryKey: chartKeys.candles(symbol, resolution),
    queryFn: ({ signal }) => fetchCandles(symbol, resolution, signal),
    staleTime: 0,
    gcTime: 60_000,
    retry: 1,
    // Thousands of candles: comparing them deeply on each read would only cost time.
    structuralSharing: false,
  });

export function useCandles(symbol: string | undefined, resolution: TapeResolution) {
  return useQuery({ ...candlesQueryOptions(symbol ?? '', resolution), enabled: symbol !== undefined && symbol !== '' });
}
