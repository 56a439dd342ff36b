import type { RowData } from '@tanstack/react-table';
import { memo, useCallback } from 'react';
import type { GridColumn } from './columns';
import type { LiveCells } from './liveCells';

interface GridCellProps {
  column: GridColumn<RowData>;
  rowId: string;
  row: RowData;
  width: number;
  live: LiveCells;
}

/** What a rendered cell shows, as a value: the same value, no render. */
const renderKeyOf = (column: GridColumn<RowData>, row: RowData) =>
  column.cellKey ? column.cellKey(row) : column.sortValue ? column.sortValue(row) : row;

/**
 * Whether the cell of `column` needs no render for `after` when it was rendered for `before`: a
 * live cell never does (the grid writes it), a rendered one when what it shows is the same.
 */
export const cellShowsSame = (column: GridColumn<RowData>, before: RowData, after: RowData) =>
  column.text !== undefined || before === after || Object.is(renderKeyOf(column, before), renderKeyOf(column, after));

function classOf(column: GridColumn<RowData>): string {
  let name = `grid__cell grid__cell--${column.align ?? 'left'}`;
  if (column.flash) name += ' grid__cell--flash';
  if (column.cellClass) name += ` ${column.cellClass}`;
  return name;
}

/**
 * One cell. A live column's cell is rendered empty and filled by the grid (see LiveCells), so a new
 * value never renders it again; a rendered cell renders again only when what it shows changed.
 */
export const GridCell = memo(
  function GridCell({ column, rowId, row, width, live }: GridCellProps) {
    const isLive = column.text !== undefined;
    const attach = useCallback(
      // React 19 calls the returned cleanup instead of the ref with null.
      (element: HTMLTableCellElement | null) => (element ? live.attach(rowId, column.id, element) : undefined),
      [live, rowId, column.id],
    );
    return (
      <td
        ref={isLive ? attach : undefined}
        data-column={column.id}
        className={classOf(column)}
        title={isLive ? undefined : column.cellTitle?.(row)}
        style={{ flex: `1 0 ${width}px` }}
      >
        {isLive ? null : column.cell?.(row)}
      </td>
    );
  },
  (before, after) =>
    before.column === after.column &&
    before.width === after.width &&
    before.rowId === after.rowId &&
    before.live === after.live &&
    cellShowsSame(before.column, before.row, after.row),
);
