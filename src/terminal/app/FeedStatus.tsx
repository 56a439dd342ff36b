import type { UseQueryResult } from '@tanstack/react-query';
import { formatAge } from '../shared/format/time';
import { useNow } from '../shared/useNow';

/** How fresh a feed is: its age, and "stale" with the reason when it is older than three polls or failing. */
export function FeedStatus({
  name,
  query,
  intervalMs,
}: {
  name: string;
  query: Pick<UseQueryResult<unknown, Error>, 'dataUpdatedAt' | 'error' | 'isError'>;
  intervalMs: number;
}) {
  const now = useNow();
  const age = query.dataUpdatedAt ? now - query.dataUpdatedAt : undefined;
  const stale = query.isError || age === undefined || age > intervalMs * 3;
  const reason = query.isError ? (query.error?.message ?? 'the last poll failed') : age === undefined ? 'no data yet' : `no update for ${formatAge(age)}`;
  return (
    <span
      className={`feed ${stale ? 'feed--stale' : 'feed--live'}`}
      role="status"
      aria-label={`${name} feed`}
      title={stale ? reason : `${name} updated ${formatAge(age ?? 0)} ago, every ${intervalMs} ms`}
    >
      <span className="feed__dot" aria-hidden="true" />
      {stale ? `${name} stale: ${reason}` : `${name} live`}
    </span>
  );
}
