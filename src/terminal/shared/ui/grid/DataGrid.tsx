import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RowData } from '@tanstack/react-table';
import { useId, useMemo, type ReactNode } from 'react';
import type { GridColumn } from './columns';
import { ColumnsMenu } from './ColumnsMenu';
import { headerCell } from './GridHeaderCell';
import { GridRow } from './GridRow';
import type { ColumnSort } from './layout';
import { useGridKeyboard, type RowKeyHandler } from './useGridKeyboard.script';
import { useGridLayout, useGridTable } from './useGridTable.script';
import './grid.css';
import { useGridViewport, useRowCells } from './useGridViewport.script';
import { useHeldOrder, useHoldReason } from './useHeldOrder.script';
import { useGridRowHeight } from './rowHeight';
import { useLocale } from '../../i18n/i18n';

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
  /** A sorted grid whose rows move on every poll: they hold still while the pointer or focus is in it. */
  holdOrder?: boolean;
  /** Keys a row takes besides Enter, Space, arrows, Home and End. */
  onRowKey?: RowKeyHandler<T>;
}

/** "Order" is the rows' order in the table, not a trading order. */
const HOLD_NOTE = {
  pointer: msg({ message: 'Order paused while you point', context: 'the order of table rows' }),
  focus: msg({ message: 'Order paused while a row has focus', context: 'the order of table rows' }),
} as const;

/**
 * The terminal's table: sortable, resizable, reorderable (drag a header, or the Columns menu), with
 * hideable columns, a layout saved per table, header tooltips on hover and focus, and virtualized
 * rows so that thousands cost what forty do.
 */
export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const { tableId, label, columns, rows, rowId, pinnedIds, selectedId, onActivate, rowData, empty, stale, toolbar } = props;
  useLocale();
  const densityRowHeight = useGridRowHeight();
  const rowHeight = props.rowHeight ?? densityRowHeight;
  const { layout, commit, resetLayout } = useGridLayout(tableId, columns, props.defaultSort);
  const { ordered: sorted, headers } = useGridTable({ columns, rows, rowId, pinnedIds, layout, commit });
  const hold = useHoldReason(props.holdOrder === true);
  const arrangement = useMemo(() => ({ sort: layout.sort, pinnedIds }), [layout.sort, pinnedIds]);
  const ordered = useHeldOrder(sorted, hold.reason !== null && layout.sort !== null, arrangement);
  const { scrollRef, virtualizer, virtualItems, live } = useGridViewport(ordered, columns, rowHeight);
  const minWidth = headers.reduce((sum, header) => sum + header.getSize(), 0);
  const tipPrefix = useId();
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const rowCells = useRowCells(headers, byId);
  const { activate, onRowKey, focusedId, onRowFocus } = useGridKeyboard(ordered, onActivate, virtualizer, scrollRef, props.onRowKey);
  const rendered = virtualItems.map((item) => ordered[item.index]?.id);
  const tabStop = focusedId !== undefined && rendered.includes(focusedId) ? focusedId : rendered[0];
  const holdNote = hold.reason && layout.sort ? i18n._(HOLD_NOTE[hold.reason]) : '';

  return (
    <div className={`datagrid ${stale ? 'datagrid--stale' : ''}`}>
      <div className="datagrid__toolbar">
        {toolbar}
        {props.holdOrder ? (
          <span className="datagrid__held muted" aria-live="polite">
            {holdNote}
          </span>
        ) : null}
        <ColumnsMenu label={label} columns={columns} layout={layout} onChange={commit} onReset={resetLayout} />
      </div>
      <div className="datagrid__scroll" ref={scrollRef} {...hold.handlers}>
        <table className="grid" style={{ minWidth }} aria-label={label} aria-rowcount={ordered.length + 1}>
          <thead className="grid__head">
            <tr className="grid__row">
              {headers.map((header) =>
                headerCell({ header, column: byId.get(header.column.id), layout, commit, tipId: `${tipPrefix}-${header.column.id}` }),
              )}
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
                  tabbable={row.id === tabStop}
                  attributes={rowData?.(row.original)}
                  live={live}
                  onActivate={onActivate ? activate : undefined}
                  onKey={onRowKey}
                  onFocusRow={onRowFocus}
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
