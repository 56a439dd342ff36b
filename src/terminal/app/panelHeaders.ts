import { usePollingIntervals } from '../features/config';
import { useFutures } from '../features/markets';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { useActiveSymbol, useTicketRows } from '../features/ticket';
import type { PanelHeaderState } from '../features/workspace';
import { isStale } from '../shared/api/freshness';
import { formatAge } from '../shared/format/time';
import { useNow } from '../shared/useNow';

/** What a feed says in a few characters: "live", "4 s", or "stale". */
function feedWord(query: { dataUpdatedAt: number; errorUpdatedAt: number; error: Error | null }, intervalMs: number, now: number) {
  if (isStale(query, intervalMs, now)) return { word: 'stale', stale: true };
  const age = query.dataUpdatedAt ? now - query.dataUpdatedAt : 0;
  return { word: age >= 1000 ? formatAge(age) : 'live', stale: false };
}

export function useMarketsHeader(): PanelHeaderState {
  const { quotes } = usePollingIntervals();
  const futures = useFutures(quotes);
  const feed = feedWord(futures, quotes, useNow());
  const count = futures.data?.rows.length;
  return { text: count === undefined ? feed.word : `${count} · ${feed.word}`, stale: feed.stale };
}

export function useOrdersHeader(): PanelHeaderState {
  const intervals = usePollingIntervals();
  const signedIn = useSession() === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  const now = useNow();
  if (!signedIn) return { text: 'locked', stale: false };
  const feed = feedWord(journal, intervals.orders, now);
  const rows = journal.data?.rows.length;
  return { text: rows === undefined ? feed.word : `${rows} · ${feed.word}`, stale: feed.stale };
}

/** The charted market and whether its live candle is fed. */
export function useChartHeader(): PanelHeaderState {
  const { quotes } = usePollingIntervals();
  const feed = feedWord(useFutures(quotes), quotes, useNow());
  const symbol = useActiveSymbol();
  return { text: symbol ? `${symbol.split('_')[1] ?? symbol} · ${feed.word}` : feed.word, stale: feed.stale };
}

export function useTicketHeader(): PanelHeaderState {
  const rows = useTicketRows().length;
  return { text: rows > 1 ? `${rows} orders` : '', stale: false };
}

export function useAccountHeader(): PanelHeaderState {
  const { quotes } = usePollingIntervals();
  const feed = feedWord(useFutures(quotes), quotes, useNow());
  return { text: feed.stale ? 'marks stale' : '', stale: feed.stale };
}
