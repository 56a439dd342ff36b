import { usePollingIntervals } from '../features/config';
import { OrdersTable, UnknownOrdersAlert, useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { FeedStatus } from './FeedStatus';

export function AccountPanel() {
  const { orders: interval } = usePollingIntervals();
  const session = useSession();
  const journal = useJournal(interval, session === 'signed-in');
  const orders = journal.data?.rows ?? [];
  return (
    <section className="panel account" aria-labelledby="account-title">
      <header className="panel__head">
        <h2 id="account-title">Order history</h2>
        {session === 'signed-in' ? <FeedStatus name="Journal" query={journal} intervalMs={interval} /> : null}
      </header>
      <UnknownOrdersAlert orders={orders} />
      {session === 'signed-in' ? (
        <OrdersTable orders={orders} empty="No orders yet. Orders you send appear here, newest first." />
      ) : (
        <p className="empty">Sign in with the link the proxy printed to see the journal.</p>
      )}
    </section>
  );
}
