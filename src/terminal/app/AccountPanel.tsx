import { t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import type { JournalOrder } from '@/interface';
import { ConfigTable, startOfDay, SummaryStrip, summaryValues, symbolsPricedByMark, tableSource, Tabs, Unavailable, type TabSpec } from '../features/account';
import { useConfig, usePollingIntervals } from '../features/config';
import { useFuturesFollowing, type FuturesSnapshot } from '../features/markets';
import { useJournal } from '../features/orders';
import { useProxyHealth, useSession } from '../features/session';
import { useSentMarks } from '../features/ticket';
import { isStale } from '../shared/api/freshness';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';

const NO_ORDERS: JournalOrder[] = [];

const everyPoll = (snapshot: FuturesSnapshot) => snapshot;

/** What the summary reads of a poll: how many markets, and the marks of `symbols`. */
const summaryKey = (snapshot: FuturesSnapshot, symbols: readonly string[]) =>
  `${snapshot.rows.length}|${symbols.map((symbol) => snapshot.bySymbol.get(symbol)?.mark_price ?? '').join('|')}`;

/** The account: the config's summary strip, then Positions and the config's own tables (the journal is the Orders panel). */
export function AccountPanel() {
  useLocale();
  const config = useConfig();
  const intervals = usePollingIntervals();
  const session = useSession();
  const signedIn = session === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  const health = useProxyHealth(signedIn);
  const now = useNow();
  const orders = journal.data?.rows ?? NO_ORDERS;
  const [tab, setTab] = useState('positions');
  const journalStale = isStale(journal, intervals.orders, now);
  // "Today" changes at midnight, not on every tick of the clock.
  const today = startOfDay(now);
  const sentMarks = useSentMarks();
  const byMark = useMemo(() => symbolsPricedByMark({ orders, now: today, sentMarks }), [orders, today, sentMarks]);
  // A table of the markets on screen follows every poll; else only what the summary reads does.
  const showsMarkets = config.accountManager.some((table) => tab === `table:${table.id}` && tableSource(table, {}).feed === 'markets');
  const futures = useFuturesFollowing(intervals.quotes, showsMarkets ? everyPoll : (snapshot) => summaryKey(snapshot, byMark));
  const key = futures.data ? summaryKey(futures.data, byMark) : '';
  const marks = useMemo(
    () => new Map(byMark.flatMap((symbol) => {
      const mark = futures.data?.bySymbol.get(symbol)?.mark_price;
      return mark === undefined ? [] : [[symbol, mark] as const];
    })),
    // `key` holds every mark read here: the map changes with it, not with each snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, byMark],
  );

  const values = useMemo(
    () =>
      summaryValues({
        orders: journal.data ? orders : undefined,
        now: today,
        accountId: health.data?.accountId,
        markets: futures.data?.rows.length,
        latencyMs: health.data?.service.latencyMs,
        clockOffsetMs: health.data?.clock.offsetMs,
        unknownOrders: health.data?.journal.unknownOrders,
        sentMarks,
        marks,
      }),
    [journal.data, orders, today, health.data, futures.data?.rows.length, sentMarks, marks],
  );

  // A table fed by the journal gets its rows once per journal change, so it (and its memoised
  // grid) stays as it is through the markets polls; one fed by the markets follows each poll.
  const journalRows = signedIn && journal.data ? orders : undefined;
  const journalSources = useMemo(
    () => config.accountManager.map((table) => tableSource(table, { orders: journalRows })),
    [config.accountManager, journalRows],
  );

  const tabs: TabSpec[] = [
    {
      id: 'positions',
      title: t`Positions`,
      content: (
        <Unavailable
          title={t`Positions`}
          why={t`Positions are not available: the service interface has no positions endpoint, so the terminal cannot know them. Accepted orders are under Orders.`}
          columns={config.positionCustomFields}
        />
      ),
    },
    ...config.accountManager.map((table, index) => {
      const fromJournal = journalSources[index]!;
      const source = fromJournal.feed === 'markets' ? tableSource(table, { markets: futures.data?.rows }) : fromJournal;
      return {
        id: `table:${table.id}`,
        title: table.title || table.id,
        content: (
          <ConfigTable
            table={table}
            rows={source.rows}
            rowKey={source.key}
            stale={source.feed === 'markets' ? isStale(futures, intervals.quotes, now) : journalStale}
          />
        ),
      };
    }),
  ];

  return (
    <section className="panel account" aria-label={t`Account`}>
      <SummaryStrip items={config.accountSummaryRow} values={values} />
      <Tabs
        label={t`Account`}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
      />
    </section>
  );
}
