import { t } from '@lingui/core/macro';
import { memo, useMemo } from 'react';
import type { AccountTable, CustomField } from '@/interface';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import { formatFieldValue } from '@/terminal/shared/format/field';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import '../account.css';

type Row = Record<string, unknown>;

/**
 * An account table of the config: its columns name fields of its source's rows. When the service
 * has no source for it, it says so instead of showing an empty grid. Memoised, as Unavailable: the
 * account panel renders on every markets poll.
 */
export const ConfigTable = memo(function ConfigTable({
  table,
  rows,
  rowKey,
  stale,
}: {
  table: AccountTable;
  rows: readonly Row[] | undefined;
  rowKey?: string;
  stale?: boolean;
}) {
  useLocale();
  const columns = useMemo<GridColumn<Row>[]>(
    () =>
      table.columns.map((column) => ({
        id: column.id,
        title: column.title,
        width: 120,
        align: 'left',
        sortValue: (row) => sortable(row[column.id]),
        cell: (row) => <span className="num">{formatFieldValue(column.id, row[column.id])}</span>,
      })),
    [table.columns],
  );
  // The config's title and id, as it names them.
  const { title: tableTitle, id: tableId } = table;
  if (!rows) {
    const why = t`The service offers no data for “${tableTitle}” (table “${tableId}”): the interface has no endpoint for it.`;
    return <Unavailable title={tableTitle} why={why} columns={table.columns} />;
  }
  const key = rowKey ?? table.columns[0]?.id ?? 'id';
  return (
    <DataGrid
      tableId={`account:${table.id}`}
      label={table.title}
      columns={columns}
      rows={rows}
      rowId={(row) => String(row[key] ?? JSON.stringify(row))}
      stale={stale}
      empty={t`Nothing to show.`}
    />
  );
});

function sortable(value: unknown): number | string | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

/** Said plainly: what the tab would show, and why it cannot. */
export const Unavailable = memo(function Unavailable({
  title,
  why,
  columns,
}: {
  title: string;
  why: string;
  columns: readonly (CustomField | { id: string; title: string })[];
}) {
  useLocale();
  // The config's names of the columns, as it sends them.
  const columnNames = columns.map((column) => column.title || column.id).join(', ');
  return (
    <div className="unavailable" role="note" aria-label={t`${title} unavailable`}>
      <p>{why}</p>
      {columns.length > 0 ? <p className="muted">{t`Columns it would show: ${columnNames}.`}</p> : null}
    </div>
  );
});
