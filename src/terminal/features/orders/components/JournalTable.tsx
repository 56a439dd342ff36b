import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { CustomField, JournalOrder } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DataGrid } from '@/terminal/shared/ui/grid/DataGrid';
import { ordersCsvUrl, type OrdersFilter } from '../api/ordersCsv';
import type { DecimalsBySymbol } from '../model/figures';
import { customColumn, deskColumns, journalColumns, phoneJournalColumns, reasonColumn } from './journalColumns';
import '../orders.css';

const rowId = (order: JournalOrder) => `${order.ticket_id}:${order.seq}`;
const rowData = (order: JournalOrder) => ({ 'data-status': order.status, 'data-client-id': order.client_order_id ?? '' });
const NO_DECIMALS: DecimalsBySymbol = new Map();

/** What each table shows of the journal; its CSV export takes the same filter. */
const FILTERS: Record<JournalTableProps['kind'], OrdersFilter> = { orders: { status: ['accepted'] }, history: {} };

export interface JournalTableProps {
  /** "orders": the orders the service accepted (placed or sent); "history": every order of the journal. */
  kind: 'orders' | 'history';
  orders: readonly JournalOrder[];
  customFields: readonly CustomField[];
  stale?: boolean;
  /** Each market's decimals: prices and quantities are written with them, as everywhere else. */
  markets?: DecimalsBySymbol;
  /** A phone's few columns: market and side, price, quantity, state (the rest in the Columns menu). */
  narrow?: boolean;
}

/** Orders of the journal, newest first, with the config's custom fields as extra columns. */
export function JournalTable({ kind, orders, customFields, stale, markets = NO_DECIMALS, narrow = false }: JournalTableProps) {
  const locale = useLocale();
  const columns = useMemo(
    () => [
      ...(narrow ? phoneJournalColumns(markets) : journalColumns(markets)),
      ...(kind === 'history' ? [reasonColumn()] : []),
      ...deskColumns(),
      ...customFields.map((field) => ({ ...customColumn(field), hiddenByDefault: narrow || undefined })),
    ],
    // The titles are in the active language: the columns are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [kind, customFields, markets, narrow, locale],
  );
  const rows = useMemo(() => (kind === 'orders' ? orders.filter((order) => order.status === 'accepted') : orders), [kind, orders]);
  return (
    <DataGrid
      // A phone's table keeps a layout of its own: its few columns are not the desk's.
      tableId={narrow ? `${kind}-phone` : kind}
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
