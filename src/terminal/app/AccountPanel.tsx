import { useMemo, useState } from 'react';
import type { JournalOrder } from '@/interface';
import { ConfigTable, countStatus, startOfDay, SummaryStrip, summaryValues, tableSource, Tabs, Unavailable, type TabSpec } from '../features/account';
import { useConfig, usePollingIntervals } from '../features/config';
import { useFutures } from '../features/markets';
import { JournalTable, UnknownOrdersAlert, useJournal, useJournalRetryInterval } from '../features/orders';
import { useProxyHealth, useSession } from '../features/session';
import { isStale } from '../shared/api/freshness';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';
import { useSentOrdersInJournal } from './useSentOrdersInJournal';

const NO_ORDERS: JournalOrder[] = [];

/** The account area: the config's summary strip, then Orders, Order history, Positions and the config's own tables. */
export function AccountPanel() {
  const config = useConfig();
  const intervals = usePollingIntervals();
  const session = useSession();
  const signedIn = session === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  useSentOrdersInJournal();
  const journalRetryInMs = useJournalRetryInterval(intervals.orders);
  const futures = useFutures(intervals.quotes);
  const health = useProxyHealth(signedIn);
  const now = useNow();
  const orders = journal.data?.rows ?? NO_ORDERS;
  const [tab, setTab] = useState('orders');
  const journalStale = isStale(journal, intervals.orders, now);
  // "Today" changes at midnight, not on every tick of the clock.
  const today = startOfDay(now);

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
      }),
    [journal.data, orders, today, health.data, futures.data?.rows.length],
  );

  const locked = <p className="empty">Sign in with the link the proxy printed to see the journal.</p>;
  const placed = countStatus(orders, 'accepted');
  const unknown = countStatus(orders, 'unknown');
  const tabs: TabSpec[] = [
    {
      id: 'orders',
      title: 'Orders',
      badge: placed || undefined,
      content: signedIn ? <JournalTable kind="orders" orders={orders} customFields={config.orderCustomFields} stale={journalStale} /> : locked,
    },
    {
      id: 'history',
      title: 'Order history',
      badge: unknown ? <span className="badge badge--unknown">{unknown} unknown</span> : undefined,
      content: signedIn ? (
        <JournalTable kind="history" orders={orders} customFields={config.orderHistoryCustomFields} stale={journalStale} />
      ) : (
        locked
      ),
    },
    {
      id: 'positions',
      title: 'Positions',
      content: (
        <Unavailable
          title="Positions"
          why="Positions are not available: the service interface has no positions endpoint, so the terminal cannot know them. Accepted orders are under Orders."
          columns={config.positionCustomFields}
        />
      ),
    },
    ...config.accountManager.map((table) => {
      const source = tableSource(table, { markets: futures.data?.rows, orders: signedIn && journal.data ? orders : undefined });
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
    <section className="panel account" aria-label="Account">
      <SummaryStrip items={config.accountSummaryRow} values={values} />
      <UnknownOrdersAlert orders={orders} total={health.data?.journal.unknownOrders} />
      <Tabs
        label="Account"
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        extra={
          signedIn ? (
            <FeedStatus name="Journal" query={journal} intervalMs={intervals.orders} retryInMs={journalRetryInMs} />
          ) : null
        }
      />
    </section>
  );
}
