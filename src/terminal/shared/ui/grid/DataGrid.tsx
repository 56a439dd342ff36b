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
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GridColumn } from './columns';
import { ColumnsMenu } from './ColumnsMenu';
import { GridRow, type RowCell } from './GridRow';
import { LiveCells } from './liveCells';
import { mergeLayout, moveColumn, type ColumnSort, type TableLayout } from './layout';
import { useLayoutActions, useSavedLayout } from './layoutStore';
import './grid.css';

export type { GridColumn } from './columns';

export interface DataGridProps<T extends RowData> {
  /** Key of the saved layout. */
  tableId: string;
  label: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** Rows kept on top whatever the sort (favorites). */
  pinnedIds?: ReadonlySet<string>;
  selectedId?: string;
  onActivate?: (row: T) => void;
  rowData?: (row: T) => Record<`data-${string}`, string>;
  empty?: ReactNode;
  /** Greys the rows out: what they show is not live. */
  stale?: boolean;
  defaultSort?: ColumnSort | null;
  toolbar?: ReactNode;
  rowHeight?: number;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnOrderingFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
});

const applyUpdater = <S,>(updater: Updater<S>, current: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;

/**
 * The terminal's table: sortable, resizable, reorderable (drag a header, or the Columns menu), with
 * hideable columns, a layout saved per table, header tooltips on hover and focus, and virtualized
 * rows so that thousands cost what forty do.
 */
export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const { tableId, label, columns, rows, rowId, pinnedIds, selectedId, onActivate, rowData, empty, stale, toolbar } = props;
  const rowHeight = props.rowHeight ?? 28;
  const saved = useSavedLayout(tableId);
  const { save, reset } = useLayoutActions();
  const layout = useMemo(
    () => mergeLayout(saved, columns, props.defaultSort ?? null),
    [saved, columns, props.defaultSort],
  );
  const commit = useCallback((next: TableLayout) => save(tableId, next), [save, tableId]);

  const tableColumns = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: T) => column.sortValue?.(row) ?? undefined,
        header: column.title,
        size: column.width,
        minSize: 24,
        maxSize: 800,
        enableSorting: column.sortValue !== undefined,
        enableHiding: column.hideable !== false,
        sortUndefined: 'last',
        sortDescFirst: false,
      })),
    [columns],
  );

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

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ordered.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => ordered[index]?.id ?? index,
    // Rows beyond the view are laid out and updated on every poll like the rest: a few suffice.
    overscan: 5,
  });
  const [live] = useState(() => new LiveCells());
  const liveColumns = useMemo(() => columns.filter((column) => column.text !== undefined), [columns]);
  const virtualItems = virtualizer.getVirtualItems();
  // After every commit, before the browser paints: the rows in view show their latest values.
  // Rows rendered beyond the view (overscan) are written when a scroll brings them in, which
  // renders the grid again; until then a new value there would be work nobody sees.
  useLayoutEffect(() => {
    if (liveColumns.length === 0) return;
    const top = virtualizer.scrollOffset ?? 0;
    const height = virtualizer.scrollRect?.height;
    const bottom = height ? top + height : Infinity;
    for (const item of virtualItems) {
      const row = ordered[item.index];
      if (!row || item.end < top || item.start > bottom) continue;
      live.write(row.id, liveColumns as readonly GridColumn<RowData>[], row.original);
    }
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const minWidth = headers.reduce((sum, header) => sum + header.getSize(), 0);
  const tipPrefix = useId();
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const visibleSizes = headers.map((header) => `${header.column.id}:${header.getSize()}`).join(',');
  // The same array while the visible columns and their widths stay: rows compare it by identity.
  const rowCells = useMemo<RowCell[]>(
    () =>
      headers.flatMap((header) => {
        const column = byId.get(header.column.id);
        return column ? [{ column: column as GridColumn<RowData>, width: header.getSize() }] : [];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- headers are new objects every render; visibleSizes says what matters
    [byId, visibleSizes],
  );

  // Rows skip renders (see GridRow): their handlers are stable and read the latest of everything.
  const latest = useRef({ ordered, onActivate, virtualizer });
  latest.current = { ordered, onActivate, virtualizer };
  const activate = useCallback((rowId: string) => {
    const { ordered: rows, onActivate: handler } = latest.current;
    const row = rows.find((item) => item.id === rowId);
    if (row && handler) handler(row.original);
  }, []);
  const onRowKey = useCallback((event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const { ordered: rows, onActivate: handler, virtualizer: scroller } = latest.current;
    const row = rows[index];
    if ((event.key === 'Enter' || event.key === ' ') && row && handler) {
      event.preventDefault();
      handler(row.original);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(rows.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)));
      scroller.scrollToIndex(next);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus());
    }
  }, []);

  return (
    <div className={`datagrid ${stale ? 'datagrid--stale' : ''}`}>
      <div className="datagrid__toolbar">
        {toolbar}
        <ColumnsMenu label={label} columns={columns} layout={layout} onChange={commit} onReset={() => reset(tableId)} />
      </div>
      <div className="datagrid__scroll" ref={scrollRef}>
        <table className="grid" style={{ minWidth }} aria-label={label} aria-rowcount={ordered.length + 1}>
          <thead className="grid__head">
            <tr className="grid__row">
              {headers.map((header) => {
                const column = byId.get(header.column.id);
                const align = column?.align ?? 'left';
                const sortedAs = header.column.getIsSorted();
                const tipId = `${tipPrefix}-${header.column.id}`;
                return (
                  <th
                    key={header.id}
                    data-column={header.column.id}
                    className={`grid__cell grid__cell--${align}`}
                    style={{ flex: `1 0 ${header.getSize()}px` }}
                    aria-sort={sortedAs === 'asc' ? 'ascending' : sortedAs === 'desc' ? 'descending' : undefined}
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.setData('text/x-column', header.column.id);
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                    onDragOver={(event) => {
                      if (event.dataTransfer.types.includes('text/x-column')) event.preventDefault();
                    }}
                    onDrop={(event) => {
                      const dragged = event.dataTransfer.getData('text/x-column');
                      if (dragged && dragged !== header.column.id) {
                        event.preventDefault();
                        commit({ ...layout, order: moveColumn(layout.order, dragged, header.column.id) });
                      }
                    }}
                  >
                    <button
                      type="button"
                      className="grid__sort"
                      disabled={!header.column.getCanSort()}
                      aria-describedby={column?.tooltip ? tipId : undefined}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <span className="grid__title">{column?.title}</span>
                      <span className="grid__sort-mark" aria-hidden="true">
                        {sortedAs === 'asc' ? '▲' : sortedAs === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                    {column?.tooltip ? (
                      <span role="tooltip" id={tipId} className={`tip tip--${align}`}>
                        {column.tooltip}
                      </span>
                    ) : null}
                    <span
                      className="grid__resize"
                      aria-hidden="true"
                      onMouseDown={header.getResizeHandler()}
                      onTouchStart={header.getResizeHandler()}
                      onDoubleClick={() => commit({ ...layout, widths: Object.fromEntries(Object.entries(layout.widths).filter(([id]) => id !== header.column.id)) })}
                    />
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="grid__body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((item) => {
              const row = ordered[item.index];
              if (!row) return null;
              return (
                <GridRow
                  key={row.id}
                  rowId={row.id}
                  index={item.index}
                  start={item.start}
                  height={rowHeight}
                  row={row.original}
                  cells={rowCells}
                  selected={row.id === selectedId}
                  attributes={rowData?.(row.original)}
                  live={live}
                  onActivate={onActivate ? activate : undefined}
                  onKey={onRowKey}
                />
              );
            })}
          </tbody>
        </table>
        {ordered.length === 0 && empty ? <div className="empty">{empty}</div> : null}
      </div>
    </div>
  );
}
