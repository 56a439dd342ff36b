import type { UseQueryResult } from '@tanstack/react-query';
import { usePollingIntervals } from '../features/config';
import { pricesFreshness, useFuturesState } from '../features/markets';
import { HEALTH_INTERVAL_MS, type SessionState } from '../features/session';
import { isStale, staleReason } from '../shared/api/freshness';
import { useNow } from '../shared/useNow';

/**
 * Why the service is not live, or undefined while it is: its prices have not moved for three polls
 * (a frozen service that still answers fast), their polls fail, or the proxy's health checks stopped
 * coming. The header then never says "Trading enabled" beside a latency that looks fresh.
 */
export function useServiceNotLive(session: SessionState, health: Pick<UseQueryResult<unknown, Error>, 'dataUpdatedAt' | 'errorUpdatedAt' | 'error'>): string | undefined {
  const { quotes } = usePollingIntervals();
  // Not the snapshot: the bar renders with its clock, and when the feed's error changes.
  const prices = pricesFreshness(useFuturesState(quotes));
  const now = useNow();
  if (session !== 'signed-in') return undefined;
  if (isStale(prices, quotes, now)) return staleReason(prices, quotes, now) || undefined;
  if (isStale(health, HEALTH_INTERVAL_MS, now)) return staleReason(health, HEALTH_INTERVAL_MS, now) || undefined;
  return undefined;
}
