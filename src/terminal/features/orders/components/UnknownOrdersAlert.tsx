import type { JournalOrder } from '@/interface';

/**
 * Orders whose answer never came are the one thing a trader must not miss: they may be live at the
 * service. Said at the top, with what to do.
 */
export function UnknownOrdersAlert({ orders, total }: { orders: readonly JournalOrder[]; total?: number }) {
  const unknown = orders.filter((order) => order.status === 'unknown');
  // The orders in view are the newest page of the journal; the proxy counts the whole journal.
  const count = Math.max(unknown.length, total ?? 0);
  if (count === 0) return null;
  const symbols = [...new Set(unknown.map((order) => order.symbol))];
  const where = symbols.length === 0 ? 'older than the orders listed' : `${symbols.join(', ')}${count > unknown.length ? ' and older ones' : ''}`;
  const one = count === 1;
  return (
    <div className="notice notice--danger" role="alert" aria-label="Orders with unknown outcome">
      <div className="notice__body">
        <strong>
          {count} order{one ? '' : 's'} with an unknown outcome ({where}).
        </strong>{' '}
        The proxy sent {one ? 'it' : 'them'} but no answer came, so {one ? 'it' : 'they'} may or may not be live. Check
        your open orders at the service before sending {one ? 'it' : 'them'} again; the proxy never resends on its own.
        Order history lists {one ? 'it' : 'them'} with status unknown.
      </div>
    </div>
  );
}
