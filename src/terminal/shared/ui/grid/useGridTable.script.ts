import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import type { GridColumn } from './columns';
import { titleWidth } from './contentWidth';
import { mergeLayout, type ColumnSort, type TableLayout } from './layout';
import { useLayoutActions, useSavedLayout } from './layoutStore';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnOrderingFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
});

type GridFeatures = typeof features;
export type GridHeader<T extends RowData> = Header<GridFeatures, T>;

const applyUpdater = <S>(updater: Updater<S>, current: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;

/** A grid column as TanStack Table takes it: sorted by its sort value, sized and hidden by the trader. */
function toTableColumn<T extends RowData>(column: GridColumn<T>): ColumnDef<GridFeatures, T> {
  return {
    id: column.id,
    accessorFn: (row: T) => column.sortValue?.(row) ?? undefined,
    header: column.title,
    // A sortable title is never cut ("24h change"): the column is at least as wide as its header.
    size: column.sortValue ? Math.max(column.width, titleWidth(column.title)) : column.width,
    minSize: 24,
    maxSize: 800,
    enableSorting: column.sortValue !== undefined,
    enableHiding: column.hideable !== false,
    sortUndefined: 'last',
    // A right-aligned column holds figures: its first click shows the largest first.
    sortDescFirst: column.align === 'right',
  };
}

/** The layout saved for a table, merged with the columns it has today, and how to change it. */
export function useGridLayout<T extends RowData>(tableId: string, columns: readonly GridColumn<T>[], defaultSort: ColumnSort | null | undefined) {
  const saved = useSavedLayout(tableId);
  const { save, reset } = useLayoutActions();
  const layout = useMemo(() => mergeLayout(saved, columns, defaultSort ?? null), [saved, columns, defaultSort]);
  const commit = useCallback((next: TableLayout) => save(tableId, next), [save, tableId]);
  const resetLayout = useCallback(() => reset(tableId), [reset, tableId]);
  return { layout, commit, resetLayout };
}

interface GridTableInput<T extends RowData> {
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** Rows kept on top whatever the sort (favorites). */
  pinnedIds: ReadonlySet<string> | undefined;
  layout: TableLayout;
  commit: (layout: TableLayout) => void;
}

/**
 * The table behind the grid: sorting, column order, visibility and widths all come from the
 * layout and go back to it; the rows come out sorted, pinned ones first.
 */
export function useGridTable<T extends RowData>({ columns, rows, rowId, pinnedIds, layout, commit }: GridTableInput<T>) {
  const tableColumns = useMemo(() => columns.map((column) => toTableColumn(column)), [columns]);
  const sorting = useMemo(() => (layout.sort ? [layout.sort] : []), [layout.sort]);
  const columnVisibility = useMemo(() => Object.fromEntries(layout.hidden.map((id) => [id, false])), [layout.hidden]);
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows as T[],
    getRowId: (row) => rowId(row),
    columnResizeMode: 'onChange',
    state: { sorting, columnOrder: layout.order, columnVisibility, columnSizing: layout.widths },
    onSortingChange: (updater) => {
      const next = applyUpdater(updater, sorting);
      commit({ ...layout, sort: next[0] ?? null });
    },
    onColumnOrderChange: (updater) => commit({ ...layout, order: applyUpdater(updater, layout.order) }),
    onColumnVisibilityChange: (updater) => {
      const next = applyUpdater(updater, columnVisibility);
      commit({ ...layout, hidden: Object.keys(next).filter((id) => next[id] === false) });
    },
    onColumnSizingChange: (updater) => commit({ ...layout, widths: applyUpdater(updater, layout.widths) }),
  });

  const sorted = table.getRowModel().rows;
  const ordered = useMemo(() => {
    if (!pinnedIds || pinnedIds.size === 0) return sorted;
    return [...sorted.filter((row) => pinnedIds.has(row.id)), ...sorted.filter((row) => !pinnedIds.has(row.id))];
  }, [sorted, pinnedIds]);
  const headers: GridHeader<T>[] = table.getHeaderGroups()[0]?.headers ?? [];
  return { ordered, headers };
}
