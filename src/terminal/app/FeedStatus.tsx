import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { isStale, staleReason } from '../shared/api/freshness';
import { formatAge } from '../shared/format/time';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';

/** "just now" under a second, else "4 s ago": never "now ago". */
function updatedTitle(feedName: string, age: number, intervalMs: number): string {
  if (age < 1000) return t`${feedName} updated just now, every ${intervalMs} ms`;
  const feedAge = formatAge(age);
  return t`${feedName} updated ${feedAge} ago, every ${intervalMs} ms`;
}

/**
 * How fresh a feed is: its age, or "stale" with the reason when it is older than three polls or
 * its last poll failed, and when it retries next.
 */
export function FeedStatus({
  name: feedName,
  query,
  intervalMs,
  retryInMs,
}: {
  name: string;
  query: Pick<UseQueryResult<unknown, Error>, 'dataUpdatedAt' | 'errorUpdatedAt' | 'error'>;
  intervalMs: number;
  retryInMs?: number;
}) {
  useLocale();
  const now = useNow();
  const stale = isStale(query, intervalMs, now);
  const age = query.dataUpdatedAt ? now - query.dataUpdatedAt : undefined;
  const reason = staleReason(query, intervalMs, now);
  const retryEvery = stale && retryInMs && retryInMs > intervalMs ? formatAge(retryInMs) : undefined;
  const feedAge = age !== undefined && age >= 1000 ? formatAge(age) : undefined;
  let text: string;
  if (stale) {
    text = retryEvery ? t`${feedName} stale: ${reason} · retrying every ${retryEvery}` : t`${feedName} stale: ${reason}`;
  } else {
    text = feedAge ? t`${feedName} ${feedAge}` : t`${feedName} live`;
  }
  const staleTitle = retryEvery ? t`${reason} · retrying every ${retryEvery}` : reason;
  return (
    <span
      className={`feed ${stale ? 'feed--stale' : 'feed--live'}`}
      role="status"
      aria-label={t`${feedName} feed`}
      data-stale={stale}
      title={stale ? staleTitle : updatedTitle(feedName, age ?? 0, intervalMs)}
    >
      <span className="feed__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
