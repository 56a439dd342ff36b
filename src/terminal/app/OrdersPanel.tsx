import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import type { JournalOrder } from '@/interface';
import { countStatus, Tabs, type TabSpec } from '../features/account';
import { useConfig, usePollingIntervals } from '../features/config';
import { useInstrumentSpecs } from '../features/markets';
import { JournalTable, UnknownOrdersAlert, useJournal, useJournalRetryInterval } from '../features/orders';
import { useProxyHealth, useSession } from '../features/session';
import { useIsPhone } from '../features/workspace';
import { isStale } from '../shared/api/freshness';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

const NO_ORDERS: JournalOrder[] = [];

/** The journal: the orders placed and the order history, with the journal feed's freshness. */
export function OrdersPanel() {
  useLocale();
  const config = useConfig();
  const intervals = usePollingIntervals();
  const signedIn = useSession() === 'signed-in';
  const journal = useJournal(intervals.orders, signedIn);
  const journalRetryInMs = useJournalRetryInterval(intervals.orders);
  const health = useProxyHealth(signedIn);
  const now = useNow();
  const markets = useInstrumentSpecs(intervals.quotes);
  const narrow = useIsPhone();
  const orders = journal.data?.rows ?? NO_ORDERS;
  const [tab, setTab] = useState('orders');
  const journalStale = isStale(journal, intervals.orders, now);
  const locked = <p className="empty">{t`Sign in with the link the proxy printed to see the journal.`}</p>;
  const placed = countStatus(orders, 'accepted');
  const unknown = countStatus(orders, 'unknown');
  const tabs: TabSpec[] = [
    {
      id: 'orders',
      title: t({ message: 'Orders', context: 'tab: the orders working now' }),
      badge: placed || undefined,
      content: signedIn ? <JournalTable kind="orders" orders={orders} customFields={config.orderCustomFields} stale={journalStale} markets={markets} narrow={narrow} /> : locked,
    },
    {
      id: 'history',
      title: t`Order history`,
      badge: unknown ? <span className="badge badge--unknown">{plural(unknown, { one: '# unknown', other: '# unknown' })}</span> : undefined,
      content: signedIn ? (
        <JournalTable
          kind="history"
          orders={orders}
          customFields={config.orderHistoryCustomFields}
          stale={journalStale}
          markets={markets}
          narrow={narrow}
        />
      ) : (
        locked
      ),
    },
  ];
  return (
    <section className="panel orders" aria-label={t`Orders`}>
      <UnknownOrdersAlert orders={orders} total={health.data?.journal.unknownOrders} />
      <Tabs
        label={t`Orders`}
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        extra={
          signedIn ? (
            <FeedStatus name={t({ message: 'Journal', context: 'the orders feed, named in its status' })} query={journal} intervalMs={intervals.orders} retryInMs={journalRetryInMs} />
          ) : null
        }
      />
    </section>
  );
}
