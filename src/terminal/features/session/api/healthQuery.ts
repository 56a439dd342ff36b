import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthSchema, type Health } from '@/interface';
import { getJson } from '@/terminal/shared/api/http';
import { sessionKeys } from './keys';

/** How the proxy sees the service: reachability, latency, clock offset; polled every 5 s. */
export const HEALTH_INTERVAL_MS = 5000;

export async function fetchHealth(signal?: AbortSignal): Promise<Health['data']> {
  return (await getJson('/api/health', healthSchema, signal)).data;
}

export const healthQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: sessionKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_INTERVAL_MS,
    enabled,
    retry: false,
  });

export function useProxyHealth(enabled: boolean) {
  return useQuery(healthQueryOptions(enabled));
}
