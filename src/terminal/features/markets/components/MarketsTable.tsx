import { useCallback, useMemo } from 'react';
import { fixedPlain } from '@/terminal/shared/format/number';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { searchMarkets } from '../model/search';
import { useFavorites, useMarketSearch, useMarketsActions } from '../store';
import { marketColumns } from './columns';
import { useMarketsCommands, useWholePriceColumns } from './MarketsTable.script';
import '../markets.css';

export interface MarketsTableProps {
  rows: readonly MarketRow[] | undefined;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
  /** A price clicked: its symbol and the price as the ticket takes it ("100012.5"). */
  onPickPrice?: (symbol: string, price: string) => void;
  /** The prices are not live: shown greyed, never as if they were. */
  stale?: boolean;
  /** Taller rows where they are tapped with a finger (the phone layout). */
  rowHeight?: number;
}

const EMPTY: MarketRow[] = [];
const rowId = (row: MarketRow) => row.symbol;
const rowData = (row: MarketRow) => ({ 'data-symbol': row.symbol });

/** Every market: searchable, favorites pinned on top, sortable by every column, virtualized. */
export function MarketsTable({ rows, selectedSymbol, onSelect, onPickPrice, stale, rowHeight }: MarketsTableProps) {
  const favorites = useFavorites();
  const search = useMarketSearch();
  const { toggleFavorite, setSearch } = useMarketsActions();
  const pinned = useMemo(() => new Set(favorites), [favorites]);
  const shown = useMemo(() => searchMarkets(rows ?? EMPTY, search), [rows, search]);
  const searchRef = useMarketsCommands({ rows: shown, pinned, selectedSymbol, onSelect, toggleFavorite });

  const pickColumns = useMemo(
    () =>
      marketColumns(
        onPickPrice ? (symbol, price, decimals) => onPickPrice(symbol, fixedPlain(price, decimals)) : undefined,
      ),
    [onPickPrice],
  );
  const priceColumns = useWholePriceColumns(pickColumns, rows ?? EMPTY);
  const onRowKey = useCallback(
    (row: MarketRow, key: string) => {
      if (key !== 'f' && key !== 'F') return false;
      toggleFavorite(row.symbol);
      return true;
    },
    [toggleFavorite],
  );
  const columns = useMemo<GridColumn<MarketRow>[]>(
    () => [
      {
        id: 'favorite',
        title: '★',
        tooltip: 'Favorites stay on top',
        width: 30,
        hideable: false,
        cellKey: (row) => row.symbol,
        cell: (row) => {
          const on = pinned.has(row.symbol);
          return (
            <button
              type="button"
              className={`star ${on ? 'star--on' : ''}`}
              aria-pressed={on}
              aria-label={`${on ? 'Unpin' : 'Pin'} ${row.base}`}
              title={`${on ? 'Unpin' : 'Pin to the top'} (F on the row)`}
              // The grid is one tab stop; F on a row pins it.
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                toggleFavorite(row.symbol);
              }}
            >
              {on ? '★' : '☆'}
            </button>
          );
        },
      },
      ...priceColumns,
    ],
    [pinned, toggleFavorite, priceColumns],
  );

  return (
    <DataGrid
      tableId="markets"
      label="Markets"
      columns={columns}
      rows={shown}
      rowId={rowId}
      rowData={rowData}
      pinnedIds={pinned}
      selectedId={selectedSymbol}
      onActivate={(row) => onSelect(row.symbol)}
      onRowKey={onRowKey}
      holdOrder
      stale={stale}
      rowHeight={rowHeight}
      empty={search ? `No market matches “${search}”.` : 'No markets.'}
      toolbar={
        <input
          ref={searchRef}
          type="search"
          className="input input--search"
          placeholder="Search markets (/)"
          aria-label="Search markets"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      }
    />
  );
}
