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
import { memo, useCallback, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ColumnsMenu } from './ColumnsMenu';
import { mergeLayout, moveColumn, type ColumnSort, type TableLayout } from './layout';
import { useLayoutActions, useSavedLayout } from './layoutStore';

export interface GridColumn<T extends RowData> {
  id: string;
  title: string;
  /** Shown on hover and keyboard focus of the header. */
  tooltip?: string;
  align?: 'left' | 'right';
  /** Width in px; the trader can resize it. */
  width: number;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => number | string | null | undefined;
  cell: (row: T) => ReactNode;
  /**
   * What the cell shows, as a value: when it is the same as at the last render the cell is not
   * rendered again (most cells of a market row do not change on a poll). Default: the sort value.
   */
  cellKey?: (row: T) => unknown;
  hideable?: boolean;
  hiddenByDefault?: boolean;
}

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
        cell: ({ row }) => column.cell(row.original),
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
    overscan: 10,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const minWidth = headers.reduce((sum, header) => sum + header.getSize(), 0);
  const tipPrefix = useId();
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const row = ordered[index];
    if ((event.key === 'Enter' || event.key === ' ') && row && onActivate) {
      event.preventDefault();
      onActivate(row.original);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(ordered.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)));
      virtualizer.scrollToIndex(next);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus());
    }
  };

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
            {virtualizer.getVirtualItems().map((item) => {
              const row = ordered[item.index];
              if (!row) return null;
              return (
                <tr
                  key={row.id}
                  data-index={item.index}
                  data-row-id={row.id}
                  {...rowData?.(row.original)}
                  className={row.id === selectedId ? 'grid__row grid__row--selected' : 'grid__row'}
                  style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                  tabIndex={0}
                  aria-selected={onActivate ? row.id === selectedId : undefined}
                  aria-rowindex={item.index + 2}
                  onClick={onActivate ? () => onActivate(row.original) : undefined}
                  onKeyDown={(event) => onRowKey(event, item.index)}
                >
                  {row.getVisibleCells().map((cell) => {
                    const column = byId.get(cell.column.id);
                    return column ? (
                      <GridCell key={cell.id} column={column as GridColumn<RowData>} row={row.original} width={cell.column.getSize()} />
                    ) : null;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
        {ordered.length === 0 && empty ? <div className="empty">{empty}</div> : null}
      </div>
    </div>
  );
}

interface GridCellProps {
  column: GridColumn<RowData>;
  row: RowData;
  width: number;
}

const keyOf = (column: GridColumn<RowData>, row: RowData) =>
  column.cellKey ? column.cellKey(row) : column.sortValue ? column.sortValue(row) : row;

const GridCell = memo(
  function GridCell({ column, row, width }: GridCellProps) {
    return (
      <td data-column={column.id} className={`grid__cell grid__cell--${column.align ?? 'left'}`} style={{ flex: `1 0 ${width}px` }}>
        {column.cell(row)}
      </td>
    );
  },
  (before, after) =>
    before.column === after.column &&
    before.width === after.width &&
    (before.row === after.row || Object.is(keyOf(before.column, before.row), keyOf(after.column, after.row))),
);
