import type { JournalOrder } from '../../../../interface';
import { formatClock } from '../../../shared/format/time';
import { plainNumber } from '../../../shared/format/number';

const text = (value: number | null) => (value === null ? '—' : plainNumber(value));

/** Orders of the journal, newest first. */
export function OrdersTable({ orders, empty }: { orders: JournalOrder[]; empty: string }) {
  if (orders.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="orders__scroll">
      <table className="list" aria-label="Orders">
        <thead>
          <tr>
            <th>Time</th>
            <th>Market</th>
            <th>Side</th>
            <th>Type</th>
            <th className="right">Price</th>
            <th className="right">Quantity</th>
            <th>Status</th>
            <th className="right">Order id</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={`${order.ticket_id}:${order.seq}`} data-status={order.status}>
              <td className="num muted">{formatClock(order.created_at)}</td>
              <td>{order.symbol}</td>
              <td className={order.side === 'BUY' ? 'up' : 'down'}>{order.side}</td>
              <td>{order.order_type}</td>
              <td className="num right">{text(order.order_price)}</td>
              <td className="num right">
                {order.order_quantity !== null ? text(order.order_quantity) : `${text(order.order_amount)} USDC`}
              </td>
              <td>
                <span className={`badge badge--${order.status}`}>{order.status}</span>
              </td>
              <td className="num right">{order.order_id ?? '—'}</td>
              <td className="reason" title={order.error_message ?? undefined}>
                {order.error_message ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
