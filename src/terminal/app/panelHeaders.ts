import { plural, t } from '@lingui/core/macro';
import { usePollingIntervals } from '../features/config';
import { APPROVALS_INTERVAL_MS, mayOpenDeskPanel, useApprovals, usePerson } from '../features/desk';
import { useFuturesState } from '../features/markets';
import { isLiveHeld, useHeldOrders } from '../features/held';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { useActiveSymbol, useTicketRows } from '../features/ticket';
import type { PanelBodies, PanelHeaderState, PanelRegistry } from '../features/workspace';
import { isStale } from '../shared/api/freshness';
import { formatAge } from '../shared/format/time';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';

/** What a feed says in a few characters: "live", "4 s", or "stale". */
function feedWord(query: { dataUpdatedAt: number; errorUpdatedAt: number; error: Error | null }, intervalMs: number, now: number) {
  if (isStale(query, intervalMs, now)) return { word: t({ message: 'stale', context: 'a feed: its data is old' }), stale: true };
  const age = query.dataUpdatedAt ? now - query.dataUpdatedAt : 0;
  return { word: age >= 1000 ? formatAge(age) : t({ message: 'live', context: 'a feed: its data is current' }), stale: false };
}

export function useMarketsHeader(): PanelHeaderState {
  useLocale();
  const { quotes } = usePollingIntervals();
  // The tab renders with its clock (and the feed's error), not with every poll.
  const futures = useFuturesState(quotes);
  const feed = feedWord(futures, quotes, useNow());
  const count = futures.data?.rows.length;
  return { text: count === undefined ? feed.word : `${count} · ${feed.word}`, stale: feed.stale };
}

export function useOrdersHeader(): PanelHeaderState {
  useLocale();
  const intervals = usePollingIntervals();
  const signedIn = useSession() === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  const now = useNow();
  if (!signedIn) return { text: t({ message: 'locked', context: 'the orders panel before signing in' }), stale: false };
  const feed = feedWord(journal, intervals.orders, now);
  const rows = journal.data?.rows.length;
  return { text: rows === undefined ? feed.word : `${rows} · ${feed.word}`, stale: feed.stale };
}

/** How many held orders are live, and how fresh the list is. */
export function useHeldHeader(): PanelHeaderState {
  useLocale();
  const intervals = usePollingIntervals();
  const signedIn = useSession() === 'signed-in';
  const held = useHeldOrders(intervals.orders, signedIn);
  const now = useNow();
  if (!signedIn) return { text: t({ message: 'locked', context: 'the orders panel before signing in' }), stale: false };
  const feed = feedWord(held, intervals.orders, now);
  const live = held.data?.filter(isLiveHeld).length;
  return { text: live === undefined ? feed.word : `${live} · ${feed.word}`, stale: feed.stale };
}

/** The charted market and whether its live candle is fed. */
export function useChartHeader(): PanelHeaderState {
  useLocale();
  const { quotes } = usePollingIntervals();
  const feed = feedWord(useFuturesState(quotes), quotes, useNow());
  const symbol = useActiveSymbol();
  return { text: symbol ? `${symbol.split('_')[1] ?? symbol} · ${feed.word}` : feed.word, stale: feed.stale };
}

export function useTicketHeader(): PanelHeaderState {
  useLocale();
  const rows = useTicketRows().length;
  return { text: rows > 1 ? plural(rows, { one: '# order', other: '# orders' }) : '', stale: false };
}

export function useAccountHeader(): PanelHeaderState {
  useLocale();
  const { quotes } = usePollingIntervals();
  const feed = feedWord(useFuturesState(quotes), quotes, useNow());
  return { text: feed.stale ? t({ message: 'marks stale', context: 'the mark prices are not current' }) : '', stale: feed.stale };
}

/** How many tickets wait for approval (a risk user: everyone's; a trader: their own). */
export function useApprovalsHeader(): PanelHeaderState {
  useLocale();
  const allowed = mayOpenDeskPanel(usePerson(), 'approvals');
  const approvals = useApprovals('awaiting', allowed);
  const feed = feedWord(approvals, APPROVALS_INTERVAL_MS, useNow());
  if (!allowed) return { text: '', stale: false };
  const waiting = approvals.data?.length;
  return { text: waiting === undefined ? feed.word : `${waiting} · ${feed.word}`, stale: feed.stale };
}

/** The desk's limits and the audit say nothing in their tab: they are read when opened. */
export const useQuietHeader = (): PanelHeaderState => ({ text: '', stale: false });

/** Each panel's header, by its id; a panel with nothing to say has the quiet one. */
const HEADERS: Readonly<Record<string, () => PanelHeaderState>> = {
  markets: useMarketsHeader,
  chart: useChartHeader,
  ticket: useTicketHeader,
  orders: useOrdersHeader,
  held: useHeldHeader,
  account: useAccountHeader,
  approvals: useApprovalsHeader,
};

/**
 * The panels with their headers, for the dock's tabs. The headers read the ticket, the held orders,
 * the journal and the approvals: they come with the dock's code, not in the first load.
 */
export function withHeaders(panels: PanelBodies): PanelRegistry {
  // Each body behind its entry, not spread: a spread would read the title's and label's getters
  // once, and a tab would keep the language of that moment after a switch.
  const entry = (id: string, body: PanelBodies[string]) => Object.assign(Object.create(body) as typeof body, { useHeader: HEADERS[id] ?? useQuietHeader });
  return Object.fromEntries(Object.entries(panels).map(([id, body]) => [id, entry(id, body)]));
}
