import { useMemo } from 'react';
import type { AccountTable, CustomField } from '@/interface';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import { formatFieldValue } from '@/terminal/shared/format/field';
import '../account.css';

type Row = Record<string, unknown>;

/**
 * An account table of the config: its columns name fields of its source's rows. When the service
 * has no source for it, it says so instead of showing an empty grid.
 */
export function ConfigTable({
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
  if (!rows) return <Unavailable title={table.title} why={`The service offers no data for “${table.title}” (table “${table.id}”): the interface has no endpoint for it.`} columns={table.columns} />;
  const key = rowKey ?? table.columns[0]?.id ?? 'id';
  return (
    <DataGrid
      tableId={`account:${table.id}`}
      label={table.title}
      columns={columns}
      rows={rows}
      rowId={(row) => String(row[key] ?? JSON.stringify(row))}
      stale={stale}
      empty="Nothing to show."
    />
  );
}

function sortable(value: unknown): number | string | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

/** Said plainly: what the tab would show, and why it cannot. */
export function Unavailable({ title, why, columns }: { title: string; why: string; columns: readonly (CustomField | { id: string; title: string })[] }) {
  return (
    <div className="unavailable" role="note" aria-label={`${title} unavailable`}>
      <p>{why}</p>
      {columns.length > 0 ? (
        <p className="muted">
          Columns it would show: {columns.map((column) => column.title || column.id).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
