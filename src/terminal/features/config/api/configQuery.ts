import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { emptyTvConfig, readTvConfig, type ConfigReading, type PullingInterval, type TvConfig } from '@/interface';
import { getJson } from '@/terminal/shared/api/http';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { translatedConfig } from '../model/knownTitles';
import { configKeys } from './keys';

/** Polling faster than this helps nobody and loads the proxy; a config asking for less is clamped. */
export const MIN_POLL_MS = 250;
/** The config itself is refetched every minute, so a change reaches open terminals without a reload. */
export const CONFIG_REFRESH_MS = 60_000;

/** A reading of the config; `keptLastGood` when the service said `s: "error"` after a good one. */
export type TerminalConfigReading = ConfigReading & { keptLastGood?: boolean };

/**
 * `previous`: what the terminal runs on now. After a good config, a refetch that says
 * `s: "error"` keeps it (and says so) instead of falling back to the defaults for the rest of the day.
 */
export async function fetchTerminalConfig(signal?: AbortSignal, previous?: TerminalConfigReading): Promise<TerminalConfigReading> {
  const reading = readTvConfig(await getJson('/v1/tv/config', z.unknown(), signal));
  const lastGood: TvConfig | undefined = previous && (previous.status === 'ok' || previous.keptLastGood) ? previous.config : undefined;
  if (reading.status === 'error' && lastGood) return { ...reading, config: lastGood, keptLastGood: true };
  return reading;
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.tv(),
    queryFn: ({ signal, client }) => fetchTerminalConfig(signal, client.getQueryData<TerminalConfigReading>(configKeys.tv())),
    refetchInterval: CONFIG_REFRESH_MS,
    staleTime: CONFIG_REFRESH_MS / 2,
  });

export function useTerminalConfig() {
  return useQuery(configQueryOptions());
}

/**
 * The config in force: the last good reading, or the defaults while none has arrived; the titles
 * the terminal knows by id in the trader's language (the config's own words for the others).
 */
export function useConfig(): TvConfig {
  const { data } = useTerminalConfig();
  const locale = useLocale();
  const config = data?.config ?? emptyTvConfig;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the i18n._ calls depend on it
  return useMemo(() => translatedConfig(config), [config, locale]);
}

/** Polling interval of every feed, in ms, clamped to MIN_POLL_MS. */
export function usePollingIntervals(): PullingInterval {
  const { pullingInterval } = useConfig();
  return clampIntervals(pullingInterval);
}

export function clampIntervals(intervals: PullingInterval): PullingInterval {
  const clamp = (ms: number) => Math.max(MIN_POLL_MS, Math.round(ms));
  return {
    quotes: clamp(intervals.quotes),
    orders: clamp(intervals.orders),
    positions: clamp(intervals.positions),
    accountManager: clamp(intervals.accountManager),
    balances: clamp(intervals.balances),
  };
}
