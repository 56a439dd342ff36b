import { useTable, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import type { MarketRow } from '../model/marketRow';
import { marketColumns, marketFeatures, type MarketColumnMeta } from './columns';

const ROW_HEIGHT = 28;
const EMPTY: MarketRow[] = [];

export interface MarketsTableProps {
  rows: MarketRow[] | undefined;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
}

const metaOf = (meta: unknown) => meta as MarketColumnMeta;

/**
 * Every market, sortable by every column, virtualized: only the rows in view are in the DOM, so a
 * list of thousands scrolls and updates as fast as a list of forty.
 */
export function MarketsTable({ rows, selectedSymbol, onSelect }: MarketsTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features: marketFeatures,
    columns: marketColumns,
    data: rows ?? EMPTY,
    getRowId: (row) => row.symbol,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => tableRows[index]?.id ?? index,
    overscan: 8,
  });
  const width = marketColumns.reduce((sum, column) => sum + metaOf(column.meta).width, 0);

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number, symbol: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(symbol);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(tableRows.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)));
      virtualizer.scrollToIndex(next);
      requestAnimationFrame(() => {
        scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus();
      });
    }
  };

  return (
    <div className="markets__scroll" ref={scrollRef}>
      <table className="grid" style={{ minWidth: width }} aria-label="Markets" aria-rowcount={tableRows.length + 1}>
        <thead className="grid__head">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="grid__row">
              {group.headers.map((header) => {
                const meta = metaOf(header.column.columnDef.meta);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    style={{ flex: `1 0 ${meta.width}px` }}
                    className={`grid__cell grid__cell--${meta.align}`}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      className="grid__sort"
                      title={meta.description}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                      <span className="grid__sort-mark" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="grid__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <MarketLine
                key={row.id}
                index={item.index}
                top={item.start}
                market={row.original}
                selected={row.id === selectedSymbol}
                cells={row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    style={{ flex: `1 0 ${metaOf(cell.column.columnDef.meta).width}px` }}
                    className={`grid__cell grid__cell--${metaOf(cell.column.columnDef.meta).align}`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
                onSelect={onSelect}
                onKeyDown={onRowKey}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface MarketLineProps {
  index: number;
  top: number;
  market: MarketRow;
  selected: boolean;
  cells: React.ReactNode;
  onSelect: (symbol: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number, symbol: string) => void;
}

const MarketLine = memo(function MarketLine({ index, top, market, selected, cells, onSelect, onKeyDown }: MarketLineProps) {
  return (
    <tr
      data-index={index}
      data-symbol={market.symbol}
      className={selected ? 'grid__row grid__row--selected' : 'grid__row'}
      style={{ transform: `translateY(${top}px)` }}
      tabIndex={0}
      aria-selected={selected}
      aria-rowindex={index + 2}
      onClick={() => onSelect(market.symbol)}
      onKeyDown={(event) => onKeyDown(event, index, market.symbol)}
    >
      {cells}
    </tr>
  );
});
