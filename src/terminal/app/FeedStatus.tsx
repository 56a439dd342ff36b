import type { UseQueryResult } from '@tanstack/react-query';
import { isStale, staleReason } from '../shared/api/freshness';
import { formatAge } from '../shared/format/time';
import { useNow } from '../shared/useNow';

/** "just now" under a second, else "4 s ago": never "now ago". */
const updatedAgo = (age: number) => (age < 1000 ? 'just now' : `${formatAge(age)} ago`);

/**
 * How fresh a feed is: its age, or "stale" with the reason when it is older than three polls or
 * its last poll failed, and when it retries next.
 */
export function FeedStatus({
  name,
  query,
  intervalMs,
  retryInMs,
}: {
  name: string;
  query: Pick<UseQueryResult<unknown, Error>, 'dataUpdatedAt' | 'errorUpdatedAt' | 'error'>;
  intervalMs: number;
  retryInMs?: number;
}) {
  const now = useNow();
  const stale = isStale(query, intervalMs, now);
  const age = query.dataUpdatedAt ? now - query.dataUpdatedAt : undefined;
  const reason = staleReason(query, intervalMs, now);
  const retry = stale && retryInMs && retryInMs > intervalMs ? ` · retrying every ${formatAge(retryInMs)}` : '';
  return (
    <span
      className={`feed ${stale ? 'feed--stale' : 'feed--live'}`}
      role="status"
      aria-label={`${name} feed`}
      data-stale={stale}
      title={stale ? `${reason}${retry}` : `${name} updated ${updatedAgo(age ?? 0)}, every ${intervalMs} ms`}
    >
      <span className="feed__dot" aria-hidden="true" />
      {stale ? `${name} stale: ${reason}${retry}` : `${name} ${age !== undefined && age >= 1000 ? formatAge(age) : 'live'}`}
    </span>
  );
}
