import type { RowData } from '@tanstack/react-table';
import type { DragEvent } from 'react';
import type { GridColumn } from './columns';
import { moveColumn, type TableLayout } from './layout';
import type { GridHeader } from './useGridTable.script';

const COLUMN_DRAG_TYPE = 'text/x-column';

interface HeaderCellInput<T extends RowData> {
  header: GridHeader<T>;
  column: GridColumn<T> | undefined;
  layout: TableLayout;
  commit: (layout: TableLayout) => void;
  /** Id of the column's tooltip, for aria-describedby. */
  tipId: string;
}

/** The layout without the trader's width for a column: it goes back to its default. */
function withDefaultWidth(layout: TableLayout, columnId: string): TableLayout {
  return { ...layout, widths: Object.fromEntries(Object.entries(layout.widths).filter(([id]) => id !== columnId)) };
}

/** A header dropped on this one moves before it. */
function dropColumn(event: DragEvent<HTMLElement>, target: string, layout: TableLayout, commit: (layout: TableLayout) => void) {
  const dragged = event.dataTransfer.getData(COLUMN_DRAG_TYPE);
  if (dragged && dragged !== target) {
    event.preventDefault();
    commit({ ...layout, order: moveColumn(layout.order, dragged, target) });
  }
}

/**
 * One header: click to sort, drag to move, drag its edge to resize (double-click resets the
 * width), and its tooltip on hover and focus. A plain function, not a component: the header row
 * renders with the grid, adding nothing to a render of it.
 */
export function headerCell<T extends RowData>({ header, column, layout, commit, tipId }: HeaderCellInput<T>) {
  const id = header.column.id;
  const align = column?.align ?? 'left';
  const sortedAs = header.column.getIsSorted();
  return (
    <th
      key={header.id}
      data-column={id}
      className={`grid__cell grid__cell--${align}`}
      style={{ flex: `1 0 ${header.getSize()}px` }}
      aria-sort={sortedAs === 'asc' ? 'ascending' : sortedAs === 'desc' ? 'descending' : undefined}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(COLUMN_DRAG_TYPE, id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(COLUMN_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => dropColumn(event, id, layout, commit)}
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
        onDoubleClick={() => commit(withDefaultWidth(layout, id))}
      />
    </th>
  );
}
