import type { RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GridColumn } from './columns';
import type { RowCell } from './GridRow';
import { LiveCells } from './liveCells';
import type { GridHeader } from './useGridTable.script';

/** A row as the grid holds it after sorting: its id and the caller's row. */
export interface OrderedRow<T> {
  id: string;
  original: T;
}

/**
 * The rows in view (virtualized, with a small overscan) and the live cells written into them
 * after every commit, without a React render.
 */
export function useGridViewport<T extends RowData>(ordered: readonly OrderedRow<T>[], columns: readonly GridColumn<T>[], rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ordered.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => ordered[index]?.id ?? index,
    // Rows beyond the view are laid out and updated on every poll like the rest: a few suffice.
    overscan: 5,
  });
  // Another density: the rows already placed move to the new height.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
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
    live.beginWrites();
    for (const item of virtualItems) {
      const row = ordered[item.index];
      if (!row || item.end < top || item.start > bottom) continue;
      live.write(row.id, liveColumns as readonly GridColumn<RowData>[], row.original);
    }
  });
  return { scrollRef, virtualizer, virtualItems, live };
}

/**
 * The visible columns with their widths, for every row: the same array while they and their
 * widths stay, because rows compare it by identity to skip renders.
 */
export function useRowCells<T extends RowData>(headers: readonly GridHeader<T>[], byId: ReadonlyMap<string, GridColumn<T>>): RowCell[] {
  const visibleSizes = headers.map((header) => `${header.column.id}:${header.getSize()}`).join(',');
  return useMemo<RowCell[]>(
    () =>
      headers.flatMap((header) => {
        const column = byId.get(header.column.id);
        return column ? [{ column: column as GridColumn<RowData>, width: header.getSize() }] : [];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- headers are new objects every render; visibleSizes says what matters
    [byId, visibleSizes],
  );
}
