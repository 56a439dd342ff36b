import { t } from '@lingui/core/macro';
import { formatAge } from '../format/time';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

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

/** Why a feed is stale, in words (whole sentences: the error's own message is a placeholder); '' while live. */
export function staleReason(feed: FeedState, intervalMs: number, now: number): string {
  const age = formatAge(now - feed.dataUpdatedAt);
  if (feed.error && feed.errorUpdatedAt >= feed.dataUpdatedAt) {
    const error = feed.error.message;
    return feed.dataUpdatedAt ? t`${error} (last update ${age} ago)` : t`${error} (no data yet)`;
  }
  if (!feed.dataUpdatedAt) return t`no data yet`;
  return now - feed.dataUpdatedAt > intervalMs * 3 ? t`no update for ${age}` : '';
}

/** Why a feed is stale, for a title or a note; undefined while it is live. */
export function staleNote(feed: FeedState, intervalMs: number, now: number, fallback: string): string | undefined {
  return isStale(feed, intervalMs, now) ? staleReason(feed, intervalMs, now) || fallback : undefined;
}
