import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { CustomField, JournalOrder } from '@/interface';
import { formatFieldValue } from '@/terminal/shared/format/field';
import { DASH, formatPlain } from '@/terminal/shared/format/number';
import { formatClock } from '@/terminal/shared/format/time';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import { ordersCsvUrl, type OrdersFilter } from '../api/ordersCsv';
import { orderStateText, orderStateTitle } from '../model/orderState';
import '../orders.css';

const text = (value: number | null) => (value === null ? DASH : formatPlain(value));
const rowId = (order: JournalOrder) => `${order.ticket_id}:${order.seq}`;
const rowData = (order: JournalOrder) => ({ 'data-status': order.status, 'data-client-id': order.client_order_id ?? '' });

/** The journal's own columns, built at render: their titles are in the active language. */
const baseColumns = (): GridColumn<JournalOrder>[] => [
  { id: 'created_at', title: t({ message: 'Time', context: 'orders column: when the order was sent' }), width: 80, sortValue: (o) => o.created_at, cell: (o) => <span className="num muted">{formatClock(o.created_at)}</span> },
  { id: 'symbol', title: t({ message: 'Market', context: 'orders column: the instrument' }), width: 130, sortValue: (o) => o.symbol, cell: (o) => o.symbol },
  { id: 'side', title: t({ message: 'Side', context: 'orders column: buy or sell' }), width: 56, sortValue: (o) => o.side, cell: (o) => <span className={o.side === 'BUY' ? 'up' : 'down'}>{o.side}</span> },
  { id: 'order_type', title: t({ message: 'Type', context: 'orders column: the order type (limit, market…)' }), width: 96, sortValue: (o) => o.order_type, cell: (o) => o.order_type },
  { id: 'order_price', title: t`Price`, align: 'right', width: 100, sortValue: (o) => o.order_price, cell: (o) => <span className="num">{text(o.order_price)}</span> },
  {
    id: 'order_quantity',
    title: t`Quantity`,
    align: 'right',
    width: 100,
    sortValue: (o) => o.order_quantity ?? o.order_amount,
    cell: (o) => <span className="num">{o.order_quantity !== null ? text(o.order_quantity) : `${text(o.order_amount)} USDC`}</span>,
  },
  {
    id: 'status',
    title: t({ message: 'State', context: 'orders column: how far the order got' }),
    tooltip: t`Placed: the service accepted it (at the time shown). Sent (immediate): a market, IOC or FOK order, which never rests`,
    width: 180,
    sortValue: (o) => o.status,
    cellKey: orderStateText,
    cellTitle: orderStateTitle,
    cell: (o) => <span className={`badge badge--${o.status}`}>{orderStateText(o)}</span>,
  },
  { id: 'order_id', title: t`Order id`, align: 'right', width: 90, sortValue: (o) => o.order_id, cell: (o) => <span className="num">{o.order_id ?? DASH}</span> },
];

/** Why an order was refused or failed: the service's or the proxy's words, as sent. */
const reasonColumn = (): GridColumn<JournalOrder> => ({
  id: 'error_message',
  title: t({ message: 'Reason', context: 'orders column: why an order was refused' }),
  width: 260,
  sortValue: (o) => o.error_message ?? undefined,
  cell: (o) => (
    <span className="reason" title={o.error_message ?? undefined}>
      {o.error_message ?? ''}
    </span>
  ),
});

/** A config custom field as a column: id names the journal field, title heads it, tooltip explains it. */
function customColumn(field: CustomField): GridColumn<JournalOrder> {
  const read = (order: JournalOrder) => (order as unknown as Record<string, unknown>)[field.id];
  return {
    id: `custom:${field.id}`,
    title: field.title,
    tooltip: field.tooltip || undefined,
    align: field.alignment,
    width: 110,
    sortValue: (order) => {
      const value = read(order);
      return typeof value === 'number' || typeof value === 'string' ? value : undefined;
    },
    cell: (order) => <span className="num">{formatFieldValue(field.id, read(order))}</span>,
  };
}

/** What each table shows of the journal; its CSV export takes the same filter. */
const FILTERS: Record<JournalTableProps['kind'], OrdersFilter> = { orders: { status: ['accepted'] }, history: {} };

export interface JournalTableProps {
  /** "orders": the orders the service accepted (placed or sent); "history": every order of the journal. */
  kind: 'orders' | 'history';
  orders: readonly JournalOrder[];
  customFields: readonly CustomField[];
  stale?: boolean;
}

/** Orders of the journal, newest first, with the config's custom fields as extra columns. */
export function JournalTable({ kind, orders, customFields, stale }: JournalTableProps) {
  const locale = useLocale();
  const columns = useMemo(
    () => [...baseColumns(), ...(kind === 'history' ? [reasonColumn()] : []), ...customFields.map(customColumn)],
    // The titles are in the active language: the columns are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [kind, customFields, locale],
  );
  const rows = useMemo(() => (kind === 'orders' ? orders.filter((order) => order.status === 'accepted') : orders), [kind, orders]);
  return (
    <DataGrid
      tableId={kind}
      label={kind === 'orders' ? t`Placed orders` : t`Order history`}
      columns={columns}
      rows={rows}
      rowId={rowId}
      rowData={rowData}
      stale={stale}
      defaultSort={{ id: 'created_at', desc: true }}
      empty={
        kind === 'orders'
          ? t`No orders placed yet. Orders the service accepts appear here.`
          : t`No orders yet. Every order you send appears here, newest first.`
      }
      toolbar={
        <>
          {kind === 'orders' ? (
            <p className="orders__note">
              {t`This service reports no fills, cancels or positions: cancel or amend orders with the exchange's own tools.`}
            </p>
          ) : null}
          <a className="button" href={ordersCsvUrl(FILTERS[kind])} download="orders.csv">
            {t`Download CSV`}
          </a>
        </>
      }
    />
  );
}
