import type { JournalOrder } from '../../../../interface';

/**
 * Orders whose answer never came are the one thing a trader must not miss: they may be live at the
 * service. Said at the top, with what to do.
 */
export function UnknownOrdersAlert({ orders }: { orders: JournalOrder[] }) {
  const unknown = orders.filter((order) => order.status === 'unknown');
  if (unknown.length === 0) return null;
  const symbols = [...new Set(unknown.map((order) => order.symbol))].join(', ');
  return (
    <div className="notice notice--danger" role="alert" aria-label="Orders with unknown outcome">
      <div className="notice__body">
        <strong>
          {unknown.length} order{unknown.length === 1 ? '' : 's'} with an unknown outcome ({symbols}).
        </strong>{' '}
        The proxy sent {unknown.length === 1 ? 'it' : 'them'} but no answer came, so{' '}
        {unknown.length === 1 ? 'it' : 'they'} may or may not be live. Check your open orders at the service before
        sending {unknown.length === 1 ? 'it' : 'them'} again; the proxy never resends on its own.
      </div>
    </div>
  );
}
