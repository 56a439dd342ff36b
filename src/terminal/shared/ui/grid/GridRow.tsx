import type { RowData } from '@tanstack/react-table';
import { memo, type KeyboardEvent } from 'react';
import type { GridColumn } from './columns';
import { cellShowsSame, GridCell } from './GridCell';
import type { LiveCells } from './liveCells';

/** A visible column and its width, the same objects for every row of a render. */
export interface RowCell {
  column: GridColumn<RowData>;
  width: number;
}

interface GridRowProps {
  rowId: string;
  index: number;
  start: number;
  height: number;
  row: RowData;
  cells: readonly RowCell[];
  selected: boolean;
  /** The grid's one tab stop (roving focus): the other rows take the focus by arrow keys. */
  tabbable: boolean;
  attributes: Record<`data-${string}`, string> | undefined;
  live: LiveCells;
  /** Stable across renders; they look the row up by id, so a row that skipped a render acts on the latest. */
  onActivate: ((rowId: string) => void) | undefined;
  onKey: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
  onFocusRow: (rowId: string) => void;
}

/**
 * One row in view. A poll that only changed values of live columns does not render it again (the
 * grid writes those into the cells); it renders when it moves, is selected, or a rendered cell of
 * it shows something new.
 */
export const GridRow = memo(
  function GridRow({ rowId, index, start, height, row, cells, selected, tabbable, attributes, live, onActivate, onKey, onFocusRow }: GridRowProps) {
    return (
      <tr
        data-index={index}
        data-row-id={rowId}
        {...attributes}
        className={selected ? 'grid__row grid__row--selected' : 'grid__row'}
        style={{ transform: `translateY(${start}px)`, height, lineHeight: `${height}px` }}
        tabIndex={tabbable ? 0 : -1}
        aria-selected={onActivate ? selected : undefined}
        aria-rowindex={index + 2}
        onClick={onActivate ? () => onActivate(rowId) : undefined}
        onKeyDown={(event) => onKey(event, index)}
        onFocus={(event) => {
          if (event.target === event.currentTarget) onFocusRow(rowId);
        }}
      >
        {cells.map(({ column, width }) => (
          <GridCell key={column.id} column={column} rowId={rowId} row={row} width={width} live={live} />
        ))}
      </tr>
    );
  },
  (before, after) =>
    before.rowId === after.rowId &&
    before.index === after.index &&
    before.start === after.start &&
    before.height === after.height &&
    before.cells === after.cells &&
    before.selected === after.selected &&
    before.tabbable === after.tabbable &&
    before.live === after.live &&
    before.onActivate === after.onActivate &&
    before.onKey === after.onKey &&
    before.onFocusRow === after.onFocusRow &&
    (before.row === after.row || before.cells.every(({ column }) => cellShowsSame(column, before.row, after.row))),
);
