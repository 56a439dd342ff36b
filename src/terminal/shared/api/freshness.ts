import { formatAge } from '../format/time';

interface FeedState {
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  error: Error | null;
}

/** Stale: no data yet, the last poll failed, or no update for three intervals. */
export function isStale(feed: FeedState, intervalMs: number, now: number): boolean {
  if (!feed.dataUpdatedAt) return true;
  if (feed.error && feed.errorUpdatedAt >= feed.dataUpdatedAt) return true;
  return now - feed.dataUpdatedAt > intervalMs * 3;
}

export function staleReason(feed: FeedState, intervalMs: number, now: number): string {
  const age = feed.dataUpdatedAt ? `last update ${formatAge(now - feed.dataUpdatedAt)} ago` : 'no data yet';
  if (feed.error && feed.errorUpdatedAt >= feed.dataUpdatedAt) return `${feed.error.message} (${age})`;
  if (!feed.dataUpdatedAt) return age;
  return now - feed.dataUpdatedAt > intervalMs * 3 ? `no update for ${formatAge(now - feed.dataUpdatedAt)}` : '';
}

/** Why a feed is stale, for a title or a note; undefined while it is live. */
export function staleNote(feed: FeedState, intervalMs: number, now: number, fallback: string): string | undefined {
  return isStale(feed, intervalMs, now) ? staleReason(feed, intervalMs, now) || fallback : undefined;
}
